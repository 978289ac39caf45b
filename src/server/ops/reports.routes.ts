import type { Db } from '../db/client';
import { partners, type PartnerRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { inScope, type PartnerScope } from '#shared/rules/ops-permissions';
import { audit } from './audit';
import { opsRoute, type OpsApp } from './ops-route';
import { partnerReport, reportCsv, reportFileName } from './reports';
import { requireStaff } from './staff-auth';

/** The answer for a partner that is not the staff member's, the same as for one that does not exist (ops.routes.ts partnerByCode). */
export const NO_SUCH_PARTNER = 'There is no such partner among yours.';

/** The console's reports (issue 27 item 7): one partner's figures per UTC day, as JSON and as a CSV file (audited). */
export async function reportRoutes(app: OpsApp, opts: { db: Db }) {
  const { db } = opts;

  const partnerByCode = async (scope: PartnerScope, code: string): Promise<PartnerRow> => {
    const all = await db.select().from(partners);
    const found = all.find((p) => p.code.toLowerCase() === code.trim().toLowerCase() && inScope(scope, p.id));
    if (!found) throw AppError.badRequest(NO_SUCH_PARTNER, [{ field: 'partner', message: NO_SUCH_PARTNER }]);
    return found;
  };

  opsRoute(app, 'opsReport', {
    schema: {
      summary: "One partner's figures per UTC day: joins, cards, dines, rewards by source code, payouts, liability, claims, reservations",
      description: 'from and to are UTC days (YYYY-MM-DD, both included, at most 366 days). Amounts are in the partner\'s unit (cents, miles or points). A partner that is not among the staff member\'s answers as an unknown one (400).',
    },
  }, async (request) => {
    const partner = await partnerByCode(requireStaff(request).scope, request.params.partner);
    return request.read((reader) => partnerReport(reader, partner, request.query));
  });

  opsRoute(app, 'opsReportCsv', {
    schema: {
      summary: 'The same report as a CSV file: a header row, a row per day and a totals row (the export is audited)',
      description: 'Numbers are unformatted (no separators; negative adjustments keep their sign); text that a spreadsheet could run is prefixed with an apostrophe.',
      produces: ['text/csv'],
    },
  }, async (request, reply) => {
    const partner = await partnerByCode(requireStaff(request).scope, request.params.partner);
    const report = await request.read((reader) => partnerReport(reader, partner, request.query));
    const file = reportFileName(report);
    await audit(db, request, { action: 'report.export', partnerId: partner.id, target: `report:${file}`, after: { from: report.from, to: report.to, days: report.days.length } });
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file}"`).header('cache-control', 'no-store').send(reportCsv(report));
  });
}
