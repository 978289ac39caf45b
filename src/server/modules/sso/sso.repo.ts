import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members, type MemberRow, type NewMemberRow } from '../../db/schema';

export async function findBySubject(db: Db, partnerId: number, subject: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(and(eq(members.partnerId, partnerId), eq(members.ssoSubject, subject)));
  return row;
}

/**
 * A member of this partner with this e-mail that single sign-on may take over: a known visitor
 * or an sso member not yet tied to a provider account. Direct members keep their password sign-in.
 */
export async function findLinkableByEmail(db: Db, partnerId: number, email: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(and(
    eq(members.partnerId, partnerId),
    eq(members.email, email),
    inArray(members.interfaceType, ['sso', 'known']),
    isNull(members.ssoSubject),
  )).orderBy(asc(members.id)).limit(1);
  return row;
}

/** Ties the member to the provider account; null when someone else linked it first. */
export async function linkMember(db: Pick<Db, 'update'>, memberId: number, subject: string, opts: { enrol: boolean }): Promise<MemberRow | undefined> {
  const [row] = await db.update(members)
    .set({
      ssoSubject: subject, interfaceType: 'sso', hasWebProfile: true, active: true, updatedAt: new Date(),
      // Auto-enrol partners: a NonActivated (1) visitor joins the programme (OptedIn, 2) on linking;
      // an opted-out visitor keeps their choice, higher tiers stay.
      ...(opts.enrol ? { tierLevel: sql`case when ${members.tierLevel} = 1 then 2 else ${members.tierLevel} end` } : {}),
    })
    .where(and(eq(members.id, memberId), isNull(members.ssoSubject)))
    .returning();
  return row;
}

/** Inserts the member; undefined when a concurrent sign-in created the same (partner, subject) first. */
export async function insertMember(db: Pick<Db, 'insert'>, values: NewMemberRow): Promise<MemberRow | undefined> {
  const [row] = await db.insert(members).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateNames(db: Db, memberId: number, names: { firstName: string; lastName: string }): Promise<void> {
  await db.update(members).set({ ...names, updatedAt: new Date() }).where(eq(members.id, memberId));
}
