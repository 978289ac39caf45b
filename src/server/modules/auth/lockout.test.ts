import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { loginFailures, partners } from '../../db/schema';
import {
  afterFailure, clearLockout, clearMemberLockouts, isLocked, LOCKOUT_MESSAGE, LOCKOUT_WINDOW_MS, lockoutState, normaliseIdentifier,
  parseIdentifier, recordFailure, sweepLockouts, type FailureState,
} from './lockout';

const T0 = new Date('2026-03-01T12:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describe('lockout rules', () => {
  it('locks on the fifth failure within 30 minutes, for 30 minutes', () => {
    let s: FailureState | null = null;
    for (let i = 1; i <= 4; i++) {
      s = afterFailure(s, at(i));
      expect(s.failures).toBe(i);
      expect(isLocked(s, at(i))).toBe(false);
    }
    s = afterFailure(s, at(5));
    expect(s.failures).toBe(5);
    expect(s.firstFailureAt).toEqual(at(1));
    expect(s.lockedUntil).toEqual(at(35));
    expect(isLocked(s, at(5))).toBe(true);
    expect(isLocked(s, at(34.99))).toBe(true);
    expect(isLocked(s, at(35))).toBe(false);
  });

  it('starts a new count when the first failure is older than the window', () => {
    let s: FailureState | null = null;
    for (let i = 0; i < 4; i++) s = afterFailure(s, at(i));
    s = afterFailure(s, at(30));
    expect(s).toEqual({ failures: 1, firstFailureAt: at(30), lockedUntil: null });
  });

  it('starts a new count after a lock has ended', () => {
    const locked: FailureState = { failures: 5, firstFailureAt: at(0), lockedUntil: at(10) };
    expect(afterFailure(locked, at(11))).toEqual({ failures: 1, firstFailureAt: at(11), lockedUntil: null });
  });

  it('treats no state and a zero count as fresh', () => {
    expect(afterFailure(null, T0)).toEqual({ failures: 1, firstFailureAt: T0, lockedUntil: null });
    expect(afterFailure({ failures: 0, firstFailureAt: at(-100), lockedUntil: null }, T0).firstFailureAt).toEqual(T0);
    expect(isLocked(null, T0)).toBe(false);
    expect(isLocked({ failures: 3, firstFailureAt: T0, lockedUntil: null }, T0)).toBe(false);
  });

  it('reads the user name as an e-mail or a partner number', () => {
    expect(parseIdentifier('  Someone@Example.COM ')).toEqual({ kind: 'email', value: 'someone@example.com' });
    expect(parseIdentifier('ab12cd3')).toEqual({ kind: 'partnerNumber', value: 'AB12CD3' });
    expect(parseIdentifier('ab12cd')).toBeNull();
    expect(parseIdentifier('ab12cd34')).toBeNull();
    expect(parseIdentifier('ab-2cd3')).toBeNull();
    expect(normaliseIdentifier(' A@B.com')).toBe('a@b.com');
    expect(normaliseIdentifier('dm00011')).toBe('DM00011');
  });

  it('says how long and how to unlock', () => {
    expect(LOCKOUT_MESSAGE).toBe('Your account is locked for 30 minutes after too many attempts. You can reset your password to unlock it now.');
    expect(LOCKOUT_WINDOW_MS).toBe(30 * 60_000);
  });
});

describe('lockout storage', () => {
  let database: Database;
  let a: number;
  let b: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    const rows = await database.db.select().from(partners);
    a = rows.find((r) => r.code === 'hilton')!.id;
    b = rows.find((r) => r.code === 'caesars')!.id;
  });
  afterAll(async () => { await database.close(); });

  it('counts per partner and identifier, case-insensitively, and clears', async () => {
    const now = new Date();
    for (let i = 0; i < 5; i++) await recordFailure(database.db, a, i % 2 ? 'X@Example.com' : 'x@example.com', now);
    await recordFailure(database.db, b, 'x@example.com', now);
    expect(isLocked(await lockoutState(database.db, a, 'x@EXAMPLE.com'), now)).toBe(true);
    expect((await lockoutState(database.db, b, 'x@example.com'))!.failures).toBe(1);
    expect(await lockoutState(database.db, a, 'y@example.com')).toBeNull();
    await clearLockout(database.db, a, 'X@example.com');
    expect(await lockoutState(database.db, a, 'x@example.com')).toBeNull();
    expect(await lockoutState(database.db, b, 'x@example.com')).not.toBeNull();
  });

  it('counts parallel failures without losing any', async () => {
    const now = new Date();
    await Promise.all(Array.from({ length: 5 }, () => recordFailure(database.db, a, 'parallel@example.com', now)));
    const state = await lockoutState(database.db, a, 'parallel@example.com');
    expect(state!.failures).toBe(5);
    expect(isLocked(state, now)).toBe(true);
  });

  it('clears both ways a member signs in (recovery unlocks)', async () => {
    const now = new Date();
    await recordFailure(database.db, a, 'member@example.com', now);
    await recordFailure(database.db, a, 'ab12cd3', now);
    await clearMemberLockouts(database.db, a, { email: 'member@example.com', partnerNumber: 'AB12CD3' });
    expect(await lockoutState(database.db, a, 'member@example.com')).toBeNull();
    expect(await lockoutState(database.db, a, 'AB12CD3')).toBeNull();
  });

  it('sweeps rows whose window has passed and whose lock has ended', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - LOCKOUT_WINDOW_MS - 60_000);
    await database.db.insert(loginFailures).values([
      { partnerId: a, identifier: 'stale@example.com', failures: 2, firstFailureAt: old, lockedUntil: null },
      { partnerId: a, identifier: 'ended@example.com', failures: 5, firstFailureAt: old, lockedUntil: new Date(now.getTime() - 1000) },
      { partnerId: a, identifier: 'locked@example.com', failures: 5, firstFailureAt: old, lockedUntil: new Date(now.getTime() + 60_000) },
      { partnerId: a, identifier: 'recent@example.com', failures: 1, firstFailureAt: now, lockedUntil: null },
    ]);
    await sweepLockouts(database.db, now);
    const left = (await database.db.select().from(loginFailures).where(eq(loginFailures.partnerId, a))).map((r) => r.identifier);
    expect(left).not.toContain('stale@example.com');
    expect(left).not.toContain('ended@example.com');
    expect(left).toEqual(expect.arrayContaining(['locked@example.com', 'recent@example.com']));
  });
});
