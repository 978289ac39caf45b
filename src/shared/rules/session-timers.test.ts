import { describe, expect, it } from 'vitest';
import { REMEMBER_ME_MS, SESSION_MS, SESSION_WARNING_MS, sessionTimers } from './session-timers';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

describe('sessionTimers (§4, §9)', () => {
  it('uses the §9 constants', () => {
    expect(SESSION_MS).toBe(900_000);
    expect(REMEMBER_ME_MS).toBe(7_776_000_000);
    expect(SESSION_WARNING_MS).toBe(60_000);
  });

  it('warns one minute before the end and expires at the end', () => {
    expect(sessionTimers({ expiresAt: new Date(NOW + SESSION_MS).toISOString(), now: NOW, publicId: 'p' })).toEqual({ warnIn: SESSION_MS - 60_000, expireIn: SESSION_MS });
  });

  it('accepts a number or a Date', () => {
    expect(sessionTimers({ expiresAt: NOW + 120_000, now: NOW, publicId: 'p' })).toEqual({ warnIn: 60_000, expireIn: 120_000 });
    expect(sessionTimers({ expiresAt: new Date(NOW + 120_000), now: NOW, publicId: 'p' })).toEqual({ warnIn: 60_000, expireIn: 120_000 });
  });

  it('warns at once inside the last minute and never goes negative', () => {
    expect(sessionTimers({ expiresAt: NOW + 30_000, now: NOW, publicId: 'p' })).toEqual({ warnIn: 0, expireIn: 30_000 });
    expect(sessionTimers({ expiresAt: NOW - 5_000, now: NOW, publicId: 'p' })).toEqual({ warnIn: 0, expireIn: 0 });
  });

  it('sets timers only at 24 hours or less', () => {
    const day = 24 * 60 * 60 * 1000;
    expect(sessionTimers({ expiresAt: NOW + day, now: NOW, publicId: 'p' })).not.toBeNull();
    expect(sessionTimers({ expiresAt: NOW + day + 1, now: NOW, publicId: 'p' })).toBeNull();
    expect(sessionTimers({ expiresAt: NOW + REMEMBER_ME_MS, now: NOW, publicId: 'p' })).toBeNull();
  });

  it('needs a public id and an expiry', () => {
    expect(sessionTimers({ expiresAt: NOW + SESSION_MS, now: NOW, publicId: null })).toBeNull();
    expect(sessionTimers({ expiresAt: NOW + SESSION_MS, now: NOW, publicId: '' })).toBeNull();
    expect(sessionTimers({ expiresAt: null, now: NOW, publicId: 'p' })).toBeNull();
    expect(sessionTimers({ expiresAt: 'not a date', now: NOW, publicId: 'p' })).toBeNull();
  });
});
