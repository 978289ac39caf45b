import type { Db } from '../db/client';
import { audit } from './audit';
import { applyCardEventAgain, dismissCardEvent, listCardEvents } from './events';
import { opsRoute, type OpsApp } from './ops-route';
import { partnerFilter, requireStaff } from './staff-auth';

/** The console's queue of card-network events waiting for a person (issue 27 item 4; events.ts). */
export async function cardEventRoutes(app: OpsApp, opts: { db: Db }) {
  const { db } = opts;

  opsRoute(app, 'opsCardEvents', {
    schema: {
      summary: "Card-network events waiting for a person on your partners, oldest first: refunds parked with no purchase, events in review, failed events",
      description: 'kind: parked, review or failed. Events of no known partner (no linked card has their token) are shown to staff of all partners only.',
    },
  }, async (request) => {
    const session = requireStaff(request);
    const partnerId = await partnerFilter(db, session.scope, request.query.partner);
    return { events: await listCardEvents(db, { scope: session.scope, partnerId, kind: request.query.kind }) };
  });

  opsRoute(app, 'opsCardEventApply', {
    schema: {
      summary: 'Apply an event again through the rewards engine (a refund whose purchase has come since takes it back; one still without a purchase waits again)',
      description: '409 when the event no longer waits for a person (applied, dismissed, or already waiting for the engine). status queued: the engine has not reached it yet; its next run applies it.',
    },
  }, async (request) => {
    const session = requireStaff(request);
    const done = await applyCardEventAgain(db, { scope: session.scope, eventId: request.params.eventId, log: request.log });
    await audit(db, request, {
      action: 'cardEvent.apply', partnerId: done.partnerId, memberId: done.memberId, target: `cardEvent:${request.params.eventId}`, reason: request.body.note ?? null,
      before: { outcome: done.before.kind, note: done.before.note }, after: done.after,
    });
    return done.after;
  });

  opsRoute(app, 'opsCardEventDismiss', {
    schema: {
      summary: 'Dismiss an event with the reason: kept with who, when and why, never applied (a parked refund no longer waits for its purchase)',
      description: '409 when the event no longer waits for a person.',
    },
  }, async (request) => {
    const session = requireStaff(request);
    const done = await dismissCardEvent(db, { scope: session.scope, eventId: request.params.eventId, staffId: session.row.id, reason: request.body.reason });
    await audit(db, request, {
      action: 'cardEvent.dismiss', partnerId: done.partnerId, memberId: done.memberId, target: `cardEvent:${request.params.eventId}`, reason: request.body.reason,
      before: { outcome: done.before.kind, note: done.before.note }, after: done.after,
    });
    return done.after;
  });
}
