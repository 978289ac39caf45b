import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members, prospects, type MemberRow, type NewMemberRow } from '../../db/schema';

/** The database or an open transaction: repository functions work inside either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Whether a member of the partner (other than exceptId) has this partner number (stored upper case). */
export async function partnerNumberInUse(db: Executor, opts: { partnerId: number; partnerNumber: string; exceptId?: number }): Promise<boolean> {
  const rows = await db.select({ id: members.id }).from(members)
    .where(and(
      eq(members.partnerId, opts.partnerId),
      eq(members.partnerNumber, opts.partnerNumber.toUpperCase()),
      opts.exceptId === undefined ? undefined : ne(members.id, opts.exceptId),
    ))
    .limit(1);
  return rows.length > 0;
}

export async function insertMember(tx: Executor, values: NewMemberRow): Promise<MemberRow> {
  const [row] = await tx.insert(members).values(values).returning();
  return row!;
}

/** Gives a known visitor (tier 1, no web profile) its web profile; undefined when someone got there first. */
export async function upgradeKnownVisitor(tx: Executor, opts: { id: number; partnerId: number; values: Partial<NewMemberRow> }): Promise<MemberRow | undefined> {
  const [row] = await tx.update(members).set({ ...opts.values, updatedAt: new Date() })
    .where(and(eq(members.id, opts.id), eq(members.partnerId, opts.partnerId), eq(members.hasWebProfile, false)))
    .returning();
  return row;
}

export async function insertProspect(db: Executor, values: { partnerId: number; email: string; referral: Record<string, string> }): Promise<void> {
  await db.insert(prospects).values(values);
}
