import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import type { FastifyInstance } from 'fastify';
import { createOpsApp, type OpsBrowser, signedInAs } from '../../test/ops';
import { memberCards, memberRewards, merchants, outbox, partners, rewardClaims } from '../../db/schema';
import { demoPublicId } from '../../demo/members';
import { NOT_EARNED_REASONS } from '#shared/constants/rewards';
import { addDays } from '#shared/rules/claim-window';
import type { Claim, ClaimCandidate, ClaimsResponse, ClaimSubmitResponse, ReviewClaim, ReviewClaimsResponse } from '#shared/schemas/claims';
import { matchScore, SCORE_PENALTIES } from '#shared/rules/claim-match';
import type { TransactionsPage } from '#shared/schemas/rewards';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { memberByPublicId } from '../rewards/rewards.test-fixtures';
import { authEvent, clearingEvent, newTransactionId, signedRequest } from '../rewards/card-events';
import { merchantLocalDateTime } from '#shared/rules/rewards/local-time';
import { CARD_NETWORK_EVENTS_PATH } from '../../plugins/route-rules';
import { receive, setTerms } from '../card-network/test-fixtures';
import { drainInbox } from '../card-network/engine';
import { NO_LOCATION, NOT_IN_REVIEW, UNKNOWN_CARD, UNKNOWN_MERCHANT } from './claims.service';
import { CLAIMS_PER_MEMBER } from './claims.routes';
import { rematchSubmitted } from './claims.service';
import { claimsJobs } from './jobs';

let t: TestApp;
let ops: FastifyInstance | undefined;
let merchantId: number;
let otherMerchantId: number;
let state: string;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  const all = await t.database.db.select({ id: merchants.id, state: merchants.state }).from(merchants)
    .where(and(eq(merchants.participating, true), isNull(merchants.participationStart))).orderBy(asc(merchants.id)).limit(2);
  merchantId = all[0]!.id;
  otherMerchantId = all[1]!.id;
  state = all[0]!.state;
  await setTerms(t.database.db, merchantId);
  await setTerms(t.database.db, otherMerchantId);
  today = merchantLocalDateTime(new Date(), state).slice(0, 10);
  // The demo cards were linked when the test database was seeded: a dine 20 days ago would be "card linked after the dine".
  await t.database.db.execute(sql`update member_cards set created_at = now() - interval '200 days'`);
});
afterAll(async () => {
  await ops?.close();
  await t.close();
});

async function signedIn(partner: string, slug: string): Promise<TestBrowser> {
  const b = new TestBrowser(t, partner);
  expect((await b.signInAs(demoPublicId(partner, slug))).statusCode).toBe(200);
  return b;
}
async function cardOf(partner: string, slug: string) {
  const m = await memberByPublicId(t.database.db, demoPublicId(partner, slug));
  // A Visa or Mastercard (Amex claims close after 30 days: tested on their own).
  let [card] = await t.database.db.select().from(memberCards).where(and(eq(memberCards.memberId, m.id), sql`${memberCards.cardType} <> 'Amex'`)).orderBy(asc(memberCards.id)).limit(1);
  card ??= (await t.database.db.insert(memberCards).values({
    partnerId: m.partnerId, memberId: m.id, cardType: 'Visa', lastFour: '1111', description: 'Visa', fingerprint: `claims-visa-${m.id}`, createdAt: new Date(Date.now() - 200 * 86_400_000),
  }).returning())[0];
  return { member: m, card: card! };
}

