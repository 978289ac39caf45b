import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { loginFailures, partners } from '../../db/schema';
import {
  ADDRESS_RULE, afterClientFailure, afterFailure, clearLockout, clearMemberLockouts, clientWaitMessage, clientWaitMs, DEVICE_RULE, isLocked,
  LOCKOUT_MESSAGE, LOCKOUT_WINDOW_MS, lockoutState, normaliseIdentifier, parseIdentifier, recordAccountFailure, recordClientFailure,
  recordFailure, sweepLockouts, waitMs, type ClientRule, type FailureState,
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

  it('counts a failure just inside the window with the others: the fifth at 29.99 minutes locks (issue 31: each side of the limit)', () => {
    let s: FailureState | null = null;
    for (let i = 0; i < 4; i++) s = afterFailure(s, at(i));
    s = afterFailure(s, at(29.99));
    expect(s).toMatchObject({ failures: 5, firstFailureAt: at(0) });
    expect(isLocked(s, at(29.99))).toBe(true);
    // Four failures are not a lock, however close together.
    let four: FailureState | null = null;
    for (let i = 0; i < 4; i++) four = afterFailure(four, at(0));
    expect(isLocked(four, at(0))).toBe(false);
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

  it('says how long, and the way in the owner still has', () => {
    expect(LOCKOUT_MESSAGE).toBe('Your account is locked for 30 minutes after too many unsuccessful sign-in attempts. We can e-mail you a one-time sign-in link that works now, or you can reset your password.');
    expect(LOCKOUT_WINDOW_MS).toBe(30 * 60_000);
  });
});

describe('client rules (slow, then stop the guessing client)', () => {
  const rule: ClientRule = { freeFailures: 3, maxFailures: 8, windowMs: 30 * 60_000, maxDelayMs: 4_000, blockMs: 30 * 60_000 };
  const sec = (s: number) => new Date(T0.getTime() + s * 1000);

  it('lets the free failures through, then doubles the wait up to its cap, then stops the client', () => {
    let s: FailureState | null = null;
    const waits: Array<number | null> = [];
    for (let i = 1; i <= 8; i++) {
      s = afterClientFailure(s, sec(i * 100), rule);
      expect(s.failures).toBe(i);
      waits.push(s.lockedUntil ? s.lockedUntil.getTime() - sec(i * 100).getTime() : null);
    }
    expect(waits).toEqual([null, null, null, 1000, 2000, 4000, 4000, 30 * 60_000]);
    expect(waitMs(s, sec(800))).toBe(30 * 60_000);
    expect(waitMs(s, sec(800 + 1800))).toBe(0);
  });

  it('keeps counting after a wait has passed (a wait is not a fresh start), but not past the window', () => {
    let s: FailureState | null = null;
    for (let i = 1; i <= 4; i++) s = afterClientFailure(s, sec(i * 10), rule);
    expect(waitMs(s, sec(41))).toBe(0);
    s = afterClientFailure(s, sec(60), rule);
    expect(s.failures).toBe(5);
    expect(s.lockedUntil).toEqual(sec(62));
    s = afterClientFailure(s, sec(10 + 30 * 60), rule);
    expect(s).toEqual({ failures: 1, firstFailureAt: sec(10 + 30 * 60), lockedUntil: null });
  });

  it('starts afresh once a stop has ended and the window has passed', () => {
    const stopped: FailureState = { failures: 8, firstFailureAt: T0, lockedUntil: at(40) };
    expect(afterClientFailure(stopped, at(41), rule)).toEqual({ failures: 1, firstFailureAt: at(41), lockedUntil: null });
  });

  it('gives one browser as many free tries as lock an account, and an address (shared by a household) more', () => {
    expect(DEVICE_RULE.freeFailures).toBe(5);
    expect(ADDRESS_RULE.freeFailures).toBeGreaterThan(DEVICE_RULE.freeFailures);
    expect(ADDRESS_RULE.maxFailures).toBeGreaterThan(DEVICE_RULE.maxFailures);
    expect(DEVICE_RULE.blockMs).toBe(30 * 60_000);
  });

  it('tells the wait in seconds, or minutes when long', () => {
    expect(clientWaitMessage(1500)).toBe('Too many unsuccessful sign-in attempts from this device. Please wait 2 seconds and try again.');
    expect(clientWaitMessage(30 * 60_000)).toBe('Too many unsuccessful sign-in attempts from this device. Please wait 30 minutes and try again.');
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

  it('tells when the failure is the one that starts the lock, once', async () => {
    const now = new Date();
    const locks: boolean[] = [];
    for (let i = 0; i < 6; i++) locks.push((await recordAccountFailure(database.db, { partnerId: a, identifier: 'once@example.com', now })).lockedNow);
    expect(locks).toEqual([false, false, false, false, true, false]);
  });

  it('counts a client by device and by address, across accounts, apart from the accounts', async () => {
    const now = new Date();
    const guesser = { device: 'dev-guesser', address: '10.0.0.1' };
    for (let i = 0; i < DEVICE_RULE.freeFailures; i++) await recordClientFailure(database.db, a, guesser, now);
    expect(await clientWaitMs(database.db, a, guesser, now)).toBe(0);
    await recordClientFailure(database.db, a, guesser, now);
    expect(await clientWaitMs(database.db, a, guesser, now)).toBe(1000);
    // The same browser on another partner, another browser at the same address, and accounts: not slowed.
    expect(await clientWaitMs(database.db, b, guesser, now)).toBe(0);
    expect(await clientWaitMs(database.db, a, { device: 'dev-owner', address: '10.0.0.1' }, now)).toBe(0);
    expect(await lockoutState(database.db, a, 'once-more@example.com')).toBeNull();
    // A guesser that drops its cookie is still counted by its address.
    for (let i = 0; i < ADDRESS_RULE.freeFailures; i++) await recordClientFailure(database.db, a, { address: '10.0.0.2' }, now);
    expect(await clientWaitMs(database.db, a, { address: '10.0.0.2' }, now)).toBe(0);
    await recordClientFailure(database.db, a, { address: '10.0.0.2' }, now);
    expect(await clientWaitMs(database.db, a, { device: 'fresh-cookie', address: '10.0.0.2' }, now)).toBe(1000);
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
