import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberCards, members, partnerCards, type MemberCardRow, type MemberRow, type PartnerCardRow } from '../../db/schema';
import type { MemberType } from '#shared/constants/member';

export type NewMemberCard = typeof memberCards.$inferInsert;
type Owner = { partnerId: number; memberId: number };

export function listMemberCards(db: Db, { partnerId, memberId }: Owner): Promise<MemberCardRow[]> {
  return db.select().from(memberCards)
    .where(and(eq(memberCards.partnerId, partnerId), eq(memberCards.memberId, memberId)))
    .orderBy(asc(memberCards.id));
}

export function listPartnerCards(db: Db, { partnerId, memberId }: Owner): Promise<PartnerCardRow[]> {
  return db.select().from(partnerCards)
    .where(and(eq(partnerCards.partnerId, partnerId), eq(partnerCards.memberId, memberId)))
    .orderBy(asc(partnerCards.id));
}

/** The member row, locked until the end of the transaction: one card change per member at a time. */
export async function lockMember(tx: Db, memberId: number): Promise<MemberRow | undefined> {
  const [row] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
  return row;
}

/** Who holds this card on this partner, if anyone: its fingerprints under the current and earlier keys. */
export async function cardHolder(tx: Db, partnerId: number, fingerprints: string[]): Promise<{ memberId: number; id: number; fingerprint: string } | undefined> {
  const [row] = await tx.select({ memberId: memberCards.memberId, id: memberCards.id, fingerprint: memberCards.fingerprint }).from(memberCards)
    .where(and(eq(memberCards.partnerId, partnerId), inArray(memberCards.fingerprint, fingerprints)));
  return row;
}

/** Moves a card's fingerprint to the current key (key rotation, docs/card-keys.md). */
export async function rekeyMemberCard(tx: Db, id: number, fingerprint: string, fingerprintKeyId: string): Promise<void> {
  await tx.update(memberCards).set({ fingerprint, fingerprintKeyId }).where(eq(memberCards.id, id));
}

/** Inserts the card; undefined when the partner already has a card with this fingerprint. */
export async function insertMemberCard(tx: Db, card: NewMemberCard): Promise<MemberCardRow | undefined> {
  const [row] = await tx.insert(memberCards).values(card).onConflictDoNothing().returning();
  return row;
}

export async function deleteMemberCard(tx: Db, { partnerId, memberId, id }: Owner & { id: number }): Promise<MemberCardRow | undefined> {
  const [row] = await tx.delete(memberCards)
    .where(and(eq(memberCards.id, id), eq(memberCards.partnerId, partnerId), eq(memberCards.memberId, memberId)))
    .returning();
  return row;
}

export async function countMemberCards(tx: Db, { partnerId, memberId }: Owner): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(memberCards)
    .where(and(eq(memberCards.partnerId, partnerId), eq(memberCards.memberId, memberId)));
  return row?.n ?? 0;
}

export async function setMemberType(tx: Db, memberId: number, memberType: MemberType, extra: { active?: boolean } = {}): Promise<void> {
  await tx.update(members).set({ memberType, ...extra, updatedAt: new Date() }).where(eq(members.id, memberId));
}
