import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberCards, members, partnerCards, partners, type MemberCardRow, type MemberRow, type PartnerCardRow, type PartnerRow } from '../../db/schema';
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

/** Every card of the member on this partner (closing the account). */
export async function deleteAllMemberCards(tx: Db, { partnerId, memberId }: Owner): Promise<number> {
  const rows = await tx.delete(memberCards).where(and(eq(memberCards.partnerId, partnerId), eq(memberCards.memberId, memberId))).returning({ id: memberCards.id });
  return rows.length;
}

export async function countMemberCards(tx: Db, { partnerId, memberId }: Owner): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(memberCards)
    .where(and(eq(memberCards.partnerId, partnerId), eq(memberCards.memberId, memberId)));
  return row?.n ?? 0;
}

export async function setMemberType(tx: Db, memberId: number, memberType: MemberType, extra: { active?: boolean } = {}): Promise<void> {
  await tx.update(members).set({ memberType, ...extra, updatedAt: new Date() }).where(eq(members.id, memberId));
}

/**
 * Serialises links of the same card across partners until the end of the transaction (one
 * advisory lock per fingerprint, taken in sorted order so two links never wait on each other in a
 * cycle): a card cannot end up linked in two programmes by two links at once.
 */
export async function lockFingerprints(tx: Db, fingerprints: readonly string[]): Promise<void> {
  for (const f of [...new Set(fingerprints)].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${f}, 0))`);
}

export type OtherProgrammeCard = {
  id: number; memberId: number; partnerId: number; cardType: MemberCardRow['cardType']; lastFour: string; fingerprint: string;
  partner: Pick<PartnerRow, 'name' | 'copyStates'>;
};

/** Where this card is linked in the other partners' programmes of this deployment (by any of its fingerprints). */
export async function cardsInOtherProgrammes(tx: Db, partnerId: number, fingerprints: readonly string[]): Promise<OtherProgrammeCard[]> {
  if (fingerprints.length === 0) return [];
  return tx.select({
    id: memberCards.id, memberId: memberCards.memberId, partnerId: memberCards.partnerId, cardType: memberCards.cardType, lastFour: memberCards.lastFour,
    fingerprint: memberCards.fingerprint, partner: { name: partners.name, copyStates: partners.copyStates },
  }).from(memberCards).innerJoin(partners, eq(partners.id, memberCards.partnerId))
    .where(and(ne(memberCards.partnerId, partnerId), inArray(memberCards.fingerprint, [...fingerprints])))
    .orderBy(asc(memberCards.id));
}

/** Removes a card from its programme (it moves to another); answers whether it was still there. */
export async function removeMovedCard(tx: Db, id: number): Promise<boolean> {
  const gone = await tx.delete(memberCards).where(eq(memberCards.id, id)).returning({ id: memberCards.id });
  return gone.length > 0;
}
