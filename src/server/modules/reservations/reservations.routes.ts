import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZReservationIdempotencyHeaders } from '#shared/schemas/reservations';
import type { Db } from '../../db/client';
import { RESERVATIONS_PER_MEMBER } from '../../plugins/rate-limits';
import type { OpenTableConfig } from './open-table-provider';
import {
  bookReservation, cancelReservation, confirmReservation, getAvailability, listReservations, requireReservations, type ReservationDeps,
} from './reservations.service';
import { API } from '#shared/api';
import { routesOf } from '../../lib/route';

/**
 * Table reservations (docs/api-reservations.md). Availability is public; the member calls need the
 * signed-in member of the host's partner (401 for visitors, checked before the input) and, on
 * partners without table reservations, answer 404. State-changing calls carry X-XSRF-TOKEN
 * (checked first of all, in onRequest) and count against the member's booking limit.
 */
export const reservationsRoutes: FastifyPluginAsyncZod<{ db: Db; openTable?: OpenTableConfig; now?: () => number }> = async (app, opts) => {
  const deps: ReservationDeps = { db: opts.db, ...(opts.openTable ? { openTable: opts.openTable } : {}), ...(opts.now ? { now: opts.now } : {}) };

  /** Before validation: a visitor learns nothing about the input, and a partner without reservations answers 404. */
  const signedIn = async (request: FastifyRequest) => {
    await app.sessions.require(request);
    requireReservations(request.sitePartner);
  };
  const who = async (request: FastifyRequest) => ({ partner: request.sitePartner, member: (await app.sessions.require(request)).member });
  /** The member of a booking call, counted against their booking limit. */
  const booker = async (request: FastifyRequest, reply: FastifyReply) => {
    const w = await who(request);
    await app.limits.account(request, reply, { name: 'reservations', account: String(w.member.id), limit: RESERVATIONS_PER_MEMBER });
    return w;
  };
  const route = routesOf(app, { tags: ['reservations'] });
  /** The signed-in member's own reservations. */
  const memberRoute = routesOf(app, { tags: ['reservations'], preValidation: signedIn, errors: [401, 404] });

  route(API.availability, {
    schema: {
      summary: 'The times a restaurant seats on a day, each marked with what a dine then earns, and the open slots around a time, or why there are none (§4, issue 24)',
      description: 'Anyone may ask; a signed-in member gets their own earn marks (a visitor the restaurant\'s outcome). `date` must lie in `window` (the restaurant\'s today to its booking window\'s last day), else 400. `times` are the day\'s choices inside the restaurant\'s shifts; slots are within two hours either side of `time` (the one asked for when the restaurant seats then, else 19:00 where it does, else its first time that day), in the restaurant\'s local time. With no slots, `reason` is one of none, tooSmall, tooBig, tooFar, tooClose, with the restaurant\'s `limits`. 404 for an unknown restaurant, one that does not take reservations online (code reservationsNotOffered), or a partner without table reservations.',
      errors: [404, 424],
    },
  }, async (request, reply) => {
    // The marks are the signed-in member's own: never cached.
    reply.header('cache-control', 'no-store');
    const member = (await request.currentSession())?.member ?? null;
    return getAvailability(deps, { partner: request.sitePartner, member, merchantId: request.params.merchantId, query: request.query });
  });

  memberRoute(API.reservations, {
    schema: { summary: "The member's reservations: upcoming soonest first, then past (started, cancelled) most recent first, with the restaurant's name and address" },
  }, async (request) => listReservations(deps, await who(request)));

  memberRoute(API.reserve, {
    schema: {
      summary: 'Book a slot, or hold it for a few minutes (hold: true) until confirmed',
      description: [
        'Needs the `Idempotency-Key` header: a new random value per booking, the same on a retry. The same key with the same body answers the reservation it made (200); with a different body 422 (code idempotencyKeyReused).',
        '201 with the reservation (status booked, or held with holdExpiresAt). 409 when the slot is gone or the restaurant\'s limits refuse it (code reservationUnavailable, the message says why), when the member has a reservation at this restaurant within two hours (code reservationOverlap), or when the booking provider deactivated the account (code reservationAccountDeactivated); 424 when the restaurant\'s booking system does not answer.',
        '20 booking attempts per member in 10 minutes.',
      ].join(' '),
      headers: ZReservationIdempotencyHeaders.loose(),
      errors: [403, 409, 422, 424],
    },
  }, async (request, reply) => {
    const w = await booker(request, reply);
    const result = await bookReservation(deps, { ...w, body: request.body, idempotencyKey: request.headers['idempotency-key'] });
    request.log.info({ reservation: result.reservation.id, status: result.reservation.status, created: result.created }, 'reservation');
    return reply.status(result.created ? 201 : 200).send(result.reservation);
  });

  memberRoute(API.confirmReservation, {
    schema: {
      summary: 'Confirm a held reservation (book it); confirming a booked one answers it as it is',
      description: '409 with code reservationHoldExpired when the hold ran out (choose a time again).',
      // Optional: a call without a body (Fastify hands null to the validator) confirms as it was held.
      errors: [403, 409, 424],
    },
  }, async (request, reply) => confirmReservation(deps, { ...(await booker(request, reply)), id: request.params.id, specialRequest: request.body?.specialRequest }));

  memberRoute(API.cancelReservation, {
    schema: {
      summary: 'Cancel a reservation (or release a hold): the table is free again',
      description: 'Cancelling again answers the cancelled reservation. 409 once the reservation has started. Another member\'s reservation is 404.',
      errors: [403, 409, 424],
    },
  }, async (request) => cancelReservation(deps, { ...(await who(request)), id: request.params.id }));
};
