import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { memberCards, merchantNetworkLocations, merchants } from '../../db/schema';
import { demoPublicId } from '../../demo/members';
import { CARD_NETWORK_EVENTS_PATH } from '../../plugins/route-rules';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { authEvent, clearingEvent, refundEvent, signedRequest, type Purchase } from '../rewards/card-events';
import { merchantLocalDateTime } from '#shared/rules/rewards/local-time';
import { memberByPublicId } from '../rewards/rewards.test-fixtures';
import type { NetworkRun } from '#shared/schemas/stgtools';

/** GET /api/stgtools/network-run: what the engine made of a simulator's run, for its reference model. */

let t: TestApp;
let purchase: Purchase;
let otherCard: string;
const PREFIX = 'simtest-run1';

beforeAll(async () => {
  t = await createTestApp();
  const member = await memberByPublicId(t.database.db, demoPublicId('hilton', 'select-card'));
  const [card] = await t.database.db.select({ token: memberCards.networkToken }).from(memberCards).where(eq(memberCards.memberId, member.id)).orderBy(asc(memberCards.id)).limit(1);
  const other = await memberByPublicId(t.database.db, demoPublicId('delta', 'sso-select-card'));
  const [theirs] = await t.database.db.select({ token: memberCards.networkToken }).from(memberCards).where(eq(memberCards.memberId, other.id)).limit(1);
  otherCard = theirs!.token;
  // A restaurant that rewards all day, every day, without limits.
  const [place] = await t.database.db.select({ locationId: merchantNetworkLocations.locationId }).from(merchantNetworkLocations)
    .innerJoin(merchants, eq(merchants.id, merchantNetworkLocations.merchantId))
    .where(and(eq(merchants.participating, true), isNull(merchants.participationStart), isNull(merchants.participationEnd), isNull(merchants.benefitHours),
      isNull(merchants.monthlyVisitLimit), sql`cardinality(${merchants.blackoutDates}) = 0`))
    .orderBy(asc(merchants.id)).limit(1);
  purchase = { transactionId: `${PREFIX}-p1`, cardToken: card!.token, locationId: place!.locationId, localDateTime: merchantLocalDateTime(new Date(), 'NY') };
});
afterAll(async () => { await t.close(); });

async function send(events: CardNetworkEvent[]) {
  for (const e of events) {
    const { body, headers } = signedRequest(t.config.cardEventsSecret, e);
    const res = await t.app.inject({ method: 'POST', url: CARD_NETWORK_EVENTS_PATH, headers: { ...headers, host: 'localhost' }, payload: body });
    expect(res.statusCode).toBe(200);
  }
  await t.app.cardNetwork.applier.idle();
}
const runOf = async (partner: string, prefix = PREFIX) => t.request(partner, { method: 'GET', url: `/api/stgtools/network-run?prefix=${prefix}` });

describe('GET /api/stgtools/network-run', () => {
  it("answers the run's dines per demo member: a refund sent before its purchase and resent, applied once", async () => {
    const refund = refundEvent(purchase, 1500);
    await send([refund, authEvent(purchase, 5000), { ...refund, id: `${refund.id}-resent` }, clearingEvent(purchase, 6000)]);
    // Another partner's card under the same prefix: not this partner's run.
    await send([clearingEvent({ ...purchase, transactionId: `${PREFIX}-theirs`, cardToken: otherCard }, 4000)]);
    const res = await runOf('hilton');
    expect(res.statusCode).toBe(200);
    const run = res.json<NetworkRun>();
    expect(run).toMatchObject({ earnBasis: 'wholeBill', unapplied: 0, waiting: 0 });
    expect(run.members).toEqual([{
      publicId: demoPublicId('hilton', 'select-card'),
      dines: [expect.objectContaining({
        transactionId: `${PREFIX}-p1`, authCents: 5000, clearedCents: 6000, refundedCents: 1500, status: 'Awarded', qualified: true,
        refunds: [{ transactionId: `${PREFIX}-p1-r1`, amountCents: 1500 }], earned: expect.any(Number),
      })],
    }]);
    const [d] = run.members[0]!.dines;
    expect(d!.earned).toBe(Math.floor(((6000 - 1500) * d!.rate!) / 100));
  });

  it('counts events not applied yet and refunds still waiting for their purchase', async () => {
    const lost = refundEvent({ ...purchase, transactionId: `${PREFIX}-never` }, 700);
    await send([lost]);
    expect((await runOf('hilton')).json<NetworkRun>()).toMatchObject({ unapplied: 0, waiting: 1 });
  });

  it.each([['missing', ''], ['too short', 'sim'], ['with a wildcard', 'simtest-%25%25%25%25']])('refuses a prefix %s with 400 naming it', async (_name, prefix) => {
    const res = await t.request('hilton', { method: 'GET', url: prefix ? `/api/stgtools/network-run?prefix=${prefix}` : '/api/stgtools/network-run' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: Array<{ field: string }> }>().fieldErrors.map((f) => f.field)).toContain('prefix');
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ config: { env: 'production' } });
    try {
      expect((await prod.request('hilton', { method: 'GET', url: `/api/stgtools/network-run?prefix=${PREFIX}` })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
