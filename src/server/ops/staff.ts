import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { staff, staffLoginFailures, staffSetupTokens, type StaffRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { dummyHash, hashPassword, verifyPassword } from '../lib/passwords';
import { getOrCreateSecret } from '../lib/secrets';
import { seal, sealingKey, unseal, type SealingKey } from '../lib/sealed';
import { ADDRESS_RULE, afterClientFailure, afterFailure, isLocked, waitMs, type FailureState } from '../modules/lockout';
import { LOCKOUT_MINUTES } from '#shared/constants/member';
import { hashToken } from '../plugins/session';
import { ROLE_PERMISSIONS, type StaffRole } from '#shared/rules/ops-permissions';
import type { z } from 'zod';
import type { ZOpsStaffMember, ZStaffMe } from '#shared/schemas/ops';
import { checkTotp, newTotpSecret, totpEnrolment } from './totp';

/**
 * Staff accounts of the operator console (issue 27): created with a one-time setup link (72
 * hours) where the person sets a password (argon2id) and confirms the second factor (TOTP, its
 * secret sealed under the console key); signed in with e-mail, password and code together.
 * Failures count per account (the members' lockout rule, modules/lockout; an administrator can
 * lift the lock) and per client address (slowed, then stopped), in staff_login_failures.
 */
export const SETUP_LINK_HOURS = 72;
export const SIGN_IN_FAILED = 'The e-mail, password or code is not right.';
const LOCKED = `This console account is locked for ${LOCKOUT_MINUTES} minutes after too many unsuccessful sign-ins. An administrator can unlock it sooner.`;


/** The key that seals TOTP secrets: OPS_SECRET_KEY, or (outside production) a random one kept in app_secrets. */
export async function staffSealingKey(db: Db, configured: string | null): Promise<SealingKey> {
  return sealingKey(configured ?? await getOrCreateSecret(db, 'ops-totp'));
}

export function toStaffMember(row: StaffRow, now = new Date(), lock: FailureState | null = null): z.infer<typeof ZOpsStaffMember> {
  return {
    id: row.id, email: row.email, name: row.name, role: row.role, allPartners: row.allPartners, partnerIds: row.partnerIds,
    status: row.status, locked: isLocked(lock, now), createdAt: row.createdAt.toISOString(),
  };
}

export function toStaffMe(row: StaffRow, sessionEndsAt: Date): z.infer<typeof ZStaffMe> {
  return {
    id: row.id, email: row.email, name: row.name, role: row.role, allPartners: row.allPartners, partnerIds: row.partnerIds,
    permissions: [...ROLE_PERMISSIONS[row.role]], sessionEndsAt: sessionEndsAt.toISOString(),
  };
}

export type NewStaff = { email: string; name: string; role: StaffRole; allPartners: boolean; partnerIds: number[] };

/**
 * A new staff account, pending until set up, and its setup link (`${origin}/setup?token=…`). An
 * e-mail that has an account already: 409.
 */
export async function createStaff(db: Db, key: SealingKey, opts: NewStaff & { origin: string; now?: Date }): Promise<{ row: StaffRow; setupLink: string }> {
  const now = opts.now ?? new Date();
  const [row] = await db.insert(staff).values({
    email: opts.email.trim().toLowerCase(), name: opts.name.trim(), role: opts.role, allPartners: opts.allPartners, partnerIds: opts.partnerIds,
    totpSecret: seal(key, newTotpSecret()), status: 'pending', createdAt: now, updatedAt: now,
  }).onConflictDoNothing().returning();
  if (!row) throw new AppError(409, 'There is a console account with this e-mail already.');
  return { row, setupLink: await newSetupLink(db, row.id, opts.origin, now) };
}

async function newSetupLink(db: Db, staffId: number, origin: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(staffSetupTokens).values({ id: hashToken(token), staffId, expiresAt: new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000) });
  return `${origin}/setup?token=${token}`;
}

async function setupTarget(db: Db, token: string, now: Date): Promise<StaffRow> {
  const [found] = await db.select({ staff }).from(staffSetupTokens).innerJoin(staff, eq(staff.id, staffSetupTokens.staffId))
    .where(and(eq(staffSetupTokens.id, hashToken(token)), isNull(staffSetupTokens.usedAt), gt(staffSetupTokens.expiresAt, now)));
  if (!found || found.staff.status === 'disabled') throw AppError.notFound('This setup link is not valid any more. Ask an administrator for a new one.');
  return found.staff;
}

/** What the setup page shows: who, and the second factor's secret to add to an authenticator app. */
export async function setupInfo(db: Db, key: SealingKey, token: string, now = new Date()) {
  const row = await setupTarget(db, token, now);
  const secret = unseal(key, row.totpSecret!);
  return { email: row.email, name: row.name, secret, ...await totpEnrolment(secret, row.email) };
}

