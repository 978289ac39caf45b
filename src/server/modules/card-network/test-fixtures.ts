import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberCards, members, merchants, partners } from '../../db/schema';
import type { MerchantTerms } from '#shared/rules/rewards/qualification';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { insertInboxEvent } from './card-network.repo';

/** Members, cards and restaurant terms for the engine's tests (imported by *.test.ts and the benchmark only). */

let serial = 0;

export async function partnerId(db: Db, code: string): Promise<number> {
  const [p] = await db.select({ id: partners.id }).from(partners).where(eq(partners.code, code));
  if (!p) throw new Error(`no partner ${code}`);
  return p.id;
}

/** A member with `cards` linked cards (linked at `linkedAt`), answered with the cards' network tokens. */
export async function memberWithCards(db: Db, opts: { partnerId: number; tierLevel?: number; cards?: number; linkedAt?: Date; closed?: boolean; joinDate?: Date; enrollmentSource?: string }): Promise<{ memberId: number; tokens: string[]; cardIds: number[] }> {
  const n = ++serial;
  const tag = `${process.pid}-${n}-${randomBytes(3).toString('hex')}`;
  const [m] = await db.insert(members).values({
    partnerId: opts.partnerId, publicId: `cn-test-${tag}`, email: `cn-${tag}@example.com`, tierLevel: opts.tierLevel ?? 2,
    memberType: opts.closed ? 'ClosedAccountMember' : 'EnrolledCardMember', active: !opts.closed,
    ...(opts.joinDate ? { joinDate: opts.joinDate } : {}), ...(opts.enrollmentSource ? { enrollmentSource: opts.enrollmentSource } : {}),
  }).returning({ id: members.id });
  const cards = await db.insert(memberCards).values(Array.from({ length: opts.cards ?? 1 }, (_, i) => ({
    partnerId: opts.partnerId, memberId: m!.id, cardType: 'Visa' as const, lastFour: String(1000 + ((n * 7 + i) % 9000)).slice(-4),
    description: 'Visa', fingerprint: `fp-${tag}-${i}`, networkToken: `ntk_test_${tag}_${i}`, createdAt: opts.linkedAt ?? new Date('2025-01-01T00:00:00Z'),
  }))).returning({ id: memberCards.id, token: memberCards.networkToken });
  return { memberId: m!.id, tokens: cards.map((c) => c.token), cardIds: cards.map((c) => c.id) };
}

/** Sets a restaurant's qualification data (the seed's are random). */
export async function setTerms(db: Db, merchantId: number, t: Partial<MerchantTerms> = {}): Promise<void> {
  await db.update(merchants).set({
    participating: t.active ?? true, benefitsAvailable: true, participationStart: t.participationStart ?? null, participationEnd: t.participationEnd ?? null,
    benefitHours: t.benefitHours ? t.benefitHours.map((d) => d.map((w) => ({ ...w }))) : null,
    blackoutDates: [...(t.blackoutDates ?? [])], monthlyVisitLimit: t.monthlyVisitLimit ?? null,
  }).where(eq(merchants.id, merchantId));
}

/** Receives events straight into the inbox (the webhook's one statement, without HTTP). */
export async function receive(db: Db, events: readonly CardNetworkEvent[]): Promise<void> {
  for (const e of events) await insertInboxEvent(db, e);
}

/** Makes rows look older (the sweep's clocks). */
export async function ageDines(db: Db, opts: { transactionIds: readonly string[]; days: number }): Promise<void> {
  await db.execute(sql`update dines set authorised_at = authorised_at - make_interval(days => ${opts.days}), cleared_at = cleared_at - make_interval(days => ${opts.days})
    where transaction_id in (select jsonb_array_elements_text(${JSON.stringify(opts.transactionIds)}::jsonb))`);
}
