import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { EARNED_STATUSES } from '#shared/constants/rewards';
import { offersFlexOffers, paysStatementCredits } from '#shared/rules/partner-features';
import { ZNewFlexOffer, type FlexOffer, type NewFlexOffer } from '#shared/schemas/flex-offers';
import type { Db } from '../../db/client';
import { flexOffers, members, merchants, partners, type FlexOfferRow, type MemberRow, type PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { merchantLocalDateTime } from '#shared/rules/rewards/local-time';

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

/** The win-back offer's extra reward in the partner's unit: miles, points, or cents for cash partners. */
export const WIN_BACK_AMOUNTS = { Mile: 250, Point: 500, Dollar: 200, Credit: 200 } as const;
/** A win-back offer lasts this many days (restaurant-local dates, from the day it is made). */
export const WIN_BACK_DAYS = 14;
/** At most this many open offers a member holds at once. */
export const WIN_BACK_PER_MEMBER = 3;

/**
 * The offers job (daily): win-back flex offers. For members of partners with flex offers (open
 * accounts), each restaurant where they had a qualified dine in the last 180 days but none in the
 * last 30, where they hold no open offer, becomes an offer of WIN_BACK_AMOUNTS for WIN_BACK_DAYS —
 * their most visited first, up to WIN_BACK_PER_MEMBER open offers each. The dates start the day
 * before today (UTC), so the offer is already good on every US restaurant's local date. One set-based statement;
 * running it again the same day makes nothing more (the open offers count). Answers how many it made.
 */
export async function makeWinBackOffers(db: Db, opts: { now?: Date } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  // From yesterday (UTC): a US restaurant's local date is yesterday's or today's, so the offer is
  // good there from the moment it is made; WIN_BACK_DAYS days from that.
  const [from, until, recent, since] = [day(-1), day(WIN_BACK_DAYS - 2), day(-30), day(-180)];
  const today = day(0);
  const result = await db.execute(sql`
    with open_offers as (
      select member_id, merchant_id from flex_offers where reward_id is null and valid_to >= ${today}
    ), held as (
      select member_id, count(distinct merchant_id) as n from open_offers group by member_id
    ), visits as (
      select d.partner_id, d.member_id, d.merchant_id, count(*) as visits, max(d.local_date) as last_visit
      from dines d
      join partners p on p.id = d.partner_id and p.has_flex_offers and p.enrollment_type <> 'none'
      join members m on m.id = d.member_id and m.active and m.member_type <> 'ClosedAccountMember'
      join merchants r on r.id = d.merchant_id and r.participating
      where d.qualified and d.status in ${EARNED_STATUSES} and d.local_date >= ${since}
      group by d.partner_id, d.member_id, d.merchant_id
    ), candidates as (
      select v.*, p.currency_type, row_number() over (partition by v.member_id order by v.visits desc, v.last_visit desc, v.merchant_id) as rank
      from visits v join partners p on p.id = v.partner_id
      where v.last_visit < ${recent}
        and not exists (select 1 from open_offers o where o.member_id = v.member_id and o.merchant_id = v.merchant_id)
    )
    insert into flex_offers (partner_id, merchant_id, member_id, amount, valid_from, valid_to, source)
    select c.partner_id, c.merchant_id, c.member_id,
      (case c.currency_type::text when 'Mile' then ${WIN_BACK_AMOUNTS.Mile}::int when 'Point' then ${WIN_BACK_AMOUNTS.Point}::int else ${WIN_BACK_AMOUNTS.Dollar}::int end),
      ${from}::text, ${until}::text, 'job'
    from candidates c left join held h on h.member_id = c.member_id
    where c.rank <= ${WIN_BACK_PER_MEMBER}::int - coalesce(h.n, 0)
    order by c.member_id, c.rank
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
