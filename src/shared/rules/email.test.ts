import { describe, expect, it } from 'vitest';
import { isValidEmail, normaliseEmail } from './email';

describe('email', () => {
  it('accepts ordinary addresses', () => {
    expect(isValidEmail('ana@example.com')).toBe(true);
    expect(isValidEmail('ana.maria+dining@mail.example.co.uk')).toBe(true);
    expect(isValidEmail('  ana@example.com  ')).toBe(true);
  });

  it('rejects what either the simple or the strict pattern rejects', () => {
    expect(isValidEmail('ana')).toBe(false);
    expect(isValidEmail('ana@example')).toBe(false);
    expect(isValidEmail('ana@example.c')).toBe(false);
    expect(isValidEmail('ana @example.com')).toBe(false);
    expect(isValidEmail('.ana@example.com')).toBe(false);
    expect(isValidEmail('ana..b@example.com')).toBe(false);
    expect(isValidEmail('ana@-example.com')).toBe(false);
    expect(isValidEmail('ana@example.123')).toBe(false);
    expect(isValidEmail('')).toBe(false);
  });

  it('normalises to trimmed lower case', () => {
    expect(normaliseEmail('  Ana@Example.COM ')).toBe('ana@example.com');
  });
});