/** A purchase as the card network reports it, through the signed webhook, on a past day; applied by the engine. */
async function networkDine(opts: { token: string; date: string; authCents: number; clearCents?: number; locationId?: string; apply?: boolean }) {
  const purchase = { transactionId: newTransactionId('clm'), cardToken: opts.token, locationId: opts.locationId ?? `loc-${merchantId}`, localDateTime: `${opts.date}T19:30:00-05:00` };
  const events: CardNetworkEvent[] = [authEvent(purchase, opts.authCents), ...(opts.clearCents ? [clearingEvent(purchase, opts.clearCents)] : [])];
  if (opts.apply === false) {
    await receive(t.database.db, events);
    return purchase.transactionId;
  }
  for (const e of events) {
    const { body, headers } = signedRequest(t.config.cardEventsSecret, e);
    const res = await t.app.inject({ method: 'POST', url: CARD_NETWORK_EVENTS_PATH, headers: { ...headers, host: 'localhost' }, payload: body });
    expect(res.statusCode).toBe(200);
  }
  await t.app.cardNetwork.applier.idle();
  return purchase.transactionId;
}

const claim = (b: TestBrowser, payload: object, host?: string) => b.send({ method: 'POST', url: '/api/Member/Claims', payload, ...(host ? { host } : {}) });
const list = async (b: TestBrowser) => (await b.send({ method: 'GET', url: '/api/Member/Claims' })).json<ClaimsResponse>().claims;

