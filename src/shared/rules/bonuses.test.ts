import { describe, expect, it } from 'vitest';
import {
  BONUS_MARKER_MINUTES, INJECTED_BONUS_WINDOW_HOURS, bannerInDisplayWindow, bannerSection, bonusStatus, bonusSurvivesRefund, dineEarnsBonus, displayedStatus,
  inAudience, liveMarkers, markerActive, showsRegisterButton, withinWindow, type BonusProgramme,
} from './bonuses';

const HOUR = 3_600_000;
const joined = new Date('2026-10-01T12:00:00Z');
const member = { joinDate: joined, enrollmentSource: 'web' };
const nmb: BonusProgramme = { id: 1, code: 'NEWMBR', kind: 'newMember', amount: 1000, minSpendCents: 2500, windowHours: 720, enrollmentSource: null, description: 'Welcome' };
const injected: BonusProgramme = { id: 2, code: 'SSOJOIN', kind: 'injected', amount: 500, minSpendCents: 0, windowHours: INJECTED_BONUS_WINDOW_HOURS, enrollmentSource: 'sso', description: 'Joined with sso' };
const after = (hours: number) => new Date(joined.getTime() + hours * HOUR);

describe('bonus window', () => {
  it('opens at joining and closes windowHours later, the last instant included', () => {
    expect(withinWindow(nmb, member, joined)).toBe(true);
    expect(withinWindow(nmb, member, new Date(joined.getTime() - 1))).toBe(false);
    expect(withinWindow(nmb, member, after(720))).toBe(true);
    expect(withinWindow(nmb, member, new Date(after(720).getTime() + 1))).toBe(false);
  });

  it('the injected bonus window is 2160 hours (90 days)', () => {
    expect(INJECTED_BONUS_WINDOW_HOURS).toBe(2160);
    const sso = { joinDate: joined, enrollmentSource: 'sso' };
    expect(bonusStatus({ programme: injected, member: sso, enrolled: false, qualified: false, now: after(2160) })).toBe('Enrolled');
    expect(bonusStatus({ programme: injected, member: sso, enrolled: false, qualified: false, now: new Date(after(2160).getTime() + 1) })).toBeNull();
    expect(withinWindow(injected, sso, after(90 * 24))).toBe(true);
  });

  it('an injected bonus is only for members who joined through its source (any case)', () => {
    expect(inAudience(injected, { enrollmentSource: 'SSO' })).toBe(true);
    expect(inAudience(injected, { enrollmentSource: 'web' })).toBe(false);
    expect(inAudience(nmb, { enrollmentSource: 'anything' })).toBe(true);
    expect(bonusStatus({ programme: injected, member, enrolled: false, qualified: false, now: after(1) })).toBeNull();
  });
});

describe('dineEarnsBonus', () => {
  const dine = (hours: number, basisCents: number) => ({ occurredAt: after(hours), basisCents });

  it('new-member bonus: registered, in the window, after registering, at least the minimum spend', () => {
    const enrolledAt = after(10);
    expect(dineEarnsBonus({ programme: nmb, member, enrolledAt, dine: dine(20, 2500) })).toBe(true);
    expect(dineEarnsBonus({ programme: nmb, member, enrolledAt, dine: dine(20, 2499) })).toBe(false);
    expect(dineEarnsBonus({ programme: nmb, member, enrolledAt: null, dine: dine(20, 5000) })).toBe(false);
    expect(dineEarnsBonus({ programme: nmb, member, enrolledAt, dine: dine(9, 5000) })).toBe(false);
    expect(dineEarnsBonus({ programme: nmb, member, enrolledAt, dine: dine(720, 5000) })).toBe(true);
    expect(dineEarnsBonus({ programme: nmb, member, enrolledAt, dine: { occurredAt: new Date(after(720).getTime() + 1), basisCents: 5000 } })).toBe(false);
  });

  it('injected bonus: no registration needed, audience and window checked', () => {
    const sso = { joinDate: joined, enrollmentSource: 'sso' };
    expect(dineEarnsBonus({ programme: injected, member: sso, enrolledAt: null, dine: dine(2160, 1) })).toBe(true);
    expect(dineEarnsBonus({ programme: injected, member: sso, enrolledAt: null, dine: dine(2161, 1) })).toBe(false);
    expect(dineEarnsBonus({ programme: injected, member, enrolledAt: null, dine: dine(5, 1) })).toBe(false);
  });

  it('a dine with nothing left to earn on (refunded before it cleared) earns no bonus, even one without a minimum spend', () => {
    const sso = { joinDate: joined, enrollmentSource: 'sso' };
    expect(dineEarnsBonus({ programme: injected, member: sso, enrolledAt: null, dine: dine(5, 0) })).toBe(false);
    expect(dineEarnsBonus({ programme: injected, member: sso, enrolledAt: null, dine: dine(5, 1) })).toBe(true);
  });

  it('the reservation bonus is never earned by a dine alone (the reservation hook awards it)', () => {
    expect(dineEarnsBonus({ programme: { ...nmb, kind: 'reservation' }, member, enrolledAt: joined, dine: dine(5, 99_999) })).toBe(false);
  });

  it('a refund keeps the bonus while what is left reaches the minimum', () => {
    expect(bonusSurvivesRefund(nmb, 2500)).toBe(true);
    expect(bonusSurvivesRefund(nmb, 2499)).toBe(false);
    expect(bonusSurvivesRefund({ minSpendCents: 0 }, 0)).toBe(false);
  });
});

