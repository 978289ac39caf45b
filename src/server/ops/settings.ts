import { and, asc, desc, eq, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { auditLog, partners, settingsChanges, staff, type PartnerRow, type SettingsChangeRow, type StaffRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { PARTNER_SETTINGS_CHANNEL } from '../plugins/partner';
import { decisionCheck, EXPIRED } from './approvals';
import { approvalExpiry } from '#shared/rules/adjustments';
import { inScope, type PartnerScope } from '#shared/rules/ops-permissions';
import { paysStatementCredits } from '#shared/rules/partner-features';
import {
  needsApproval, reservedHostProblem, sameValue, SETTING_FIELDS, settingLabel, phoneDigits, type SupportContacts, SWITCH_KEYS, type SettingField,
} from '#shared/rules/partner-settings';
import type { EarnRates } from '#shared/rules/rewards/policy';
import type { PartnerSettings, SettingsChange, SettingsChangeRequest, SettingsChangeStatus } from '#shared/schemas/ops-settings';
import type { CustomerSupport } from '#shared/schemas/partner';

/**
 * Partner settings in the console (issue 27 item 6, rules/partner-settings.ts): a change applies
 * at once, except what changes what members earn, which waits up to 72 hours for a second person
 * (never the requester; the rule of server/ops/approvals.ts, shared with reward adjustments) and
 * applies only when approved. Every change is a settings_changes row (who, when, why, before and
 * after) and an audit entry. The settings are the partner row's own columns: the earning policy
 * and the partner sites read them there; on commit NOTIFY partner_settings makes every server
 * reload its partner directory (plugins/partner.ts), so a change reaches running sites at once.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const NOTHING_CHANGES = 'Nothing changes: the settings already have these values.';
export const CHANGED_SINCE = 'These settings have changed since this request was made: reject it and ask again from the current values.';
export const NO_SUCH_PARTNER = 'There is no such partner among yours.';
export const NO_PAYOUTS = 'Only cash-back partners pay statement credits: this partner has no payout breakpoint to change.';
const NO_SUCH_CHANGE = 'There is no settings change with this id among your partners.';

/** A partner's settings as the console shows them, from its row. */
export function settingsOf(p: PartnerRow): PartnerSettings {
  const switches = Object.fromEntries(SWITCH_KEYS.map((k) => [k, p[k]])) as Pick<PartnerSettings, (typeof SWITCH_KEYS)[number]>;
  const limits = p.adjustmentLimits;
  return {
    ...switches,
    earnRates: [...p.earnRates] as PartnerSettings['earnRates'],
    earnBasis: p.earnBasis,
    vipQualifyingDines: p.vipQualifyingDines,
    payoutBreakpointCents: p.payoutBreakpointCents,
    adjustmentLimits: limits && limits.agent !== undefined && limits.supervisor !== undefined && limits.administrator !== undefined
      ? { agent: limits.agent, supervisor: limits.supervisor, administrator: limits.administrator } : null,
    customerSupport: supportFromStored(p.customerSupport),
    vipCustomerSupport: p.vipCustomerSupport ? supportFromStored(p.vipCustomerSupport) : null,
    hosts: [...p.hosts],
  };
}

/** The partner row's columns for some settings. */
function rowPatch(values: Partial<PartnerSettings>): Partial<PartnerRow> {
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values) as [SettingField, unknown][]) {
    if (field === 'customerSupport') patch.customerSupport = supportToStored(value as PartnerSettings['customerSupport']);
    else if (field === 'vipCustomerSupport') patch.vipCustomerSupport = value ? supportToStored(value as NonNullable<PartnerSettings['vipCustomerSupport']>) : null;
    else if (field === 'earnRates') patch.earnRates = [...(value as EarnRates)];
    else patch[field] = value;
  }
  return patch as Partial<PartnerRow>;
}

const pick = (s: PartnerSettings, fields: readonly SettingField[]) => Object.fromEntries(fields.map((f) => [f, s[f]]));

/** Writes settings to the partner row and tells every server to reload its partners (on commit). */
async function apply(tx: Tx, partnerId: number, values: Partial<PartnerSettings>): Promise<void> {
  await tx.update(partners).set(rowPatch(values)).where(eq(partners.id, partnerId));
  await tx.execute(sql`select pg_notify(${PARTNER_SETTINGS_CHANNEL}, ${String(partnerId)})`);
}

