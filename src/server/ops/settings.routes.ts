import { eq } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { partners, type PartnerRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { inScope, type PartnerScope } from '#shared/rules/ops-permissions';
import { EARNING_FIELDS, type SettingField } from '#shared/rules/partner-settings';
import { audit } from './audit';
import { opsRoute, type OpsApp } from './ops-route';
import { changeSettings, decideSettingsChange, fieldsText, listSettingsChanges, NO_SUCH_PARTNER, settingsOf } from './settings';
import { requireStaff } from './staff-auth';

/** The console's partner settings (issue 27 item 6, docs/features/console.md "Partner settings"). */
export async function settingsRoutes(app: OpsApp, opts: { db: Db; config: Pick<AppConfig, 'opsHost' | 'partnerHosts'> }) {
  const { db, config } = opts;

  /** A partner by its code among the staff member's; another's answers 404 as one that does not exist. */
  const partnerByCode = async (scope: PartnerScope, code: string): Promise<PartnerRow> => {
    const all = await db.select().from(partners);
    const found = all.find((p) => p.code.toLowerCase() === code.trim().toLowerCase() && inScope(scope, p.id));
    if (!found) throw AppError.notFound(NO_SUCH_PARTNER);
    return found;
  };

  const view = async (partner: PartnerRow) => ({
    partner: { id: partner.id, code: partner.code, name: partner.name, currency: partner.currencyType },
    settings: settingsOf(partner),
    pending: await listSettingsChanges(db, partner.id, { pending: true }),
    history: await listSettingsChanges(db, partner.id),
  });

  opsRoute(app, 'opsSettings', {
    schema: {
      summary: "A partner's settings, the changes waiting for approval and the change history",
      description: 'Feature switches, earn rates by tier, earn basis, adjustment limits, support contacts and host names, as the console edits them. A partner that is not among the staff member\'s answers 404.',
    },
  }, async (request) => view(await partnerByCode(requireStaff(request).scope, request.params.partner)));

  opsRoute(app, 'opsSettingsChange', {
    schema: {
      summary: "Change a partner's settings: at once, or (what members earn) after a second person's approval",
      description: `Only the settings sent are changed, and only those whose value differs (none: 400). What changes what members earn (${[...EARNING_FIELDS].join(', ')}) waits up to 72 hours for another person with settings.approve; the rest apply at once. The reason is kept in the history.`,
    },
  }, async (request) => {
    const session = requireStaff(request);
    const partner = await partnerByCode(session.scope, request.params.partner);
    const result = await changeSettings(db, { by: session.row, partnerId: partner.id, request: request.body, opsHost: config.opsHost, partnerHosts: config.partnerHosts });
    for (const part of result.audit) {
      await audit(db, request, {
        action: part.waits ? 'settings.request' : 'settings.change', partnerId: partner.id, target: `settings-change:${part.id}`,
        reason: request.body.reason, before: part.before, after: part.after,
      });
    }
    const [fresh] = await db.select().from(partners).where(eq(partners.id, partner.id));
    const one = async (id: number | null) => (id === null ? null : (await listSettingsChanges(db, partner.id, { id }))[0] ?? null);
    return { applied: await one(result.applied), pending: await one(result.pending), settings: settingsOf(fresh!) };
  });

  opsRoute(app, 'opsSettingsDecide', {
    schema: {
      summary: "Approve (it applies) or reject another person's settings change waiting for approval",
      description: 'Never the requester\'s own (403). A change no longer waiting, past its 72 hours, or asked from values that have changed since answers 409.',
    },
  }, async (request) => {
    const session = requireStaff(request);
    const row = await decideSettingsChange(db, { by: session.row, scope: session.scope, changeId: request.params.changeId, decision: request.body });
    await audit(db, request, {
      action: request.body.decision === 'approve' ? 'settings.approve' : 'settings.reject', partnerId: row.partnerId, target: `settings-change:${row.id}`,
      reason: request.body.note ?? null, before: { status: 'PendingApproval', fields: fieldsText(row.fields as SettingField[]) }, after: { status: row.status, ...(row.status === 'Applied' ? row.after : {}) },
    });
    return (await listSettingsChanges(db, row.partnerId, { id: row.id }))[0]!;
  });
}