describe('POST /api/Member/Claims: matching', () => {
  it('matches a dine the network did send (exact amount, same day): Matched, earned, score 100; listed', async () => {
    const { card } = await cardOf('hilton', 'select-card');
    const date = addDays(today, -20);
    const txn = await networkDine({ token: card.networkToken, date, authCents: 5000, clearCents: 6000 });
    const b = await signedIn('hilton', 'select-card');
    const res = await claim(b, { cardId: card.id, merchantId, dineDate: date, amountCents: 6000 });
    expect(res.statusCode).toBe(201);
    const { claim: c, alreadyClaimed } = res.json<ClaimSubmitResponse>();
    expect(alreadyClaimed).toBe(false);
    expect(c).toMatchObject({
      status: 'Matched', finding: 'earned', matchScore: 100, transactionId: txn, merchantId, dineDate: date, amount: 60,
      card: { cardType: card.cardType, lastFour: card.lastFour }, reasonCode: null, resolution: null, rewardAmount: null,
    });
    expect(c.message).toContain('it earned its reward');
    expect((await list(b)).map((x) => x.id)).toContain(c.id);
  });

  it('one claim per dine: another claim of the same purchase (the amount before tip, a day off) answers the first claim and stores nothing', async () => {
    const { card, member } = await cardOf('hilton', 'select-card');
    const date = addDays(today, -21);
    await networkDine({ token: card.networkToken, date, authCents: 4000, clearCents: 4800 });
    const b = await signedIn('hilton', 'select-card');
    const first = (await claim(b, { cardId: card.id, merchantId, dineDate: date, amountCents: 4800 })).json<ClaimSubmitResponse>().claim;
    const again = await claim(b, { cardId: card.id, merchantId, dineDate: date, amountCents: 4000 });
    expect(again.statusCode).toBe(200);
    expect(again.json<ClaimSubmitResponse>()).toMatchObject({ alreadyClaimed: true, claim: { id: first.id, status: 'Matched' } });
    const same = await claim(b, { cardId: card.id, merchantId, dineDate: date, amountCents: 4800 });
    expect(same.statusCode).toBe(200);
    expect(same.json<ClaimSubmitResponse>()).toMatchObject({ alreadyClaimed: true, claim: { id: first.id } });
    const stored = await t.database.db.select().from(rewardClaims).where(and(eq(rewardClaims.memberId, member.id), eq(rewardClaims.dineDate, date)));
    expect(stored).toHaveLength(1);
  });

  it('says plainly when the network sent nothing: Not found, with what to do', async () => {
    const { card } = await cardOf('hilton', 'select-card');
    const b = await signedIn('hilton', 'select-card');
    const res = await claim(b, { cardId: card.id, merchantId, dineDate: addDays(today, -33), amountCents: 7321 });
    expect(res.statusCode).toBe(201);
    const c = res.json<ClaimSubmitResponse>().claim;
    expect(c).toMatchObject({ status: 'NotFound', finding: 'notFound', matchScore: null, transactionId: null });
    expect(c.message).toMatch(/has sent us no purchase with this card at this restaurant.*contact customer support/);
  });

  it('does not take a purchase at another restaurant, or two days off, or far from the amount', async () => {
    const { card } = await cardOf('hilton', 'select-card');
    const date = addDays(today, -40);
    await networkDine({ token: card.networkToken, date, authCents: 2500, clearCents: 2500, locationId: `loc-${otherMerchantId}` });
    await networkDine({ token: card.networkToken, date: addDays(date, 2), authCents: 2500, clearCents: 2500 });
    await networkDine({ token: card.networkToken, date, authCents: 9000, clearCents: 9000 });
    const b = await signedIn('hilton', 'select-card');
    expect((await claim(b, { cardId: card.id, merchantId, dineDate: date, amountCents: 2500 })).json<ClaimSubmitResponse>().claim.status).toBe('NotFound');
  });

  it('sends a borderline match (the tip margin and a day off) to review', async () => {
    const { card } = await cardOf('hilton', 'select-card');
    const date = addDays(today, -22);
    await networkDine({ token: card.networkToken, date: addDays(date, 1), authCents: 5000, clearCents: 5000 });
    const b = await signedIn('hilton', 'select-card');
    const c = (await claim(b, { cardId: card.id, merchantId, dineDate: date, amountCents: 5900 })).json<ClaimSubmitResponse>().claim;
    expect(c).toMatchObject({ status: 'InReview', finding: 'borderline' });
    expect(c.matchScore).toBeGreaterThanOrEqual(40);
    expect(c.matchScore).toBeLessThan(70);
  });

  it('sends a purchase at a network location no restaurant has (a new card processor) to review', async () => {
    const { card } = await cardOf('hilton', 'select-card');
    const date = addDays(today, -23);
    await networkDine({ token: card.networkToken, date, authCents: 3100, clearCents: 3100, locationId: `new-mid-${Date.now()}` });
    const b = await signedIn('hilton', 'select-card');
    const c = (await claim(b, { cardId: card.id, merchantId, dineDate: date, amountCents: 3100 })).json<ClaimSubmitResponse>().claim;
    expect(c).toMatchObject({ status: 'InReview', finding: 'unknownLocation', matchScore: 65, transactionId: null });
  });

  it('re-runs qualification: a blackout day stays not earned with its reason; lifted since, the claim goes to review', async () => {
    const { card } = await cardOf('caesars', 'select-card');
    const date = addDays(today, -24);
    const date2 = addDays(today, -25);
    await setTerms(t.database.db, otherMerchantId, { blackoutDates: [date, date2] });
    const loc = `loc-${otherMerchantId}`;
    await networkDine({ token: card.networkToken, date, authCents: 3000, clearCents: 3000, locationId: loc });
    await networkDine({ token: card.networkToken, date: date2, authCents: 3300, clearCents: 3300, locationId: loc });
    const b = await signedIn('caesars', 'select-card');
    const blackout = (await claim(b, { cardId: card.id, merchantId: otherMerchantId, dineDate: date, amountCents: 3000 })).json<ClaimSubmitResponse>().claim;
    expect(blackout).toMatchObject({ status: 'Matched', finding: 'notEarned', reasonCode: 'blackoutDay', reason: NOT_EARNED_REASONS.blackoutDay });
    await setTerms(t.database.db, otherMerchantId, { blackoutDates: [date] });
    const lifted = (await claim(b, { cardId: card.id, merchantId: otherMerchantId, dineDate: date2, amountCents: 3300 })).json<ClaimSubmitResponse>().claim;
    expect(lifted).toMatchObject({ status: 'InReview', finding: 'requalifies', reasonCode: 'blackoutDay' });
    await setTerms(t.database.db, otherMerchantId);
  });

  it('stays Submitted while the event waits in the inbox, and is matched once the engine applied it', async () => {
    const { card } = await cardOf('caesars', 'select-card');
    const date = addDays(today, -26);
    const txn = await networkDine({ token: card.networkToken, date, authCents: 4400, clearCents: 4400, apply: false });
    const b = await signedIn('caesars', 'select-card');
    const c = (await claim(b, { cardId: card.id, merchantId, dineDate: date, amountCents: 4400 })).json<ClaimSubmitResponse>().claim;
    expect(c).toMatchObject({ status: 'Submitted', finding: 'processing', matchScore: 100 });
    await drainInbox(t.database.db);
    const after = (await list(b)).find((x) => x.id === c.id)!;
    expect(after).toMatchObject({ status: 'Matched', finding: 'earned', transactionId: txn });
  });
});

