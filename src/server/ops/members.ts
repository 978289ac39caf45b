import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  bonusProgrammes, dines, loginFailures, memberBonuses, memberCards, memberRewards, members, merchantReviews, merchants, outbox, partners,
  reservations, rewardClaims, sessions, redemptions, type MemberRow, type PartnerRow,
} from '../db/schema';
import { listAdjustments } from './adjustments';
import { balanceCents } from '../modules/redemptions';
import { paysStatementCredits } from '#shared/rules/partner-features';
import type { OpsMemberDetail } from '#shared/schemas/ops';

/**
 * Member look-up for the console (issue 27 item 1): one partner at a time, by e-mail, partner
 * number, public id, name, phone or a card's last four; and one page with everything about a
 * member. Read only: the actions (unlock, sign-in link) are their own calls, audited.
 */
export const SEARCH_LIMIT = 25;
/** Each list of the member page: the newest this many. */
const LIST_LIMIT = 50;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const digits = (s: string) => s.replace(/\D/g, '');

function matchedBy(m: MemberRow, q: string, byCard: Set<number>): string {
  const lower = q.toLowerCase();
  if (m.email.toLowerCase() === lower) return 'email';
  if (m.partnerNumber && m.partnerNumber.toUpperCase() === q.toUpperCase()) return 'partnerNumber';
  if (m.publicId.toLowerCase() === lower) return 'publicId';
  if (byCard.has(m.id)) return 'card';
  if (digits(q).length >= 10 && digits(m.phoneNumber).slice(-10) === digits(q).slice(-10)) return 'phone';
  if (m.email.toLowerCase().startsWith(lower)) return 'email';
  return 'name';
}

/**
 * The look-up, each kind of match its own index scan (migration 0035), so that it answers in a few
 * milliseconds at a million members: the e-mail, partner number or public id exactly; an e-mail or
 * a name ("first last", or the last name) by its start; a phone by its last ten digits; a card's
 * last four. At most SEARCH_LIMIT members, by id.
 */
export async function searchMembers(db: Db, partner: PartnerRow, q: string) {
  const text = q.trim();
  const lower = text.toLowerCase();
  const prefix = `${escapeLike(lower)}%`;
  const lastFour = /^\d{4}$/.test(text) ? text : null;
  const phone = digits(text).length >= 10 ? digits(text).slice(-10) : null;
  const cap = SEARCH_LIMIT + 1;
  const within = sql`partner_id = ${partner.id}`;
  const branches = [
    sql`(select id from members where ${within} and email = ${lower} limit ${cap})`,
    sql`(select id from members where ${within} and partner_number = ${text.toUpperCase()} limit ${cap})`,
    sql`(select id from members where ${within} and public_id = ${text} limit ${cap})`,
    sql`(select id from members where ${within} and email like ${prefix} limit ${cap})`,
    sql`(select id from members where ${within} and lower(first_name || ' ' || last_name) like ${prefix} limit ${cap})`,
    sql`(select id from members where ${within} and lower(last_name) like ${prefix} limit ${cap})`,
    ...(phone ? [sql`(select id from members where ${within} and right(regexp_replace(phone_number, '[^0-9]', '', 'g'), 10) = ${phone} limit ${cap})`] : []),
    ...(lastFour ? [sql`(select member_id as id from member_cards where ${within} and last_four = ${lastFour} limit ${cap})`] : []),
  ];
  const found = await db.execute(sql`select distinct id from (${sql.join(branches, sql` union all `)}) m order by id limit ${cap}`) as unknown as { rows: Array<{ id: number | string }> };
  const ids = found.rows.map((r) => Number(r.id));
  const byCard = lastFour ? new Set((await db.selectDistinct({ id: memberCards.memberId }).from(memberCards)
    .where(and(eq(memberCards.partnerId, partner.id), eq(memberCards.lastFour, lastFour), inArray(memberCards.memberId, ids.length ? ids : [-1])))).map((r) => r.id)) : new Set<number>();
  const rows = ids.length ? await db.select().from(members).where(inArray(members.id, ids)).orderBy(members.id) : [];
  return {
    more: rows.length > SEARCH_LIMIT,
    members: rows.slice(0, SEARCH_LIMIT).map((m) => ({ ...summary(m, partner), matched: matchedBy(m, text, byCard) })),
  };
}

function summary(m: MemberRow, partner: PartnerRow) {
  return {
    id: m.id, publicId: m.publicId, partnerCode: partner.code, name: `${m.firstName} ${m.lastName}`.trim(), email: m.email,
    partnerNumber: m.partnerNumber, phone: m.phoneNumber || null, tierLevel: m.tierLevel, active: m.active,
  };
}

