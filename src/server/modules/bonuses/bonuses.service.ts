import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow } from '../../db/schema';
import type { ActiveBonus } from '#shared/schemas/member';
import { AppError } from '../../lib/app-error';
import { bonusOpen, bonusStatus, inAudience, windowEnd, type BonusKind, type BonusStatus } from '#shared/rules/bonuses';
import { KeptUntilChange } from '../../db/kept-until-change';
import { activeProgrammes, enrol, enrolmentsOf, insertAwards, programmeByCode, type Enrolment, type Executor, type ProgrammeRow } from './bonuses.repo';
import { progressYear } from '#shared/rules/rewards/local-time';

/**
 * Bonuses of a member (docs/api-bonuses.md): the §3 `activeBonuses` of GET /api/Member, registration
 * (§7 POST /api/Member/Bonus/{code}) and the reservation bonus hook. Awarding on dines is the
 * engine's (card-network/decisions.ts), with the same rules (src/shared/rules/bonuses.ts).
 */

export const BONUS_NOT_FOUND = 'There is no bonus with this code on this site.';
export const BONUS_NO_REGISTRATION = 'This bonus needs no registration: it is added when you dine after booking a table.';
export const BONUS_ACCOUNT_CLOSED = 'Your account is closed, so it cannot take part in bonuses.';
export const BONUS_NOT_AVAILABLE = 'This bonus is not available to your account.';
export const BONUS_WINDOW_CLOSED = 'This bonus is no longer available: it was open for a limited time after joining.';

const asBonusMember = (m: Pick<MemberRow, 'joinDate' | 'enrollmentSource'>) => ({ joinDate: m.joinDate, enrollmentSource: m.enrollmentSource });
const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/**
 * The member's bonuses as §3 `activeBonuses`: every new-member and injected programme of the
 * partner the member is in, at its stage (Eligible while open and not registered, Enrolled once
 * registered or for injected bonuses, Qualified once awarded); a bonus whose window closed
 * without a qualifying dine is left out. `createDateUtc`: when the bonus became the member's
 * (registration or award; for one not registered yet, joining or the programme's start, the
 * later), which the banners' days_to_display counts from. Each carries its programme's terms
 * (amount, minimum spend, and the deadline: joining + the window) for the screens to word.
 */
export async function activeBonuses(db: Db, member: Pick<MemberRow, 'id' | 'partnerId' | 'joinDate' | 'enrollmentSource'>, now: Date = new Date()): Promise<ActiveBonus[]> {
  const programmes = await activeProgrammes(db, { partnerId: member.partnerId, kinds: STANDING_KINDS });
  if (programmes.length === 0) return [];
  return bonusesOf(member, programmes, await enrolmentsOf(db, [member.id], member.partnerId), now);
}

/** NOTIFY on this channel when bonus_programmes changes (migration 0049's trigger, whatever wrote it). */
export const BONUS_PROGRAMMES_CHANNEL = 'bonus_programmes';
/**
 * Each partner's active bonus programmes (every kind, oldest first), the same for every member of
 * the partner: read once per change of bonus_programmes, not on every signed-in page (issue 30
 * item 3; db/kept-until-change.ts). The arrays are shared: read them, never change them.
 */
export type KeptProgrammes = KeptUntilChange<number, readonly ProgrammeRow[]>;
export const keepProgrammes = (db: Db): Promise<KeptProgrammes> =>
  KeptUntilChange.start(db, BONUS_PROGRAMMES_CHANNEL, (partnerId: number): Promise<readonly ProgrammeRow[]> => activeProgrammes(db, { partnerId }));

/** The kinds of programme a member's §3 activeBonuses shows. */
const STANDING_KINDS = ['newMember', 'injected'] as const satisfies readonly BonusKind[];

/**
 * activeBonuses from what was read: the active programmes of the member's partner (any kinds:
 * those activeBonuses shows are picked here) and the member's enrolments. Programmes or
 * enrolments of anyone else are ignored, whoever passed them.
 */
export function bonusesOf(member: Pick<MemberRow, 'id' | 'partnerId' | 'joinDate' | 'enrollmentSource'>, partnerProgrammes: readonly ProgrammeRow[], memberEnrolments: readonly Enrolment[], now: Date): ActiveBonus[] {
  const programmes = partnerProgrammes.filter((p) => p.partnerId === member.partnerId && (STANDING_KINDS as readonly BonusKind[]).includes(p.kind));
  if (programmes.length === 0) return [];
  const enrolments = new Map(memberEnrolments.filter((e) => e.memberId === member.id).map((e) => [e.bonusId, e]));
  const who = asBonusMember(member);
  const staged = programmes.flatMap((p) => {
    const e = enrolments.get(p.id);
    const status = bonusStatus({ programme: p, member: who, enrolled: e !== undefined && e.status !== 'Eligible', qualified: e?.status === 'Qualified', now });
    return status ? [{ p, e, status }] : [];
  });
  const eligibleForNmb = staged.some((s) => s.p.kind === 'newMember' && s.status !== 'Qualified');
  return staged.map(({ p, e, status }) => ({
    code: p.code,
    bonusStatus: status,
    createDateUtc: (e?.createdAt ?? later(member.joinDate, p.createdAt)).toISOString(),
    isNewMemberBonus: p.kind === 'newMember',
    description: p.description,
    memberIsEligibleForNMB: eligibleForNmb,
    amount: p.amount,
    minSpendCents: p.minSpendCents,
    deadlineUtc: windowEnd(p, who).toISOString(),
  }));
}

