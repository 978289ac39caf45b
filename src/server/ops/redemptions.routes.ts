import type { Db } from '../db/client';
import { decideHold, listHolds } from '../modules/redemptions';
import { audit } from './audit';
import { opsRoute, type OpsApp } from './ops-route';
import { partnerFilter, requireStaff } from './staff-auth';

/** The console's queue of redemptions held for review (issue 28 item 5; modules/redemptions/holds.ts). */
export async function redemptionHoldRoutes(app: OpsApp, opts: { db: Db }) {
  const { db } = opts;

  opsRoute(app, 'opsRedemptionHolds', {
    schema: { summary: 'Redemptions held for review on your partners, oldest first: first redemptions, and those soon after joining, an e-mail change or linking the card' },
  }, async (request) => {
    const session = requireStaff(request);
    const partnerId = await partnerFilter(db, session.scope, request.query.partner);
    return { data: await listHolds(db, { scope: session.scope, partnerId }) };
  });

  opsRoute(app, 'opsRedemptionDecide', {
    schema: {
      summary: 'Release a held redemption to be sent, or reject it (the money goes back to the balance and the member is e-mailed the note)',
      description: '404 outside your partners; 409 when it no longer waits for a decision.',
    },
  }, async (request) => {
    const session = requireStaff(request);
    const { before, after } = await decideHold(db, {
      scope: session.scope, redemptionId: request.params.redemptionId, decision: request.body.decision, note: request.body.note, staffEmail: session.row.email,
    });
    await audit(db, request, {
      action: `redemption.${request.body.decision}`, partnerId: after.partnerId, memberId: after.memberId, target: `redemption:${after.creditId}`, reason: request.body.note,
      before: { status: before.status, hold: before.holdReason }, after: { status: after.status, released: after.releasedAt !== null },
    });
    return { redemptionId: after.creditId, status: after.status, released: after.releasedAt !== null };
  });
}
