import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { demoPublicId } from '../../demo/members';
import { merchants, partners, reservationSettings, type PartnerRow } from '../../db/schema';
import type { AvailabilityResponse, EarnMark, Reservation } from '#shared/schemas/reservations';
import type { MerchantDetail } from '#shared/schemas/merchant';
import type { MeterMember } from '#shared/rules/rewards/policy';
import { memberFromStanding, plannedLocal, restaurantTerms, visitOutlook } from '#shared/rules/rewards/policy';
import { minutesOf, timeChoices } from '#shared/rules/reservations';
import { restaurantClock } from './clock';
import { getAvailability } from './reservations.service';
import { earningSettingsOf } from '../partners/partner-config';
import { insertDine, memberByPublicId } from '../rewards/rewards.test-fixtures';

/**
 * Issue 24 item 3: booking that tells the truth about rewards. Dates only in the restaurant's
 * booking window from its own today; times only inside its shifts; each time and slot marked with
 * what a dine then earns for the member (the earning policy's visitOutlook, with the reservation
 * bonus), and the hold and the confirmation saying it too.
 *
 * The restaurant: a lunch-only rewarding place (rewards 11:00–15:00 every day) that seats lunch
 * 11:30–14:00 and dinner 17:00–21:30, booking 30 days ahead, in New York.
 */

let t: TestApp;
let spot: { id: number; state: string };
let hilton: PartnerRow;
const LUNCH = { firstSeating: 11 * 60 + 30, lastSeating: 14 * 60 };
const DINNER = { firstSeating: 17 * 60, lastSeating: 21 * 60 + 30 };
/** Opening hours that hold both shifts (the last seating an hour before closing). */
const OPEN_ALL_WEEK = (['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const).map((day) => ({ day, open: '11:00', close: '22:30' }));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [row] = await db.select({ id: reservationSettings.merchantId }).from(reservationSettings)
    .innerJoin(merchants, eq(merchants.id, reservationSettings.merchantId)).where(eq(merchants.state, 'NY')).orderBy(reservationSettings.merchantId).limit(1);
  spot = { id: row!.id, state: 'NY' };
  await db.update(reservationSettings).set({
    minParty: 1, maxParty: 6, bookingWindowDays: 30, closedDates: [],
    shifts: [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [{ weekday, name: 'Lunch', ...LUNCH }, { weekday, name: 'Dinner', ...DINNER }]),
  }).where(eq(reservationSettings.merchantId, spot.id));
  await db.update(merchants).set({
    participating: true, participationStart: null, participationEnd: null, blackoutDates: [], monthlyVisitLimit: null, campaignCodes: [],
    benefitHours: Array.from({ length: 7 }, () => [{ start: 11 * 60, end: 15 * 60 }]),
    hours: OPEN_ALL_WEEK,
  }).where(eq(merchants.id, spot.id));
  [hilton] = (await db.select().from(partners).where(eq(partners.code, 'hilton'))) as [PartnerRow];
});
afterAll(async () => { await t.close(); });

