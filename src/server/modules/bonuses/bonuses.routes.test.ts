import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { bonusAwards, memberBonuses, memberProgress, memberRewards, members } from '../../db/schema';
import { demoPublicId } from '../../demo/members';
import type { Member } from '#shared/schemas/member';
import type { ErrorResponse } from '#shared/schemas/common';
import { memberByPublicId } from '../rewards/rewards.test-fixtures';
import { progressYear } from '#shared/rules/rewards/local-time';
import {
  BONUS_ACCOUNT_CLOSED, BONUS_NOT_AVAILABLE, BONUS_NOT_FOUND, BONUS_NO_REGISTRATION, BONUS_WINDOW_CLOSED, awardReservationBonus,
} from './bonuses.service';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const DAY = 86_400_000;
const member = (partner: string, slug: string) => memberByPublicId(t.database.db, demoPublicId(partner, slug));
async function joined(partner: string, slug: string, opts: { daysAgo: number; source?: string }) {
  const m = await member(partner, slug);
  await t.database.db.update(members).set({ joinDate: new Date(Date.now() - opts.daysAgo * DAY), ...(opts.source ? { enrollmentSource: opts.source } : {}) })
    .where(eq(members.id, m.id));
  return m;
}
async function signedIn(partner: string, slug: string): Promise<TestBrowser> {
  const b = new TestBrowser(t, partner);
  expect((await b.signInAs(demoPublicId(partner, slug))).statusCode).toBe(200);
  return b;
}
const register = (b: TestBrowser, code: string, opts: { host?: string; token?: boolean } = {}) =>
  b.send({ method: 'POST', url: `/api/Member/Bonus/${encodeURIComponent(code)}`, ...(opts.host ? { host: opts.host } : {}), ...(opts.token === false ? { headers: { 'x-xsrf-token': '' }, csrf: false } : {}) });
const bonusesOf = async (b: TestBrowser) => (await b.send({ method: 'GET', url: '/api/Member' })).json<Member>().activeBonuses;

