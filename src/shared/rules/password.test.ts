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
});
