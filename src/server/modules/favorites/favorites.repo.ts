import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberFavorites, members, merchants, type MerchantRow } from '../../db/schema';

/** The member's favourites with their restaurants, newest first. */
export async function favoritesOf(db: Db, memberId: number): Promise<Array<{ merchant: MerchantRow; addedAt: Date }>> {
  const rows = await db.select({ merchant: merchants, addedAt: memberFavorites.createdAt })
    .from(memberFavorites)
    .innerJoin(merchants, eq(merchants.id, memberFavorites.merchantId))
    .where(eq(memberFavorites.memberId, memberId))
    .orderBy(desc(memberFavorites.createdAt), desc(memberFavorites.merchantId));
  return rows;
}

export type AddOutcome = { kind: 'added' | 'existing'; addedAt: Date } | { kind: 'noMerchant' } | { kind: 'full' };

/**
 * Adds a favourite once: the member's row is locked first, so parallel adds of one member count
 * against the limit one after another, and the primary key makes a repeated add the same row.
 */
export async function addFavorite(db: Db, memberId: number, merchantId: number, limit: number): Promise<AddOutcome> {
  return db.transaction(async (tx) => {
    await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
    const [existing] = await tx.select({ addedAt: memberFavorites.createdAt }).from(memberFavorites)
      .where(and(eq(memberFavorites.memberId, memberId), eq(memberFavorites.merchantId, merchantId)));
    if (existing) return { kind: 'existing', addedAt: existing.addedAt };
    const [merchant] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId));
    if (!merchant) return { kind: 'noMerchant' };
    const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(memberFavorites).where(eq(memberFavorites.memberId, memberId));
    if ((counted?.n ?? 0) >= limit) return { kind: 'full' };
    const [row] = await tx.insert(memberFavorites).values({ memberId, merchantId })
      .onConflictDoNothing()
      .returning({ addedAt: memberFavorites.createdAt });
    if (row) return { kind: 'added', addedAt: row.addedAt };
    // Added meanwhile by a call that did not wait for the lock (cannot happen with it; kept honest).
    const [again] = await tx.select({ addedAt: memberFavorites.createdAt }).from(memberFavorites)
      .where(and(eq(memberFavorites.memberId, memberId), eq(memberFavorites.merchantId, merchantId)));
    return { kind: 'existing', addedAt: again!.addedAt };
  });
}

/** Removes a favourite; true when there was one. */
export async function removeFavorite(db: Db, memberId: number, merchantId: number): Promise<boolean> {
  const gone = await db.delete(memberFavorites)
    .where(and(eq(memberFavorites.memberId, memberId), eq(memberFavorites.merchantId, merchantId)))
    .returning({ merchantId: memberFavorites.merchantId });
  return gone.length > 0;
}