describe('POST /api/Member/Bonus/{code}', () => {
  it('registers the own member: Eligible → Enrolled on GET /api/Member, true, and a repeat changes nothing', async () => {
    const m = await joined('hilton', 'select-card', { daysAgo: 3 });
    const b = await signedIn('hilton', 'select-card');
    const before = await bonusesOf(b);
    expect(before).toEqual([expect.objectContaining({
      code: 'NEWMBR', bonusStatus: 'Eligible', isNewMemberBonus: true, memberIsEligibleForNMB: true, description: expect.stringContaining('New member bonus'),
    })]);
    const res = await register(b, 'NEWMBR');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    const after = await bonusesOf(b);
    expect(after).toEqual([expect.objectContaining({ code: 'NEWMBR', bonusStatus: 'Enrolled', memberIsEligibleForNMB: true })]);
    expect(Date.parse(after[0]!.createDateUtc)).toBeGreaterThan(Date.now() - 60_000);
    // Again, and in lower case: the same answer, still one row.
    expect((await register(b, 'newmbr')).json()).toBe(true);
    const rows = await t.database.db.select().from(memberBonuses).where(eq(memberBonuses.memberId, m.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'Enrolled', partnerId: m.partnerId });
  });

  it("another member's registration is not this member's", async () => {
    await joined('hilton', 'vip-card', { daysAgo: 3 });
    const other = await signedIn('hilton', 'vip-card');
    expect((await bonusesOf(other)).find((x) => x.code === 'NEWMBR')).toMatchObject({ bonusStatus: 'Eligible' });
  });

  it('refuses a visitor (401), a missing anti-forgery token (403) and another partner\'s host (401)', async () => {
    const visitor = new TestBrowser(t, 'hilton');
    const anon = await register(visitor, 'NEWMBR');
    expect(anon.statusCode).toBe(401);
    const b = await signedIn('hilton', 'select-card');
    const noToken = await b.send({ method: 'POST', url: '/api/Member/Bonus/NEWMBR', csrf: false, headers: { 'x-xsrf-token': '' } });
    expect(noToken.statusCode).toBe(403);
    // The session is hilton's: on jetblue's host hilton's token is refused first, and with
    // jetblue's own token the member is not signed in there.
    expect((await register(b, 'NEWMBR', { host: 'jetblue' })).statusCode).toBe(403);
    const token = (await b.send({ method: 'GET', url: '/api/CSRF', host: 'jetblue' })).json<{ csrfToken: string }>().csrfToken;
    const elsewhere = await b.send({ method: 'POST', url: '/api/Member/Bonus/NEWMBR', host: 'jetblue', headers: { 'x-xsrf-token': token } });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('404 for an unknown code and for another partner\'s code; 400 for a malformed code', async () => {
    await joined('jetblue', 'select-card', { daysAgo: 2, source: 'accountcenter' });
    const b = await signedIn('jetblue', 'select-card');
    for (const code of ['NOPE', 'REFERRED']) {
      const res = await register(b, code);
      expect(res.statusCode, code).toBe(404);
      expect(res.json<ErrorResponse>().message).toBe(BONUS_NOT_FOUND);
    }
    const bad = await register(b, 'two words!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorResponse>().message).toBe('A bonus code has letters, digits, - and _ only.');
    const long = await register(b, 'X'.repeat(40));
    expect(long.statusCode).toBe(400);
  });

  it('403 for a member past the window, outside an injected bonus\'s audience, or with a closed account; 400 for the reservation bonus', async () => {
    const b = await signedIn('hilton', 'basic-card');
    // Joined in 2025 (the seed): the 30 days are over.
    const late = await register(b, 'NEWMBR');
    expect(late.statusCode).toBe(403);
    expect(late.json<ErrorResponse>().message).toBe(BONUS_WINDOW_CLOSED);
    expect((await bonusesOf(b)).find((x) => x.code === 'NEWMBR')).toBeUndefined();
    const notReferred = await register(b, 'REFERRED');
    expect(notReferred.statusCode).toBe(403);
    expect(notReferred.json<ErrorResponse>().message).toBe(BONUS_NOT_AVAILABLE);
    const reservation = await register(b, 'RESERVE');
    expect(reservation.statusCode).toBe(400);
    expect(reservation.json<ErrorResponse>().message).toBe(BONUS_NO_REGISTRATION);

    await joined('hilton', 'select-closed', { daysAgo: 1 });
    const closed = await signedIn('hilton', 'select-closed');
    const res = await register(closed, 'NEWMBR');
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorResponse>().message).toBe(BONUS_ACCOUNT_CLOSED);
  });

  it('an injected bonus is Enrolled without registering for members who joined through its source within 2160 hours; registering it answers true', async () => {
    await joined('hilton', 'nonactivated-card', { daysAgo: 89, source: 'accountcenter' });
    const b = await signedIn('hilton', 'nonactivated-card');
    expect((await bonusesOf(b)).find((x) => x.code === 'REFERRED')).toMatchObject({ bonusStatus: 'Enrolled', isNewMemberBonus: false, memberIsEligibleForNMB: false });
    expect((await register(b, 'REFERRED')).json()).toBe(true);
    await joined('hilton', 'nonactivated-card', { daysAgo: 91, source: 'accountcenter' });
    expect((await bonusesOf(b)).find((x) => x.code === 'REFERRED')).toBeUndefined();
  });
});

describe('the reservation bonus hook', () => {
  it('awards the partner\'s reservation bonus once per reservation, however often it is called', async () => {
    const m = await member('hilton', 'vip-card');
    const first = await awardReservationBonus(t.database.db, { partnerId: m.partnerId, memberId: m.id, reservationId: 'res-1' });
    expect(first).toMatchObject({ awarded: true });
    const again = await Promise.all([1, 2, 3].map(() => awardReservationBonus(t.database.db, { partnerId: m.partnerId, memberId: m.id, reservationId: 'res-1' })));
    expect(again.length).toBeGreaterThan(0);
    expect(again.every((r) => !r.awarded && r.reason === 'alreadyAwarded')).toBe(true);
    const other = await awardReservationBonus(t.database.db, { partnerId: m.partnerId, memberId: m.id, reservationId: 'res-2' });
    expect(other.awarded).toBe(true);
    const rewards = await t.database.db.select().from(memberRewards).where(and(eq(memberRewards.memberId, m.id), eq(memberRewards.sourceCode, 'B')));
    expect(rewards).toHaveLength(2);
    expect(rewards.every((r) => r.amount === 100 && r.status === 'Awarded')).toBe(true);
    const awards = await t.database.db.select().from(bonusAwards).where(eq(bonusAwards.memberId, m.id));
    expect(awards.map((a) => a.awardKey).sort()).toEqual(['reservation:res-1', 'reservation:res-2']);
    const [progress] = await t.database.db.select().from(memberProgress).where(and(eq(memberProgress.memberId, m.id), eq(memberProgress.year, progressYear(new Date(), m.state))));
    expect(progress?.rewards).toBe(200);
  });

  it('does nothing for a partner without the reservation bonus or for a member of another partner', async () => {
    const jet = await member('jetblue', 'vip-card');
    expect(await awardReservationBonus(t.database.db, { partnerId: jet.partnerId, memberId: jet.id, reservationId: 'r' })).toEqual({ awarded: false, reason: 'notOffered' });
    const hilton = await member('hilton', 'vip-card');
    expect(await awardReservationBonus(t.database.db, { partnerId: jet.partnerId, memberId: hilton.id, reservationId: 'r' })).toEqual({ awarded: false, reason: 'memberNotFound' });
  });
});