/** Host names taken elsewhere: another partner's, one PARTNER_HOSTS gives another partner, the console's own. */
async function checkHosts(tx: Tx, partner: PartnerRow, hosts: readonly string[], opts: { opsHost: string | null; partnerHosts: Record<string, string> }): Promise<void> {
  const others = await tx.select({ code: partners.code, hosts: partners.hosts }).from(partners).where(ne(partners.id, partner.id));
  const otherCodes = others.map((o) => o.code.toLowerCase());
  const problems = hosts.flatMap((host, i) => {
    const owner = others.find((o) => o.hosts.some((h) => h.toLowerCase() === host))?.code
      ?? Object.entries(opts.partnerHosts).find(([h, code]) => h === host && code !== partner.code.toLowerCase())?.[1];
    const message = owner ? `${host} already serves another partner (${owner}).` : reservedHostProblem(host, { opsHost: opts.opsHost, otherCodes });
    return message ? [{ field: `changes.hosts.${i}`, message }] : [];
  });
  if (problems.length) throw AppError.badRequest(problems[0]!.message, problems);
}

/**
 * A staff member's change: the fields that differ from the current values split into those that
 * apply now and those that wait for a second person (needsApproval). A change of nothing is refused.
 */
export async function changeSettings(db: Db, opts: {
  by: StaffRow; partnerId: number; request: SettingsChangeRequest; opsHost: string | null; partnerHosts: Record<string, string>; now?: Date;
}): Promise<{ applied: number | null; pending: number | null; audit: Array<{ id: number; fields: SettingField[]; before: unknown; after: unknown; waits: boolean }> }> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const [partner] = await tx.select().from(partners).where(eq(partners.id, opts.partnerId)).for('update');
    if (!partner) throw AppError.notFound(NO_SUCH_PARTNER);
    const current = settingsOf(partner);
    const wanted = opts.request.changes as Partial<PartnerSettings>;
    const fields = SETTING_FIELDS.filter((f) => f in wanted && !sameValue(current[f], wanted[f]));
    if (fields.length === 0) throw AppError.badRequest(NOTHING_CHANGES, [{ field: 'changes', message: NOTHING_CHANGES }]);
    if (fields.includes('hosts')) await checkHosts(tx, partner, wanted.hosts ?? [], opts);
    if (fields.includes('payoutBreakpointCents') && !paysStatementCredits(partner)) {
      throw AppError.badRequest(NO_PAYOUTS, [{ field: 'changes.payoutBreakpointCents', message: NO_PAYOUTS }]);
    }
    const result = { applied: null as number | null, pending: null as number | null, audit: [] as Array<{ id: number; fields: SettingField[]; before: unknown; after: unknown; waits: boolean }> };
    for (const waits of [false, true]) {
      const part = fields.filter((f) => needsApproval(f) === waits);
      if (part.length === 0) continue;
      const after = pick({ ...current, ...wanted } as PartnerSettings, part);
      const before = pick(current, part);
      const [row] = await tx.insert(settingsChanges).values({
        partnerId: partner.id, fields: part, before, after, reason: opts.request.reason, requestedBy: opts.by.id, requestedAt: now,
        status: waits ? 'PendingApproval' : 'Applied', expiresAt: waits ? approvalExpiry(now) : null,
      }).returning({ id: settingsChanges.id });
      if (!waits) await apply(tx, partner.id, after as Partial<PartnerSettings>);
      result[waits ? 'pending' : 'applied'] = row!.id;
      result.audit.push({ id: row!.id, fields: part, before, after, waits });
    }
    return result;
  });
}

export type Decision = { decision: 'approve' | 'reject'; note?: string };

/**
 * A second person's decision on a waiting change: approve applies it (when the settings still
 * have the values it was asked from), reject closes it. Refused for the requester, for a change
 * no longer waiting, and for one past its 72 hours (marked Expired then).
 */