describe('the reward-claims-rematch job', () => {
  it('is scheduled every minute and matches Submitted claims once the engine applied their events', async () => {
    const job = claimsJobs().find((j) => j.name === 'reward-claims-rematch');
    expect(job?.everyMs).toBe(60_000);
    const { card } = await cardOf('caesars', 'select-card');
    const date = addDays(today, -27);
    await networkDine({ token: card.networkToken, date, authCents: 5100, clearCents: 5100, apply: false });
    const b = await signedIn('caesars', 'select-card');
    const c = (await claim(b, { cardId: card.id, merchantId, dineDate: date, amountCents: 5100 })).json<ClaimSubmitResponse>().claim;
    expect(c.status).toBe('Submitted');
    // Nothing applied yet: the job leaves it.
    expect(await rematchSubmitted(t.database.db)).toBe(0);
    await drainInbox(t.database.db);
    expect(await rematchSubmitted(t.database.db)).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(rewardClaims).where(eq(rewardClaims.id, c.id));
    expect(row).toMatchObject({ status: 'Matched', finding: 'earned' });
  });
});

describe('POST /api/Member/Claims: bad input, window and tenancy', () => {
  it.each([
    ['a future date', () => addDays(today, 2), 'The date of the dine cannot be in the future.'],
    ['too early (3 days ago)', () => addDays(today, -3), 'can be made from'],
    ['today', () => today, 'can be made from'],
    ['too late (91 days ago)', () => addDays(today, -91), 'up to 90 days after the dine'],
  ])('refuses %s with a message saying when', async (_name, date, message) => {
    const { card } = await cardOf('hilton', 'vip-card');
    const b = await signedIn('hilton', 'vip-card');
    const res = await claim(b, { cardId: card.id, merchantId, dineDate: date(), amountCents: 1000 });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; fieldErrors: Array<{ field: string }> }>();
    expect(body.message).toContain(message);
    expect(body.fieldErrors[0]!.field).toBe('dineDate');
  });

  it('closes Amex claims 30 days after the dine (day 30 open, day 31 closed)', async () => {
    const { member } = await cardOf('hilton', 'vip-card');
    const [amex] = await t.database.db.insert(memberCards).values({ partnerId: member.partnerId, memberId: member.id, cardType: 'Amex', lastFour: '0005', description: 'Amex', fingerprint: `claims-amex-${member.id}` }).returning();
    const b = await signedIn('hilton', 'vip-card');
    const late = await claim(b, { cardId: amex!.id, merchantId, dineDate: addDays(today, -31), amountCents: 1000 });
    expect(late.statusCode).toBe(400);
    expect(late.json<{ message: string }>().message).toContain('an American Express card can be made up to 30 days');
    const inTime = await claim(b, { cardId: amex!.id, merchantId, dineDate: addDays(today, -30), amountCents: 1000 });
    expect(inTime.statusCode).toBe(201);
    expect(inTime.json<ClaimSubmitResponse>().claim.card).toEqual({ cardType: 'Amex', lastFour: '0005' });
  });

  it.each([
    ['another member\'s card', async () => ({ cardId: (await cardOf('hilton', 'select-card')).card.id }), UNKNOWN_CARD],
    ['an unknown restaurant', async () => ({ merchantId: 2_000_000_000 }), UNKNOWN_MERCHANT],
    ['a negative amount', async () => ({ amountCents: -500 }), 'The amount must be more than $0.00.'],
    ['a zero amount', async () => ({ amountCents: 0 }), 'The amount must be more than $0.00.'],
    ['cents with a fraction', async () => ({ amountCents: 10.5 }), 'Enter the amount in whole cents.'],
    ['a date that is not one', async () => ({ dineDate: '2026-02-30' }), 'Enter the date of the dine, like 2026-11-20.'],
    ['a missing card', async () => ({ cardId: undefined }), 'Choose the card you paid with.'],
    ['an unknown field', async () => ({ memberId: 1 }), 'Unrecognized key'],
  ])('answers 400 for %s', async (_name, change, message) => {
    const { card } = await cardOf('hilton', 'vip-card');
    const b = await signedIn('hilton', 'vip-card');
    const res = await claim(b, { cardId: card.id, merchantId, dineDate: addDays(today, -15), amountCents: 1000, ...(await change()) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  it('refuses a restaurant without a card-network location', async () => {
    const [m] = await t.database.db.select({ id: merchants.id }).from(merchants)
      .where(sql`not exists (select 1 from merchant_network_locations l where l.merchant_id = ${merchants.id})`).limit(1);
    if (!m) return;
    const { card } = await cardOf('hilton', 'vip-card');
    const b = await signedIn('hilton', 'vip-card');
    const res = await claim(b, { cardId: card.id, merchantId: m.id, dineDate: addDays(today, -15), amountCents: 1000 });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(NO_LOCATION);
  });

  it('is 401 for visitors and on another partner\'s host, 403 without the anti-forgery token', async () => {
    const { card } = await cardOf('hilton', 'select-card');
    const body = { cardId: card.id, merchantId, dineDate: addDays(today, -15), amountCents: 1000 };
    const visitor = new TestBrowser(t, 'hilton');
    expect((await claim(visitor, body)).statusCode).toBe(401);
    expect((await visitor.send({ method: 'GET', url: '/api/Member/Claims' })).statusCode).toBe(401);
    const b = await signedIn('hilton', 'select-card');
    // A state-changing call is checked for the anti-forgery token first: hilton's token is no token on caesars.
    expect((await claim(b, body, 'caesars')).statusCode).toBe(403);
    expect((await b.send({ method: 'GET', url: '/api/Member/Claims', host: 'caesars' })).statusCode).toBe(401);
    const noToken = await b.send({ method: 'POST', url: '/api/Member/Claims', payload: body, headers: { 'x-xsrf-token': '' } });
    expect(noToken.statusCode).toBe(403);
  });

  it("never lists another member's claims", async () => {
    const mine = await list(await signedIn('hilton', 'select-card'));
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await list(await signedIn('hilton', 'basic-card'));
    expect(theirs.map((c) => c.id).filter((id) => mine.some((m) => m.id === id))).toEqual([]);
  });

  it(`allows ${CLAIMS_PER_MEMBER.max} claims an hour per member, then 429`, async () => {
    const { card } = await cardOf('caesars', 'vip-card');
    const b = await signedIn('caesars', 'vip-card');
    for (let i = 0; i < CLAIMS_PER_MEMBER.max; i++) {
      expect((await claim(b, { cardId: card.id, merchantId, dineDate: addDays(today, -15 - i), amountCents: 1000 + i })).statusCode).toBe(201);
    }
    const over = await claim(b, { cardId: card.id, merchantId, dineDate: addDays(today, -40), amountCents: 999 });
    expect(over.statusCode).toBe(429);
    expect(over.json<{ message: string }>().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
  });
});

describe('the review queue (the operator console\'s, docs/features/console.md)', () => {
  const queue = async (b: OpsBrowser) => b.send({ method: 'GET', url: '/api/ops/claims?partner=hilton' });
  const resolve = (b: OpsBrowser, id: number, payload: object) => b.send({ method: 'POST', url: `/api/ops/claims/${id}/resolve`, payload });
  let agent: OpsBrowser;
  beforeAll(async () => {
    ops = await createOpsApp(t);
    agent = await signedInAs(t, ops, 'agent');
  });

  async function inReview(partner: string, slug: string, daysAgo: number, cents: number): Promise<Claim> {
    const { card } = await cardOf(partner, slug);
    const date = addDays(today, -daysAgo);
    await networkDine({ token: card.networkToken, date, authCents: cents, clearCents: cents, locationId: `mid-${partner}-${daysAgo}-${Date.now()}` });
    const b = await signedIn(partner, slug);
    const c = (await claim(b, { cardId: card.id, merchantId, dineDate: date, amountCents: cents })).json<ClaimSubmitResponse>().claim;
    expect(c.status).toBe('InReview');
    return c;
  }

  it('lists claims in review with the reward an award would make; award adds one M reward, e-mails the member, and only once', async () => {
    const c = await inReview('hilton', 'basic-card', 18, 5000);
    const operator = agent;
    const listed = (await queue(operator)).json<ReviewClaimsResponse>().claims.find((x) => x.id === c.id)!;
    // basic-card: tier 0 on Hilton earns 1 point per $1 (earnRates[0]).
    const { member } = await cardOf('hilton', 'basic-card');
    expect(listed).toMatchObject({ memberPublicId: member.publicId, memberEmail: member.email, status: 'InReview', finding: 'unknownLocation' });
    expect(listed.proposedReward).toBeGreaterThan(0);
    expect(listed.reviewNote).toContain('network location');

    const res = await resolve(operator, c.id, { resolution: 'award' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Claim>()).toMatchObject({ status: 'Resolved', finding: 'awarded', resolution: 'awarded', rewardAmount: listed.proposedReward });
    const again = await resolve(operator, c.id, { resolution: 'award' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(NOT_IN_REVIEW);
    const manual = await t.database.db.select().from(memberRewards).where(and(eq(memberRewards.memberId, member.id), eq(memberRewards.sourceCode, 'M')));
    expect(manual).toHaveLength(1);
    expect(manual[0]).toMatchObject({ amount: listed.proposedReward, status: 'Awarded' });
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.memberId, member.id));
    const mail = mails.find((m) => m.subject === 'Your missing-reward claim is resolved')!;
    expect(mail.toAddress).toBe(member.email);
    expect(mail.textBody).toContain(`We added ${listed.proposedReward}`);
    expect(mail.textBody).toContain('http://hilton.localhost');
    expect(mail.textBody).toContain('/account/claims');
    // The member sees it resolved, and the manual reward in Reviews & History.
    const b = await signedIn('hilton', 'basic-card');
    expect((await list(b)).find((x) => x.id === c.id)).toMatchObject({ status: 'Resolved', message: expect.stringContaining('We added') });
    const rows = (await b.send({ method: 'GET', url: '/api/Member/Transactions?resultsPerPage=100' })).json<TransactionsPage>().data;
    expect(rows.filter((r) => r.transactionTypeCode === 'M')).toHaveLength(1);
  });

  it('rejects with the reason given (required), and e-mails it', async () => {
    const c = await inReview('hilton', 'basic-card', 19, 2222);
    const operator = agent;
    const noReason = await resolve(operator, c.id, { resolution: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toContain('Give the member the reason.');
    expect((await resolve(operator, c.id, { resolution: 'maybe' })).statusCode).toBe(400);
    const res = await resolve(operator, c.id, { resolution: 'reject', note: 'The receipt shows another restaurant.' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Claim>()).toMatchObject({ status: 'Resolved', resolution: 'rejected', message: 'We could not add a reward for this dine: The receipt shows another restaurant.' });
    const { member } = await cardOf('hilton', 'basic-card');
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.memberId, member.id));
    expect(mails.some((m) => m.textBody.includes('The receipt shows another restaurant.'))).toBe(true);
  });

  it("follows the partner's setting for the mail (reward_mails.claimResolved): off, or only members who accept e-mail", async () => {
    const { member } = await cardOf('hilton', 'basic-card');
    const mails = async () => (await t.database.db.select().from(outbox).where(eq(outbox.memberId, member.id))).length;
    const setting = (value: object) => t.database.db.update(partners).set({ rewardMails: value }).where(eq(partners.code, 'hilton'));
    const operator = agent;
    try {
      await setting({ claimResolved: 'off' });
      const a = await inReview('hilton', 'basic-card', 28, 1717);
      const before = await mails();
      expect((await resolve(operator, a.id, { resolution: 'reject', note: 'No receipt.' })).statusCode).toBe(200);
      expect(await mails()).toBe(before);
      // basic-card is opted out of e-mail (tier 0).
      expect(member.emailOptIn).toBe(false);
      await setting({ claimResolved: 'optedIn' });
      const b = await inReview('hilton', 'basic-card', 29, 1818);
      expect((await resolve(operator, b.id, { resolution: 'reject', note: 'No receipt.' })).statusCode).toBe(200);
      expect(await mails()).toBe(before);
      await setting({ claimResolved: 'all' });
      const c = await inReview('hilton', 'basic-card', 26, 1919);
      expect((await resolve(operator, c.id, { resolution: 'reject', note: 'No receipt.' })).statusCode).toBe(200);
      expect(await mails()).toBe(before + 1);
    } finally {
      await setting({});
    }
  });

  it("keeps to the staff member's partners, and needs the anti-forgery token", async () => {
    // The demo agent works for delta and hilton: a caesars claim is not theirs to see or decide.
    const c = await inReview('caesars', 'select-card', 27, 3456);
    const everyOwn = (await agent.send({ method: 'GET', url: '/api/ops/claims' })).json<ReviewClaimsResponse>().claims.map((x) => x.id);
    expect(everyOwn).not.toContain(c.id);
    expect((await resolve(agent, c.id, { resolution: 'award' })).statusCode).toBe(404);
    const supervisor = await signedInAs(t, ops!, 'supervisor');
    expect((await supervisor.send({ method: 'GET', url: '/api/ops/claims?partner=caesars' })).json<ReviewClaimsResponse>().claims.map((x) => x.id)).toContain(c.id);
    const noToken = await agent.send({ method: 'POST', url: `/api/ops/claims/${c.id}/resolve`, payload: { resolution: 'award' }, token: false });
    expect(noToken.statusCode).toBe(403);
    expect((await resolve(agent, 99_999_999, { resolution: 'award' })).statusCode).toBe(404);
    expect((await resolve(agent, 0, { resolution: 'award' })).statusCode).toBe(400);
  });

  it('shows a claim beside the events the matcher weighed, each with its score; never another partner\'s', async () => {
    const c = await inReview('hilton', 'select-card', 45, 6543);
    // A second purchase on the same card the next day, within the tip margin: weighed, scored lower, not matched.
    const { card } = await cardOf('hilton', 'select-card');
    await networkDine({ token: card.networkToken, date: addDays(today, -44), authCents: 6000, clearCents: 6000, locationId: `mid-other-${Date.now()}` });
    const res = await agent.send({ method: 'GET', url: `/api/ops/claims/${c.id}/candidates` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ claim: ReviewClaim; candidates: ClaimCandidate[] }>();
    expect(body.claim).toMatchObject({ id: c.id, status: 'InReview', finding: 'unknownLocation' });
    const own = body.candidates.filter((e) => e.amountCents === 6543);
    const next = body.candidates.filter((e) => e.amountCents === 6000);
    expect(body.candidates).toHaveLength(4);
    // The claimed purchase's authorisation and clearing, at a location no restaurant has: 100 less the unknown-location penalty.
    expect(own.map((e) => e.type).sort()).toEqual(['authorisation', 'clearing']);
    for (const e of own) expect(e).toMatchObject({ location: 'unknown', score: 100 - SCORE_PENALTIES.unknownLocation });
    for (const e of own) expect(e.localDateTime.slice(0, 10)).toBe(addDays(today, -45));
    expect(own.filter((e) => e.matched)).toHaveLength(1);
    expect(body.claim.matchScore).toBe(100 - SCORE_PENALTIES.unknownLocation);
    // The next day's purchase: the day and the amount cost it points; best first.
    expect(next).toHaveLength(2);
    for (const e of next) expect(e).toMatchObject({ matched: false, score: matchScore({ dineDate: c.dineDate, amountCents: 6543 }, { localDate: addDays(today, -44), amountCents: 6000, locationKnown: false }) });
    expect(next[0]!.score).toBeLessThan(own[0]!.score);
    expect(body.candidates.slice(0, 2).map((e) => e.amountCents)).toEqual([6543, 6543]);
    // Another partner's claim is not there for this agent; a resolved one is no longer in review.
    const other = await inReview('caesars', 'select-card', 22, 3456);
    expect((await agent.send({ method: 'GET', url: `/api/ops/claims/${other.id}/candidates` })).statusCode).toBe(404);
    expect((await resolve(agent, c.id, { resolution: 'reject', note: 'Another restaurant.' })).statusCode).toBe(200);
    expect((await agent.send({ method: 'GET', url: `/api/ops/claims/${c.id}/candidates` })).statusCode).toBe(409);
    expect((await agent.send({ method: 'GET', url: '/api/ops/claims/abc/candidates' })).statusCode).toBe(400);
  });

  it('filters the queue by why a claim is in review, its age and its match score; bad filters are a 400 with a sentence', async () => {
    const c = await inReview('hilton', 'select-card', 24, 4321);
    const ids = async (query: string) => (await agent.send({ method: 'GET', url: `/api/ops/claims?partner=hilton&${query}` })).json<ReviewClaimsResponse>().claims.map((x) => x.id);
    expect(await ids('finding=unknownLocation')).toContain(c.id);
    expect(await ids('finding=borderline')).not.toContain(c.id);
    expect(await ids('olderThanHours=0')).toContain(c.id);
    // Just filed: not a day old yet; made two days old, it is.
    expect(await ids('olderThanHours=24')).not.toContain(c.id);
    await t.database.db.update(rewardClaims).set({ createdAt: new Date(Date.now() - 49 * 3_600_000) }).where(eq(rewardClaims.id, c.id));
    expect(await ids('olderThanHours=48')).toContain(c.id);
    const score = (await agent.send({ method: 'GET', url: '/api/ops/claims?partner=hilton' })).json<ReviewClaimsResponse>().claims.find((x) => x.id === c.id)!.matchScore!;
    expect(await ids(`minScore=${score}&maxScore=${score}`)).toContain(c.id);
    expect(await ids(`minScore=${Math.min(100, score + 1)}`)).not.toContain(c.id);
    for (const [query, words] of [['minScore=70&maxScore=20', 'lowest match score is above'], ['olderThanHours=-1', 'cannot be negative'], ['finding=maybe', 'reason for review'], ['minScore=abc', 'must be a number'], ['colour=red', '']] as const) {
      const res = await agent.send({ method: 'GET', url: `/api/ops/claims?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toContain(words);
    }
  });

  it('is the console\'s only: the staging tools have no claims queue, and a partner site no console call', async () => {
    expect((await t.request('hilton', { method: 'GET', url: '/api/stgtools/claims' })).statusCode).toBe(404);
    expect((await t.request('hilton', { method: 'GET', url: '/api/ops/claims' })).statusCode).toBe(404);
  });
});
