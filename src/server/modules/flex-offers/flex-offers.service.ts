import { and, asc, eq, gte, isNull, lte } from 'drizzle-orm';
import { offersFlexOffers, paysStatementCredits } from '#shared/rules/partner-features';
import { ZNewFlexOffer, type FlexOffer, type NewFlexOffer } from '#shared/schemas/flex-offers';
import type { Db } from '../../db/client';
import { flexOffers, members, merchants, partners, type FlexOfferRow, type MemberRow, type PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { merchantLocalDateTime } from '../rewards/card-events';

/**
 * Flex offers (docs/api-flex-offers.md): an extra reward offered to one member at one restaurant for
 * a few days, on partners with the §1 switch. The member reads their own offer (§7 call); the
 * offers job and the demo seed make them through `createFlexOffer`; the rewards engine redeems
 * them on a qualified dine (card-network/engine.ts).
 */

export const FLEX_NOT_ON_THIS_SITE = 'Flex offers are not offered on this site.';
export const FLEX_NOT_YOURS = 'You can only see your own offers.';
export const FLEX_UNKNOWN_RESTAURANT = 'We could not find that restaurant.';
export const FLEX_NONE = 'You have no flex offer at this restaurant today.';

/** 404 where the partner has no flex offers (§1 switch). */
export function requireFlexOffers(partner: PartnerRow): void {
  if (!offersFlexOffers(partner)) throw AppError.notFound(FLEX_NOT_ON_THIS_SITE);
}

/** What the member reads: the amount in the partner's unit (dollars for cash partners). */
export function toFlexOffer(partner: Pick<PartnerRow, 'currencyType'>, row: Pick<FlexOfferRow, 'id' | 'amount' | 'merchantId' | 'validFrom' | 'validTo'>): FlexOffer {
  return {
    id: row.id,
    webMessageOfferAmount: paysStatementCredits(partner) ? Math.round(row.amount) / 100 : row.amount,
    merchantId: row.merchantId, validFrom: row.validFrom, validTo: row.validTo,
  };
}

/**
 * §7 GET /api/merchants/{merchantId}/flex-offers/members/{publicId}: the signed-in member's open
 * offer at this restaurant today (restaurant-local), the one ending soonest. Another public id is
 * 403 without looking it up (nothing is learnt about other members).
 */
export async function memberFlexOffer(db: Db, opts: { partner: PartnerRow; member: MemberRow; merchantId: number; publicId: string; now?: Date }): Promise<FlexOffer> {
  requireFlexOffers(opts.partner);
  if (opts.publicId !== opts.member.publicId) throw AppError.forbidden(FLEX_NOT_YOURS);
  const [merchant] = await db.select({ id: merchants.id, state: merchants.state }).from(merchants).where(eq(merchants.id, opts.merchantId));
  if (!merchant) throw AppError.notFound(FLEX_UNKNOWN_RESTAURANT);
  const today = merchantLocalDateTime(opts.now ?? new Date(), merchant.state).slice(0, 10);
  const [offer] = await db.select().from(flexOffers).where(and(
    eq(flexOffers.partnerId, opts.partner.id), eq(flexOffers.memberId, opts.member.id), eq(flexOffers.merchantId, merchant.id),
    isNull(flexOffers.rewardId), lte(flexOffers.validFrom, today), gte(flexOffers.validTo, today),
  )).orderBy(asc(flexOffers.validTo), asc(flexOffers.id)).limit(1);
  if (!offer) throw AppError.notFound(FLEX_NONE);
  return toFlexOffer(opts.partner, offer);
}

/**
 * Makes an offer (the offers job, the demo seed). Checked: the input's shape, the partner's switch,
 * the member being the partner's, the restaurant existing. Answers the offer as stored.
 */
export async function createFlexOffer(db: Db, input: NewFlexOffer): Promise<FlexOfferRow> {
  const parsed = ZNewFlexOffer.safeParse(input);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? 'The offer is not valid.');
  const o = parsed.data;
  const [member] = await db.select({ id: members.id, partnerId: members.partnerId }).from(members).where(eq(members.id, o.memberId));
  if (!member || member.partnerId !== o.partnerId) throw AppError.badRequest('The member is not a member of this partner.');
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, o.merchantId));
  if (!merchant) throw AppError.notFound(FLEX_UNKNOWN_RESTAURANT);
  const [partner] = await db.select().from(partners).where(eq(partners.id, o.partnerId));
  if (!partner || !offersFlexOffers(partner)) throw AppError.badRequest(FLEX_NOT_ON_THIS_SITE);
  const [row] = await db.insert(flexOffers).values({
    partnerId: o.partnerId, merchantId: o.merchantId, memberId: o.memberId, amount: o.amount, validFrom: o.validFrom, validTo: o.validTo, source: o.source,
  }).returning();
  return row!;
}