/** Sets the password once the first code proves the authenticator holds the secret; the link is used up. */
export async function completeSetup(db: Db, key: SealingKey, opts: { token: string; password: string; code: string; now?: Date }): Promise<StaffRow> {
  const now = opts.now ?? new Date();
  const row = await setupTarget(db, opts.token, now);
  const step = checkTotp(unseal(key, row.totpSecret!), opts.code, null, now.getTime());
  if (step === null) throw AppError.badRequest('That code is not right. Check the time on your phone and type the code your authenticator app shows now.', [{ field: 'code', message: 'That code is not right.' }]);
  const passwordHash = await hashPassword(opts.password);
  return db.transaction(async (tx) => {
    const used = await tx.update(staffSetupTokens).set({ usedAt: now }).where(and(eq(staffSetupTokens.id, hashToken(opts.token)), isNull(staffSetupTokens.usedAt))).returning();
    if (used.length === 0) throw AppError.notFound('This setup link is not valid any more. Ask an administrator for a new one.');
    const [updated] = await tx.update(staff).set({ passwordHash, totpLastStep: step, status: 'active', updatedAt: now }).where(eq(staff.id, row.id)).returning();
    return updated!;
  });
}

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

async function readFailures(db: Db, key: string): Promise<FailureState | null> {
  const [row] = await db.select().from(staffLoginFailures).where(eq(staffLoginFailures.key, key));
  return row ?? null;
}

async function countFailure(db: Db, key: string, next: (s: FailureState | null) => FailureState): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(staffLoginFailures).values({ key, failures: 0 }).onConflictDoNothing();
    const [row] = await tx.select().from(staffLoginFailures).where(eq(staffLoginFailures.key, key)).for('update');
    await tx.update(staffLoginFailures).set(next(row && row.failures > 0 ? row : null)).where(eq(staffLoginFailures.key, key));
  });
}

export const staffLock = (db: Db, email: string) => readFailures(db, accountKey(email));
export const unlockStaff = (db: Db, email: string) => db.delete(staffLoginFailures).where(eq(staffLoginFailures.key, accountKey(email)));

/**
 * E-mail, password and code together; one answer for any wrong part (nothing tells which was
 * wrong). Refused before any check: a stopped client (429), a locked account (423).
 */
export async function signInStaff(db: Db, key: SealingKey, opts: { email: string; password: string; code: string; address: string; now?: Date }): Promise<StaffRow> {
  const now = opts.now ?? new Date();
  const wait = waitMs(await readFailures(db, addressKey(opts.address)), now);
  if (wait > 0) throw new AppError(429, `Too many unsuccessful sign-ins from this address. Please wait ${Math.ceil(wait / 1000)} seconds and try again.`, { retryAfterSeconds: Math.ceil(wait / 1000) });
  if (isLocked(await readFailures(db, accountKey(opts.email)), now)) throw new AppError(423, LOCKED, { code: 'locked' });
  const [row] = await db.select().from(staff).where(eq(staff.email, opts.email.trim().toLowerCase()));
  const passwordOk = await verifyPassword(row?.passwordHash ?? await dummyHash(), opts.password);
  const step = row?.totpSecret && passwordOk ? checkTotp(unseal(key, row.totpSecret), opts.code, row.totpLastStep, now.getTime()) : null;
  if (!row || row.status !== 'active' || !passwordOk || step === null) {
    await countFailure(db, accountKey(opts.email), (s) => afterFailure(s, now));
    await countFailure(db, addressKey(opts.address), (s) => afterClientFailure(s, now, ADDRESS_RULE));
    throw AppError.unauthorized(SIGN_IN_FAILED);
  }
  // The code is used up (a replay in the same 30 seconds fails); a success forgets the account's failures.
  const [updated] = await db.update(staff).set({ totpLastStep: step }).where(and(eq(staff.id, row.id), sql`coalesce(${staff.totpLastStep}, 0) < ${step}`)).returning();
  if (!updated) throw AppError.unauthorized(SIGN_IN_FAILED);
  await unlockStaff(db, row.email);
  return updated;
}

/** A new setup link for an account (a lost phone or password): the account is pending again with a new secret. */
export async function resetStaff(db: Db, key: SealingKey, opts: { staffId: number; origin: string; now?: Date }): Promise<string> {
  const now = opts.now ?? new Date();
  await db.update(staff).set({ status: 'pending', passwordHash: null, totpSecret: seal(key, newTotpSecret()), totpLastStep: null, updatedAt: now }).where(eq(staff.id, opts.staffId));
  return newSetupLink(db, opts.staffId, opts.origin, now);
}