export async function memberWithPartner(db: Db, memberId: number): Promise<{ member: MemberRow; partner: PartnerRow } | undefined> {
  const [row] = await db.select({ member: members, partner: partners }).from(members).innerJoin(partners, eq(partners.id, members.partnerId)).where(eq(members.id, memberId));
  return row;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Everything about one member, newest first in each list (card numbers never: brand and last four only). */
export async function memberDetail(db: Db, m: MemberRow, partner: PartnerRow): Promise<Omit<OpsMemberDetail, 'adjustmentLimit' | 'adjustmentLimitText'>> {
  const own = <T extends { memberId: unknown }>(t: T) => eq(t.memberId as never, m.id);
  const [cards, dineRows, rewards, balance, credits, bonuses, claims, bookings, reviews, emails, active, locks, adjustments] = await Promise.all([
    db.select().from(memberCards).where(own(memberCards)).orderBy(desc(memberCards.id)),
    db.select({ d: dines, merchant: merchants.name }).from(dines).innerJoin(merchants, eq(merchants.id, dines.merchantId)).where(own(dines)).orderBy(desc(dines.occurredAt)).limit(LIST_LIMIT),
    db.select().from(memberRewards).where(own(memberRewards)).orderBy(desc(memberRewards.id)).limit(LIST_LIMIT),
    balanceCents(db, { partnerId: partner.id, memberId: m.id }),
    db.select().from(redemptions).where(own(redemptions)).orderBy(desc(redemptions.id)).limit(LIST_LIMIT),
    db.select({ b: memberBonuses, name: bonusProgrammes.description }).from(memberBonuses).innerJoin(bonusProgrammes, eq(bonusProgrammes.id, memberBonuses.bonusId)).where(own(memberBonuses)),
    db.select({ c: rewardClaims, merchant: merchants.name }).from(rewardClaims).innerJoin(merchants, eq(merchants.id, rewardClaims.merchantId)).where(own(rewardClaims)).orderBy(desc(rewardClaims.id)).limit(LIST_LIMIT),
    db.select({ r: reservations, merchant: merchants.name }).from(reservations).innerJoin(merchants, eq(merchants.id, reservations.merchantId)).where(own(reservations)).orderBy(desc(reservations.startsAt)).limit(LIST_LIMIT),
    db.select({ r: merchantReviews, merchant: merchants.name }).from(merchantReviews).innerJoin(merchants, eq(merchants.id, merchantReviews.merchantId)).where(own(merchantReviews)).orderBy(desc(merchantReviews.id)).limit(LIST_LIMIT),
    db.select({ id: outbox.id, subject: outbox.subject, to: outbox.toAddress, at: outbox.createdAt }).from(outbox).where(own(outbox)).orderBy(desc(outbox.id)).limit(LIST_LIMIT),
    db.select().from(sessions).where(own(sessions)).orderBy(desc(sessions.createdAt)).limit(LIST_LIMIT),
    db.select().from(loginFailures).where(and(eq(loginFailures.partnerId, partner.id), eq(loginFailures.client, ''),
      inArray(loginFailures.identifier, [m.email.toLowerCase(), ...(m.partnerNumber ? [m.partnerNumber] : [])]))),
    // The member is in the caller's scope already.
    listAdjustments(db, { scope: { allPartners: true, partnerIds: [] }, memberId: m.id, limit: LIST_LIMIT }),
  ]);
  return {
    member: {
      ...summary(m, partner), joinDate: iso(m.joinDate), zipCode: m.zipCode || null, emailOptIn: m.emailOptIn, smsOptIn: m.smsOptIn,
      smsConsentAt: iso(m.smsConsentAt), enrollmentSource: m.enrollmentSource ?? null, diningStatus: m.diningProgress.status, remainingDines: m.diningProgress.remainingDines, currency: partner.currencyType,
    },
    cards: cards.map((c) => ({ id: c.id, description: c.description, lastFour: c.lastFour, linkedAt: c.createdAt.toISOString() })),
    dines: dineRows.map(({ d, merchant }) => ({
      id: d.id, transactionId: d.transactionId, merchant, localDate: d.localDate, amountCents: d.clearedAmountCents ?? d.authAmountCents ?? 0,
      cardLastFour: d.cardLastFour, status: d.status, reason: d.reason, qualified: d.qualified, reward: d.reward,
    })),
    rewards: rewards.map((r) => ({ id: r.id, sourceCode: r.sourceCode, amount: r.amount, status: r.status, reason: r.reason, description: r.description, createdAt: r.createdAt.toISOString() })),
    balanceCents: paysStatementCredits(partner) ? balance : null,
    credits: credits.map((c) => ({ creditId: c.creditId, amountCents: c.amountCents, status: c.status, target: c.targetLabel, createdAt: c.createdAt.toISOString() })),
    bonuses: bonuses.map(({ b, name }) => ({ name, status: b.status, enrolledAt: iso(b.enrolledAt) })),
    claims: claims.map(({ c, merchant }) => ({ id: c.id, merchant, dineDate: c.dineDate, amountCents: c.amountCents, status: c.status, finding: c.finding, createdAt: c.createdAt.toISOString() })),
    reservations: bookings.map(({ r, merchant }) => ({ id: r.id, merchant, localDate: r.localDate, localTime: r.localTime, partySize: r.partySize, status: r.status, confirmationNumber: r.confirmationNumber })),
    reviews: reviews.map(({ r, merchant }) => ({ id: r.id, merchant, overall: r.overall, comment: r.comment, createdAt: r.createdAt.toISOString() })),
    emails: emails.map((e) => ({ id: e.id, subject: e.subject, to: e.to, sentAt: e.at.toISOString() })),
    sessions: active.map((s) => ({ startedAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString(), expiresAt: s.expiresAt.toISOString(), device: s.userAgent })),
    locks: locks.map((l) => ({ identifier: l.identifier, failures: l.failures, lockedUntil: iso(l.lockedUntil) })),
    adjustments,
  };
}