/**
 * §7 POST /api/Member/Bonus/{code}: registers the signed-in member for one of this partner's
 * bonuses. Another partner's code is unknown here (404, like a code that does not exist). A
 * repeat, or a bonus already Enrolled (injected bonuses) or Qualified, answers the same: the
 * member is registered. Answers the stage after it.
 */
export async function registerForBonus(db: Db, opts: { partner: Pick<PartnerRow, 'id'>; member: MemberRow; code: string; now?: Date }): Promise<BonusStatus> {
  const now = opts.now ?? new Date();
  const { member } = opts;
  const programme = await programmeByCode(db, opts.partner.id, opts.code);
  if (!programme || programme.partnerId !== member.partnerId) throw AppError.notFound(BONUS_NOT_FOUND);
  if (programme.kind === 'reservation') throw AppError.badRequest(BONUS_NO_REGISTRATION);
  if (member.memberType === 'ClosedAccountMember' || !member.active) throw AppError.forbidden(BONUS_ACCOUNT_CLOSED);
  const [existing] = await enrolmentsOf(db, [member.id], member.partnerId).then((all) => all.filter((e) => e.bonusId === programme.id));
  if (existing && existing.status !== 'Eligible') return existing.status;
  if (!inAudience(programme, member)) throw AppError.forbidden(BONUS_NOT_AVAILABLE);
  if (!bonusOpen(programme, asBonusMember(member), now)) throw AppError.forbidden(BONUS_WINDOW_CLOSED);
  return enrol(db, { partnerId: member.partnerId, memberId: member.id, bonusId: programme.id, now });
}

/**
 * §1 hasAutoEnroll: a partner that enrols its members automatically registers a member who joins
 * (direct joining, single sign-on first sign-in, activation of a known visitor) for its
 * new-member bonuses at once, so they are Enrolled from the start and never asked to register.
 * The same rules as a registration from the banner: only programmes still open to the member
 * (window from joining), registered now, so dines from now on count and the minimum spend holds.
 * Other partners' members stay Eligible. Runs in the caller's transaction when given one; a
 * repeat changes nothing. Answers the codes the member is registered for now.
 */
export async function autoEnrolNewMember(db: Executor, opts: {
  partner: Pick<PartnerRow, 'id' | 'hasAutoEnroll'>;
  member: Pick<MemberRow, 'id' | 'partnerId' | 'joinDate' | 'enrollmentSource'>;
  now?: Date;
}): Promise<string[]> {
  const { partner, member } = opts;
  if (!partner.hasAutoEnroll || member.partnerId !== partner.id) return [];
  const now = opts.now ?? new Date();
  const open = (await activeProgrammes(db, { partnerId: partner.id, kinds: ['newMember'] })).filter((p) => bonusOpen(p, asBonusMember(member), now));
  for (const p of open) await enrol(db, { partnerId: partner.id, memberId: member.id, bonusId: p.id, now });
  return open.map((p) => p.code);
}

export type ReservationBonusResult = { awarded: true; rewardId: number } | { awarded: false; reason: 'notOffered' | 'alreadyAwarded' | 'memberNotFound' };

/**
 * The reservation bonus hook (§9: 50 bonus miles, per partner in `bonus_programmes`, kind
 * 'reservation'), for the reservations issue to call once a reservation is honoured (a qualified
 * dine at the restaurant cleared within the window around the booking). Awards the partner's
 * reservation bonus as a B reward exactly once per reservation, however often it is called: the
 * award is unique by member, bonus and `reservation:<reservationId>`. Runs in its own transaction,
 * locking the member first (the engine's and the payout jobs' order).
 */
export async function awardReservationBonus(db: Db, opts: { partnerId: number; memberId: number; reservationId: string; dineId?: number | null }): Promise<ReservationBonusResult> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select id, state from members where id = ${opts.memberId} and partner_id = ${opts.partnerId} for update`);
    const member = (locked as unknown as { rows: Array<{ state: string }> }).rows[0];
    if (!member) return { awarded: false, reason: 'memberNotFound' } as const;
    const [programme] = await activeProgrammes(tx, { partnerId: opts.partnerId, kinds: ['reservation'] });
    const offered = await tx.execute(sql`select has_reservation_bonus from partners where id = ${opts.partnerId}`);
    const has = (offered as unknown as { rows: Array<{ has_reservation_bonus: boolean }> }).rows[0]?.has_reservation_bonus === true;
    if (!programme || !has) return { awarded: false, reason: 'notOffered' } as const;
    const [done] = await insertAwards(tx, [{
      partnerId: opts.partnerId, memberId: opts.memberId, bonusId: programme.id, awardKey: `reservation:${opts.reservationId}`,
      dineId: opts.dineId ?? null, amount: programme.amount, description: programme.description,
    }]);
    if (!done) return { awarded: false, reason: 'alreadyAwarded' } as const;
    await addToYearRewards(tx, { memberId: opts.memberId, partnerId: opts.partnerId, year: progressYear(new Date(), member.state), amount: programme.amount });
    return { awarded: true, rewardId: done.rewardId } as const;
  });
}

/** A bonus (or a console adjustment) counts in the year's rewards (dine summary, ytd), never as a dine. */
export async function addToYearRewards(tx: Pick<Db, 'execute'>, opts: { memberId: number; partnerId: number; year: number; amount: number }) {
  await tx.execute(sql`
    insert into member_progress (member_id, year, partner_id, qualified_dines, rewards, updated_at)
    values (${opts.memberId}, ${opts.year}, ${opts.partnerId}, 0, ${opts.amount}, now())
    on conflict (member_id, year) do update set rewards = member_progress.rewards + excluded.rewards, updated_at = now()`);
}