describe('bonusStatus', () => {
  it('Eligible in the window, Enrolled once registered, Qualified once awarded, gone after the window', () => {
    expect(bonusStatus({ programme: nmb, member, enrolled: false, qualified: false, now: after(1) })).toBe('Eligible');
    expect(bonusStatus({ programme: nmb, member, enrolled: true, qualified: false, now: after(1) })).toBe('Enrolled');
    expect(bonusStatus({ programme: nmb, member, enrolled: true, qualified: true, now: after(5000) })).toBe('Qualified');
    expect(bonusStatus({ programme: nmb, member, enrolled: true, qualified: false, now: after(721) })).toBeNull();
  });
});

describe('banners', () => {
  const now = Date.parse('2026-11-20T12:00:00Z');

  it('the marker lasts 35 minutes, then is dropped', () => {
    expect(BONUS_MARKER_MINUTES).toBe(35);
    expect(markerActive({ code: 'A', at: now - 35 * 60_000 + 1 }, now)).toBe(true);
    expect(markerActive({ code: 'A', at: now - 35 * 60_000 }, now)).toBe(false);
    expect(markerActive({ code: 'A', at: now + 1000 }, now)).toBe(false);
    expect(liveMarkers([{ code: 'A', at: now - 36 * 60_000 }, { code: 'B', at: now - 60_000 }], now).map((m) => m.code)).toEqual(['B']);
  });

  it('a live marker shows an Eligible bonus as Enrolled; the server wins otherwise', () => {
    const markers = [{ code: 'newmbr', at: now - 60_000 }];
    expect(displayedStatus('Eligible', 'NEWMBR', markers, now)).toBe('Enrolled');
    expect(displayedStatus('Eligible', 'NEWMBR', markers, now + 35 * 60_000)).toBe('Eligible');
    expect(displayedStatus('Qualified', 'NEWMBR', markers, now)).toBe('Qualified');
    expect(displayedStatus('Eligible', 'OTHER', markers, now)).toBe('Eligible');
  });

  it('days_to_display: shown until that many days after creation, not at the instant they pass', () => {
    const createdAt = '2026-11-10T12:00:00Z';
    expect(bannerInDisplayWindow({ daysToDisplay: 10, createdAt, now: now - 1 })).toBe(true);
    expect(bannerInDisplayWindow({ daysToDisplay: 10, createdAt, now })).toBe(false);
    expect(bannerInDisplayWindow({ daysToDisplay: null, createdAt, now: now + 1e12 })).toBe(true);
    expect(bannerInDisplayWindow({ daysToDisplay: 10, createdAt: 'not a date', now })).toBe(false);
  });

  it('the button only on Eligible; sections available and activated', () => {
    expect(showsRegisterButton('Eligible')).toBe(true);
    expect(showsRegisterButton('Enrolled')).toBe(false);
    expect(showsRegisterButton('Qualified')).toBe(false);
    expect(bannerSection('Eligible')).toBe('available');
    expect(bannerSection('Enrolled')).toBe('activated');
    expect(bannerSection('Qualified')).toBe('activated');
  });
});
