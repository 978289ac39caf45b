import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

/** §5: only the first 56 characters of a password count — when it is stored and when it is checked. */
const FIRST_56 = `Dining${'x'.repeat(49)}7`;
const LONG = `${FIRST_56}TAIL`;

describe('password helper: the 56-character cut', () => {
  it('hashes only the first 56 characters', async () => {
    expect(FIRST_56).toHaveLength(56);
    expect(LONG).toHaveLength(60);
    const hash = await hashPassword(LONG);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, FIRST_56)).toBe(true);
  });

  it('checks only the first 56 characters of what is typed', async () => {
    const hash = await hashPassword(FIRST_56);
    expect(await verifyPassword(hash, LONG)).toBe(true);
    expect(await verifyPassword(hash, `${FIRST_56}another tail`)).toBe(true);
  });

  it('still checks all of the first 56', async () => {
    const hash = await hashPassword(LONG);
    expect(await verifyPassword(hash, FIRST_56.slice(0, 55))).toBe(false);
    expect(await verifyPassword(hash, `${FIRST_56.slice(0, 55)}8TAIL`)).toBe(false);
    expect(await verifyPassword(hash, `x${LONG}`)).toBe(false);
  });

  it('counts characters, not UTF-16 units', async () => {
    const emoji = '😀'.repeat(56);
    const hash = await hashPassword(`${emoji}🍕🍕🍕🍕`);
    expect(await verifyPassword(hash, emoji)).toBe(true);
    expect(await verifyPassword(hash, '😀'.repeat(55))).toBe(false);
  });

  it('refuses a missing or malformed hash', async () => {
    expect(await verifyPassword(null, LONG)).toBe(false);
    expect(await verifyPassword('not-a-hash', LONG)).toBe(false);
  });
});
