import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberProgress, members, type MemberRow, type NewMemberRow } from '../../db/schema';
import { TIER_LEVELS } from '#shared/constants/member';

/** Every function takes the partner: a member of one partner does not exist on another's host. */

/** The database or an open transaction. */
type Executor = Pick<Db, 'select' | 'execute'>;

/** Whether a member of the partner (other than exceptId) uses this e-mail (stored lower case). */
export async function emailInUse(db: Executor, opts: { partnerId: number; email: string; exceptId?: number }): Promise<boolean> {
  const rows = await db.select({ id: members.id }).from(members)
    .where(and(
      eq(members.partnerId, opts.partnerId),
      eq(members.email, opts.email.toLowerCase()),
      opts.exceptId === undefined ? undefined : ne(members.id, opts.exceptId),
    ))
    .limit(1);
  return rows.length > 0;
}

/**
 * Serialises joins and changes of address (fix credentials, a confirmed e-mail change) for one e-mail of one partner until the transaction ends.
 * E-mails are not unique in the table (older accounts share one, §8), so the check-then-insert
 * needs this lock to stay race-free.
 */
export async function lockEmail(tx: Executor, opts: { partnerId: number; email: string }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${opts.partnerId}::int, hashtext(${opts.email.toLowerCase()}))`);
}

export async function findMemberByPublicId(db: Db, partnerId: number, publicId: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(and(eq(members.partnerId, partnerId), eq(members.publicId, publicId)));
  return row;
}

/** All accounts with this (lower-case) e-mail: older accounts may share one (§8 fix credentials). */
export function findMembersByEmail(db: Db, partnerId: number, email: string): Promise<MemberRow[]> {
  return db.select().from(members).where(and(eq(members.partnerId, partnerId), eq(members.email, email))).orderBy(asc(members.id));
}

export async function findMemberByPartnerNumber(db: Db, partnerId: number, partnerNumber: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(and(eq(members.partnerId, partnerId), eq(members.partnerNumber, partnerNumber)));
  return row;
}

export type MemberPatch = Partial<Pick<NewMemberRow,
  'firstName' | 'lastName' | 'address1' | 'address2' | 'city' | 'state' | 'zipCode' | 'phoneNumber' | 'smsOptIn' | 'emailOptIn'
  | 'tierLevel' | 'memberType' | 'active' | 'hasWebProfile' | 'smsConsentAt' | 'smsConsentVersion' | 'smsConsentText' | 'smsConsentSource'>>;

export async function updateMember(db: Db, partnerId: number, id: number, patch: MemberPatch): Promise<MemberRow | undefined> {
  const [row] = await db.update(members).set({ ...patch, updatedAt: new Date() })
    .where(and(eq(members.partnerId, partnerId), eq(members.id, id))).returning();
  return row;
}

/** Tier 1 → 2 in one statement, so two clicks cannot both activate; undefined when not NonActivated (or unknown). */
export async function activateMember(db: Pick<Db, 'update'>, partnerId: number, publicId: string): Promise<MemberRow | undefined> {
  const [row] = await db.update(members)
    .set({ tierLevel: TIER_LEVELS.OptedIn, hasWebProfile: true, active: true, updatedAt: new Date() })
    .where(and(eq(members.partnerId, partnerId), eq(members.publicId, publicId), eq(members.tierLevel, TIER_LEVELS.NonActivated)))
    .returning();
  return row;
}

/** The member's progress rows (qualified dines and rewards per calendar year) of the given years. */
export function findProgress(db: Db, partnerId: number, memberId: number, years: readonly number[]) {
  return db.select({ year: memberProgress.year, qualifiedDines: memberProgress.qualifiedDines, rewards: memberProgress.rewards })
    .from(memberProgress)
    .where(and(eq(memberProgress.partnerId, partnerId), eq(memberProgress.memberId, memberId), inArray(memberProgress.year, [...years])));
}