const today = () => restaurantClock(spot.state).today(Date.now());
const dayAhead = (days: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function member(partner: string, slug: string): Promise<TestBrowser> {
  const b = new TestBrowser(t, partner);
  expect((await b.signInAs(demoPublicId(partner, slug))).statusCode).toBe(200);
  return b;
}
const availability = (b: TestBrowser, q: string) => b.send({ method: 'GET', url: `/api/merchants/${spot.id}/availability?${q}` });
let keys = 0;
const hold = (b: TestBrowser, date: string, time: string) => b.send({
  method: 'POST', url: '/api/Member/Reservations', payload: { merchantId: spot.id, date, time, partySize: 2, hold: true }, headers: { 'idempotency-key': `booking-test-${Date.now()}-${++keys}` },
});

describe('the booking window (issue 24)', () => {
  it('offers the restaurant\'s today to its window\'s last day, and refuses a day either side with a 400 that names the window', async () => {
    const visitor = new TestBrowser(t, 'hilton');
    const first = await availability(visitor, `date=${dayAhead(0)}&partySize=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json<AvailabilityResponse>().window).toEqual({ first: dayAhead(0), last: dayAhead(30) });
    expect((await availability(visitor, `date=${dayAhead(30)}&partySize=2`)).statusCode).toBe(200);
    for (const date of [dayAhead(-1), dayAhead(31)]) {
      const res = await availability(visitor, `date=${date}&partySize=2`);
      expect(res.statusCode, date).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.stringMatching(/^Choose a date from .* this restaurant takes reservations up to 30 days ahead\.$/), fieldErrors: [{ field: 'date' }] });
    }
    const b = await member('hilton', 'select-card');
    expect((await hold(b, dayAhead(31), '12:00')).statusCode).toBe(400);
    expect((await hold(b, dayAhead(-1), '12:00')).statusCode).toBe(400);
  });

  it('counts today in the restaurant\'s time zone, not the server\'s or the browser\'s', async () => {
    // 03:30 UTC on Saturday 21 November 2026 is still Friday the 20th, 22:30, in New York.
    const now = Date.parse('2026-11-21T03:30:00Z');
    const deps = { db: t.database.db, now: () => now };
    const query = (date: string) => getAvailability(deps, { partner: hilton, member: null, merchantId: spot.id, query: { date, partySize: 2 } });
    const answer = await query('2026-11-20');
    expect(answer.window).toEqual({ first: '2026-11-20', last: '2026-12-20' });
    // Every time that evening is inside the cut-off or past.
    expect(answer.reason).toBe('tooClose');
    await expect(query('2026-11-19')).rejects.toMatchObject({ statusCode: 400 });
    await expect(query('2026-12-21')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('keeps each restaurant\'s setting within 30 to 90 days (the database refuses other values)', async () => {
    const db = t.database.db;
    for (const days of [29, 91]) {
      await expect(db.execute(sql`update reservation_settings set booking_window_days = ${days} where merchant_id = ${spot.id}`)).rejects.toThrow();
    }
    const [{ min, max }] = (await db.execute(sql`select min(booking_window_days) as min, max(booking_window_days) as max from reservation_settings`) as unknown as { rows: Array<{ min: number; max: number }> }).rows as [{ min: number; max: number }];
    expect(Number(min)).toBeGreaterThanOrEqual(30);
    expect(Number(max)).toBeLessThanOrEqual(90);
  });
});

describe('times only inside the shifts (issue 24)', () => {
  it('offers every half hour of lunch and dinner, searches 19:00 by default, and the asked time when the restaurant seats then', async () => {
    const visitor = new TestBrowser(t, 'hilton');
    const day = (await availability(visitor, `date=${dayAhead(3)}&partySize=2`)).json<AvailabilityResponse>();
    expect(day.times.map((c) => minutesOf(c.time))).toEqual(timeChoices([LUNCH, DINNER]));
    expect(day.times[0]!.time).toBe('11:30');
    expect(day.time).toBe('19:00');
    expect(day.slots.length).toBeGreaterThan(0);
    expect(day.slots.every((s) => s.time >= '17:00' && s.time <= '21:30')).toBe(true);
    const lunch = (await availability(visitor, `date=${dayAhead(3)}&time=12:00&partySize=2`)).json<AvailabilityResponse>();
    expect(lunch.time).toBe('12:00');
    expect(lunch.slots.map((s) => s.time)).toEqual(['11:30', '11:45', '12:00', '12:15', '12:30', '12:45', '13:00', '13:15', '13:30', '13:45', '14:00']);
    // A time it does not seat at: the day's default.
    expect((await availability(visitor, `date=${dayAhead(3)}&time=00:00&partySize=2`)).json<AvailabilityResponse>().time).toBe('19:00');
  });

  it('a closed date offers no times and no slots', async () => {
    await t.database.db.update(reservationSettings).set({ closedDates: [dayAhead(4)] }).where(eq(reservationSettings.merchantId, spot.id));
    const closed = (await availability(new TestBrowser(t, 'hilton'), `date=${dayAhead(4)}&partySize=2`)).json<AvailabilityResponse>();
    expect(closed).toMatchObject({ times: [], slots: [], reason: 'none' });
    const b = await member('hilton', 'select-card');
    const res = await hold(b, dayAhead(4), '19:00');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/takes no reservations on .*\. Please choose another date\./);
    await t.database.db.update(reservationSettings).set({ closedDates: [] }).where(eq(reservationSettings.merchantId, spot.id));
  });

  it('refuses a hold outside the shifts with a 400 a person understands', async () => {
    const b = await member('hilton', 'select-card');
    for (const time of ['00:00', '15:00', '22:00', '12:10']) {
      const res = await hold(b, dayAhead(5), time);
      expect(res.statusCode, time).toBe(400);
      expect(res.json<{ message: string }>().message, time).toMatch(/does not seat guests at \d{1,2}:\d{2} (AM|PM) on .*Please choose one of the times offered\./);
    }
  });
});

describe('what each time earns (issue 24)', () => {
  /** The outcome the member's screens decide with the earning policy, for comparison. */
  async function screenOutlook(b: TestBrowser, date: string, time: string) {
    const me = (await b.send({ method: 'GET', url: '/api/Member' })).json<MeterMember>();
    const detail = (await b.send({ method: 'GET', url: `/api/merchants/${spot.id}` })).json<MerchantDetail>();
    return visitOutlook({
      settings: earningSettingsOf(hilton), member: memberFromStanding(me), restaurant: restaurantTerms(detail.benefits, detail.benefitAvailability.campaignCodes),
      local: plannedLocal(date, minutesOf(time)!),
    });
  }
  const sameOutcome = (mark: EarnMark, outlook: Awaited<ReturnType<typeof screenOutlook>>) => {
    expect(mark.kind).toBe(outlook.kind);
    expect(mark).toMatchObject(outlook.kind === 'earns' ? { rate: outlook.rate, tier: outlook.tier, deferred: outlook.deferred }
      : outlook.kind === 'notEarned' ? { reason: outlook.reason } : { kind: outlook.kind });
  };

  it('marks lunch as earning with the reservation bonus and dinner as not earning, for a Select and a VIP member, as the policy decides', async () => {
    for (const [slug, rate] of [['select-card', 6], ['vip-card', 10]] as const) {
      const b = await member('hilton', slug);
      const day = (await availability(b, `date=${dayAhead(6)}&time=12:00&partySize=2`)).json<AvailabilityResponse>();
      const lunch = day.times.find((c) => c.time === '12:00')!;
      const dinner = day.times.find((c) => c.time === '19:00')!;
      expect(lunch.earn).toEqual({
        kind: 'earns', tier: slug === 'vip-card' ? 3 : 2, rate, deferred: false, reason: null, unlockTier: null, bonus: 100, reservationBonus: 100,
        window: { from: '11:00', until: '15:00' }, payBy: null, noRewardsOn: null,
      });
      expect(day.times.find((c) => c.time === '13:30')!.earn).toMatchObject({ kind: 'earns', payBy: '15:00' });
      expect(dinner.earn).toEqual({
        kind: 'notEarned', tier: null, rate: null, deferred: false, reason: 'outsideBenefitHours', unlockTier: null, bonus: null, reservationBonus: 100,
        window: null, payBy: null, noRewardsOn: null,
      });
      expect(day.slots.length).toBeGreaterThan(0);
      for (const slot of day.slots) expect(slot.earn).toEqual(day.times.find((c) => c.time === slot.time)?.earn ?? slot.earn);
      for (const c of [...day.times, ...day.slots]) sameOutcome(c.earn, await screenOutlook(b, day.date, c.time));
    }
  });

  it('tells a visitor the restaurant\'s outcome only', async () => {
    const day = (await availability(new TestBrowser(t, 'hilton'), `date=${dayAhead(6)}&time=12:00&partySize=2`)).json<AvailabilityResponse>();
    expect(day.times.find((c) => c.time === '12:00')!.earn).toMatchObject({ kind: 'signIn', rate: null, bonus: null });
    expect(day.times.find((c) => c.time === '19:00')!.earn).toMatchObject({ kind: 'notEarned', reason: 'outsideBenefitHours' });
  });

  it('a member whose monthly rewarded visits are used earns nothing there this month, and again next month', async () => {
    const db = t.database.db;
    const date = dayAhead(1);
    // The window's last day: next month, except when tomorrow is the 1st of a 31-day month.
    const lastDay = dayAhead(30);
    await db.update(merchants).set({ monthlyVisitLimit: 1 }).where(eq(merchants.id, spot.id));
    const m = await memberByPublicId(db, demoPublicId('hilton', 'basic-card'));
    await insertDine(db, m, { merchantId: spot.id, local: `${date.slice(0, 7)}-01T12:30:00-05:00`, status: 'Awarded', reward: 10 });
    const b = await member('hilton', 'basic-card');
    const mark = (await availability(b, `date=${date}&time=12:00&partySize=2`)).json<AvailabilityResponse>().times.find((c) => c.time === '12:00')!.earn;
    expect(mark).toMatchObject({ kind: 'notEarned', reason: 'monthlyVisitLimit', bonus: null, reservationBonus: 100 });
    const later = (await availability(b, `date=${lastDay}&time=12:00&partySize=2`)).json<AvailabilityResponse>().times.find((c) => c.time === '12:00')!.earn;
    if (lastDay.slice(0, 7) !== date.slice(0, 7)) expect(later).toMatchObject({ kind: 'earns', rate: 3, bonus: 100 });
    else expect(later).toMatchObject({ kind: 'notEarned', reason: 'monthlyVisitLimit' });
    await db.update(merchants).set({ monthlyVisitLimit: null }).where(eq(merchants.id, spot.id));
  });

  it('the hold and the confirmation say what the booked time earns, the same as its mark', async () => {
    const b = await member('hilton', 'select-card');
    const date = dayAhead(8);
    const day = (await availability(b, `date=${date}&time=12:00&partySize=2`)).json<AvailabilityResponse>();
    const lunch = await hold(b, date, '12:30');
    expect(lunch.statusCode).toBe(201);
    const held = lunch.json<Reservation>();
    expect(held.earn).toEqual(day.times.find((c) => c.time === '12:30')!.earn);
    const confirmed = (await b.send({ method: 'POST', url: `/api/Member/Reservations/${held.id}/Confirm` })).json<Reservation>();
    expect(confirmed).toMatchObject({ status: 'booked', earn: { kind: 'earns', bonus: 100 } });
    const dinner = (await hold(b, date, '19:30')).json<Reservation>();
    expect(dinner.earn).toMatchObject({ kind: 'notEarned', reason: 'outsideBenefitHours', bonus: null, reservationBonus: 100 });
    // The list leaves the marks out (each would need the member's figures again).
    const list = (await b.send({ method: 'GET', url: '/api/Member/Reservations' })).json<{ reservations: Reservation[] }>().reservations;
    expect(list.find((r) => r.id === held.id)!.earn).toBeUndefined();
  });

  it('no reservation bonus where the partner has no active reservation programme', async () => {
    const db = t.database.db;
    await db.execute(sql`update bonus_programmes set active = false where partner_id = ${hilton.id} and kind = 'reservation'`);
    const b = await member('hilton', 'select-card');
    const mark = (await availability(b, `date=${dayAhead(9)}&time=12:00&partySize=2`)).json<AvailabilityResponse>().times.find((c) => c.time === '12:00')!.earn;
    expect(mark).toMatchObject({ kind: 'earns', bonus: null, reservationBonus: null });
    await db.execute(sql`update bonus_programmes set active = true where partner_id = ${hilton.id} and kind = 'reservation'`);
  });

  it('404 on a partner without table reservations, and another partner\'s session is a visitor here', async () => {
    const wynd = await member('wynd', 'select-card');
    expect((await availability(wynd, `date=${dayAhead(3)}&partySize=2`)).statusCode).toBe(404);
    const b = await member('hilton', 'vip-card');
    const elsewhere = await b.send({ method: 'GET', url: `/api/merchants/${spot.id}/availability?date=${dayAhead(3)}&time=12:00&partySize=2`, host: 'ihg' });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json<AvailabilityResponse>().times.find((c) => c.time === '12:00')!.earn.kind).toBe('signIn');
  });
});

describe('review 24: booking promises and holds', () => {
  it('promises a not-activated member the reservation bonus too, paid once they activate (the engine awards it then)', async () => {
    const b = await member('hilton', 'nonactivated-card');
    const mark = (await availability(b, `date=${dayAhead(10)}&time=12:00&partySize=2`)).json<AvailabilityResponse>().times.find((c) => c.time === '12:00')!.earn;
    expect(mark).toMatchObject({ kind: 'earns', deferred: true, bonus: 100, reservationBonus: 100 });
  });

  it('offers no time after the restaurant closes that day, and none on a day its hours say it is closed (c)', async () => {
    const db = t.database.db;
    // Tuesdays close at 9:00 PM, Wednesdays closed.
    const hours = OPEN_ALL_WEEK.map((h) => (h.day === 'Tue' ? { ...h, close: '21:00' } : h.day === 'Wed' ? { day: h.day, open: null, close: null } : h));
    await db.update(merchants).set({ hours }).where(eq(merchants.id, spot.id));
    const on = (weekday: number) => { for (let i = 1; ; i++) if (new Date(`${dayAhead(i)}T00:00:00Z`).getUTCDay() === weekday) return dayAhead(i); };
    const visitor = new TestBrowser(t, 'hilton');
    const tuesday = (await availability(visitor, `date=${on(2)}&time=19:00&partySize=2`)).json<AvailabilityResponse>();
    expect(tuesday.times.at(-1)!.time).toBe('20:00');
    expect(tuesday.slots.length).toBeGreaterThan(0);
    expect(tuesday.slots.every((s) => s.time <= '20:00')).toBe(true);
    const b = await member('hilton', 'select-card');
    expect((await hold(b, on(2), '21:30')).statusCode).toBe(400);
    expect((await availability(visitor, `date=${on(3)}&partySize=2`)).json<AvailabilityResponse>()).toMatchObject({ times: [], slots: [] });
    await db.update(merchants).set({ hours: OPEN_ALL_WEEK }).where(eq(merchants.id, spot.id));
  });

  it('a hold closed without Reserve is released and not listed as a cancelled reservation (d); a cancelled booking is', async () => {
    const b = await member('hilton', 'vip-card');
    const held = (await hold(b, dayAhead(11), '19:00')).json<Reservation>();
    const released = await b.send({ method: 'DELETE', url: `/api/Member/Reservations/${held.id}` });
    expect(released.statusCode).toBe(200);
    expect(released.json<Reservation>().status).toBe('expired');
    const booked = (await b.send({
      method: 'POST', url: '/api/Member/Reservations', payload: { merchantId: spot.id, date: dayAhead(12), time: '19:00', partySize: 2, hold: false }, headers: { 'idempotency-key': `booking-test-${Date.now()}-booked` },
    })).json<Reservation>();
    expect((await b.send({ method: 'DELETE', url: `/api/Member/Reservations/${booked.id}` })).json<Reservation>().status).toBe('cancelled');
    const list = (await b.send({ method: 'GET', url: '/api/Member/Reservations' })).json<{ reservations: Reservation[] }>().reservations;
    expect(list.map((r) => r.id)).not.toContain(held.id);
    expect(list.find((r) => r.id === booked.id)).toMatchObject({ status: 'cancelled' });
    // The released table is free again.
    expect((await availability(b, `date=${dayAhead(11)}&time=19:00&partySize=2`)).json<AvailabilityResponse>().slots.map((s) => s.time)).toContain('19:00');
  });
});
