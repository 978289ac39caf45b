import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { memberRewards, merchants, partners, rewardClaims, type PartnerRow } from '../../db/schema';
import { addDays } from '#shared/rules/claim-window';
import { authEvent, clearingEvent, newTransactionId } from '../rewards/card-events';
import { merchantLocalDateTime } from '#shared/rules/rewards/local-time';
import { memberWithCards, receive, setTerms } from '../card-network/test-fixtures';
import { drainInbox } from '../card-network/engine';
import { resolveClaim, submitClaim } from './claims.service';
import { shrinkLimit } from '../../test/property';

/**
 * Resubmitting and duplicates never make two claims of one purchase or two rewards for it: random
 * sequences of claims of one dine (the same details again, the amount before the tip, the day
 * after), some sent at the same moment, and operator awards (some twice, some at once).
 */
let t: TestApp;
let partner: PartnerRow;
let merchantId: number;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  [partner] = await t.database.db.select().from(partners).where(eq(partners.code, 'hilton')) as [PartnerRow];
  const [m] = await t.database.db.select({ id: merchants.id, state: merchants.state }).from(merchants)
    .where(and(eq(merchants.participating, true), isNull(merchants.participationStart))).orderBy(asc(merchants.id)).limit(1);
  merchantId = m!.id;
  await setTerms(t.database.db, merchantId);
  today = merchantLocalDateTime(new Date(), m!.state).slice(0, 10);
});
afterAll(async () => { await t.close(); });

type Action = { kind: 'claim'; variant: 'exact' | 'beforeTip' | 'nextDay' | 'other'; together: boolean } | { kind: 'award'; together: boolean };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('claim' as const), variant: fc.constantFrom('exact' as const, 'beforeTip' as const, 'nextDay' as const, 'other' as const), together: fc.boolean() }),
  fc.record({ kind: fc.constant('award' as const), together: fc.boolean() }),
);

describe('claims: duplicates and retries', () => {
  it('never store two claims of one purchase nor make two rewards for it', async () => {
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 2, maxLength: 7 }), fc.boolean(), async (actions, knownLocation) => {
      const { memberId, tokens, cardIds } = await memberWithCards(t.database.db, { partnerId: partner.id, linkedAt: new Date(Date.now() - 200 * 86_400_000) });
      const date = addDays(today, -20);
      // An unknown location puts the claim in review (an operator may award it); a known one matches it.
      const purchase = { transactionId: newTransactionId('prop'), cardToken: tokens[0]!, locationId: knownLocation ? `loc-${merchantId}` : `mid-prop-${memberId}`, localDateTime: `${date}T20:00:00-05:00` };
      await receive(t.database.db, [authEvent(purchase, 5000), clearingEvent(purchase, 6000)]);
      await drainInbox(t.database.db);
      const member = { id: memberId };
      const bodyOf = (v: 'exact' | 'beforeTip' | 'nextDay' | 'other') => ({
        cardId: cardIds[0]!, merchantId, dineDate: v === 'nextDay' ? addDays(date, 1) : v === 'other' ? addDays(date, -5) : date, amountCents: v === 'beforeTip' ? 5000 : 6000,
      });
      const run = async (a: Action) => {
        if (a.kind === 'claim') {
          const r = await submitClaim(t.database.db, { partner, member, body: bodyOf(a.variant) });
          expect(r.created !== r.alreadyClaimed).toBe(true);
          return;
        }
        const [open] = await t.database.db.select().from(rewardClaims).where(and(eq(rewardClaims.memberId, memberId), eq(rewardClaims.status, 'InReview')));
        if (!open) return;
        await resolveClaim(t.database.db, { partner, claimId: open.id, resolution: 'award' }).catch((err: { statusCode?: number }) => {
          // The other award of the pair got there first.
          expect(err.statusCode).toBe(409);
        });
      };
      for (let i = 0; i < actions.length; i++) {
        const a = actions[i]!;
        const next = actions[i + 1];
        if (a.together && next) {
          await Promise.all([run(a), run(next)]);
          i += 1;
        } else {
          await run(a);
        }
      }
      const claims = await t.database.db.select().from(rewardClaims).where(eq(rewardClaims.memberId, memberId));
      const ofPurchase = claims.filter((c) => c.purchaseKey === `txn:${purchase.transactionId}`);
      expect(ofPurchase.length).toBeLessThanOrEqual(1);
      // The identical details are stored once, whatever the finding.
      expect(new Set(claims.map((c) => `${c.dineDate}|${c.amountCents}`)).size).toBe(claims.length);
      const manual = await t.database.db.select().from(memberRewards).where(and(eq(memberRewards.memberId, memberId), eq(memberRewards.sourceCode, 'M')));
      expect(manual.length).toBeLessThanOrEqual(1);
      if (knownLocation) expect(manual).toHaveLength(0);
      expect(manual.length).toBe(claims.filter((c) => c.resolution === 'awarded').length);
    }), { numRuns: 20, ...shrinkLimit(45_000) });
  }, 60_000);
});