export async function decideSettingsChange(db: Db, opts: { by: StaffRow; scope: PartnerScope; changeId: number; decision: Decision; now?: Date }): Promise<SettingsChangeRow> {
  const now = opts.now ?? new Date();
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(settingsChanges).where(eq(settingsChanges.id, opts.changeId)).for('update');
    if (!row || !inScope(opts.scope, row.partnerId)) throw AppError.notFound(NO_SUCH_CHANGE);
    if (decisionCheck(row, opts.by, now, 'settings change') === 'expired') {
      await tx.update(settingsChanges).set({ status: 'Expired', decidedAt: now }).where(eq(settingsChanges.id, row.id));
      return 'expired' as const;
    }
    const decided = { decidedBy: opts.by.id, decidedAt: now, decisionNote: opts.decision.note?.trim() || null };
    if (opts.decision.decision === 'approve') {
      const [partner] = await tx.select().from(partners).where(eq(partners.id, row.partnerId)).for('update');
      const current = settingsOf(partner!);
      const fields = row.fields as SettingField[];
      if (!fields.every((f) => sameValue(current[f], row.before[f]))) throw new AppError(409, CHANGED_SINCE);
      await apply(tx, row.partnerId, row.after as Partial<PartnerSettings>);
    }
    const [after] = await tx.update(settingsChanges).set({ ...decided, status: opts.decision.decision === 'approve' ? 'Applied' : 'Rejected' })
      .where(eq(settingsChanges.id, row.id)).returning();
    return after!;
  });
  if (outcome === 'expired') throw new AppError(409, EXPIRED);
  return outcome;
}

/** Marks Expired the changes that waited past their 72 hours (the staff sweep), each in the audit log. */
export async function expireSettingsChanges(db: Db, now: Date): Promise<number> {
  const expired = await db.update(settingsChanges).set({ status: 'Expired', decidedAt: now })
    .where(and(eq(settingsChanges.status, 'PendingApproval'), lte(settingsChanges.expiresAt, now))).returning();
  if (expired.length > 0) {
    await db.insert(auditLog).values(expired.map((c) => ({
      action: 'settings.expired', partnerId: c.partnerId, target: `settings-change:${c.id}`, before: { status: 'PendingApproval' }, after: { status: 'Expired' },
    })));
  }
  return expired.length;
}

const requester = alias(staff, 'requester');
const decider = alias(staff, 'decider');

/** A partner's settings changes as the console shows them: waiting ones oldest first, or the history newest first. */
export async function listSettingsChanges(db: Db, partnerId: number, opts: { pending?: boolean; id?: number; limit?: number } = {}): Promise<SettingsChange[]> {
  const conditions = [eq(settingsChanges.partnerId, partnerId)];
  if (opts.pending) conditions.push(eq(settingsChanges.status, 'PendingApproval'));
  if (opts.id !== undefined) conditions.push(eq(settingsChanges.id, opts.id));
  const rows = await db.select({ c: settingsChanges, partnerCode: partners.code, requesterName: requester.name, deciderName: decider.name })
    .from(settingsChanges)
    .innerJoin(partners, eq(partners.id, settingsChanges.partnerId))
    .innerJoin(requester, eq(requester.id, settingsChanges.requestedBy))
    .leftJoin(decider, eq(decider.id, settingsChanges.decidedBy))
    .where(and(...conditions))
    .orderBy(opts.pending ? asc(settingsChanges.id) : desc(settingsChanges.id)).limit(opts.limit ?? 200);
  return rows.map(({ c, partnerCode, requesterName, deciderName }) => ({
    id: c.id, partnerCode, fields: c.fields as SettingField[], before: c.before, after: c.after, reason: c.reason,
    status: c.status as SettingsChangeStatus, requestedBy: { id: c.requestedBy, name: requesterName }, requestedAt: c.requestedAt.toISOString(),
    expiresAt: c.status === 'PendingApproval' ? c.expiresAt?.toISOString() ?? null : null,
    decidedBy: c.decidedBy !== null && deciderName !== null ? { id: c.decidedBy, name: deciderName } : null,
    decidedAt: c.decidedAt?.toISOString() ?? null, decisionNote: c.decisionNote,
  }));
}

/** The words of a change's fields, for the audit log's target and the console. */
export const fieldsText = (fields: readonly SettingField[]) => fields.map(settingLabel).join(', ');

/** The stored contacts (partners.customer_support) from what staff typed. */
function supportToStored(c: SupportContacts): CustomerSupport {
  const email = c.email.trim();
  return {
    phone: { href: `tel:+${phoneDigits(c.phone)}`, formatted: c.phone.trim() },
    email: { href: /^https:\/\//i.test(email) ? email : `mailto:${email}`, display: c.emailText.trim() || email },
  };
}

/** What staff see and type, from the stored contacts. */
function supportFromStored(s: CustomerSupport): SupportContacts {
  return { phone: s.phone.formatted, email: s.email.href.replace(/^mailto:/i, ''), emailText: s.email.display };
}
