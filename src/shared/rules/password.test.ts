import { describe, expect, it } from 'vitest';
import { cutPassword, PASSWORD_CONTAINS_PARTNER_NUMBER, PASSWORD_MAX, passwordProblem } from './password';

describe('password', () => {
  it('is cut to its first 56 characters', () => {
    const long = 'a1'.repeat(40);
    expect(cutPassword(long)).toHaveLength(PASSWORD_MAX);
    expect(cutPassword(long)).toBe(long.slice(0, 56));
    expect(cutPassword('short1')).toBe('short1');
  });

  it('counts characters, not UTF-16 units, when cutting', () => {
    const emoji = '😀'.repeat(60);
    expect([...cutPassword(emoji)]).toHaveLength(56);
  });

  it('needs 8 characters with a letter and a number', () => {
    expect(passwordProblem('abc12')).toBe('Password must be at least 8 characters.');
    expect(passwordProblem('abcdefgh')).toBe('Password must contain at least one letter and one number.');
    expect(passwordProblem('12345678')).toBe('Password must contain at least one letter and one number.');
    expect(passwordProblem('abcdefg1')).toBeNull();
  });

  it('must not contain the partner number, in any case', () => {
    expect(passwordProblem('xxABCDEF8yy', 'ABCDEF8')).toBe(PASSWORD_CONTAINS_PARTNER_NUMBER);
    expect(passwordProblem('xxabcdef8yy', 'ABCDEF8')).toBe(PASSWORD_CONTAINS_PARTNER_NUMBER);
    expect(passwordProblem('xxabcdef8yy', ' abcdef8 ')).toBe(PASSWORD_CONTAINS_PARTNER_NUMBER);
    expect(passwordProblem('xxabcdef9yy', 'ABCDEF8')).toBeNull();
    expect(passwordProblem('xxabcdef8yy', null)).toBeNull();
  });

  it('checks the cut password (a partner number after character 56 does not count)', () => {
    const p = `${'a1'.repeat(28)}ABCDEF8`;
    expect(passwordProblem(p, 'ABCDEF8')).toBeNull();
  });

  it('counts the length at the boundaries: 8 is enough, 56 is kept whole', () => {
    expect(passwordProblem('abcdef1')).toBe('Password must be at least 8 characters.');
    expect(passwordProblem('abcdefg1')).toBeNull();
    const exactly56 = `${'a'.repeat(55)}1`;
    expect(cutPassword(exactly56)).toBe(exactly56);
    expect(cutPassword(`${exactly56}x`)).toBe(exactly56);
    expect(cutPassword('')).toBe('');
    // The number must be inside the 56 characters that count.
    expect(passwordProblem(`${'a'.repeat(56)}1`)).toBe('Password must contain at least one letter and one number.');
    expect(passwordProblem(`${'1'.repeat(56)}a`)).toBe('Password must contain at least one letter and one number.');
  });

  it('finds a letter or a number anywhere, of either case', () => {
    expect(passwordProblem('1234567A')).toBeNull();
    expect(passwordProblem('z1234567')).toBeNull();
    expect(passwordProblem('!!!!!!a9')).toBeNull();
    expect(passwordProblem('abc-defg')).toBe('Password must contain at least one letter and one number.');
  });

  it('looks for the partner number anywhere in the password', () => {
    expect(passwordProblem('ABCDEF8xx1', 'ABCDEF8')).toBe(PASSWORD_CONTAINS_PARTNER_NUMBER);
    expect(passwordProblem('xx1ABCDEF8', 'ABCDEF8')).toBe(PASSWORD_CONTAINS_PARTNER_NUMBER);
    expect(passwordProblem('xxABCDEF8yy', '')).toBeNull();
    expect(passwordProblem('xxABCDEF8yy')).toBeNull();
  });

  it('says so in the §5 wording', () => {
    expect(PASSWORD_CONTAINS_PARTNER_NUMBER).toBe('Password cannot contain your partner number.');
  });
});
