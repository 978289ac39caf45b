import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '#shared/schemas/common';
import { ZIdempotencyHeaders } from '#shared/schemas/reservations';
import type { Db } from '../../db/client';
import { RESERVATIONS_PER_MEMBER } from '../../plugins/rate-limits';
import type { OpenTableConfig } from './open-table-provider';
import {
  bookReservation, cancelReservation, confirmReservation, getAvailability, listReservations, requireReservations, type ReservationDeps,
} from './reservations.service';
import { API } from '#shared/api';
import { route } from '../../lib/route';

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

  route(app, API.availability, {
    schema: {
      tags: ['reservations'],
      summary: 'The times a restaurant seats on a day, each marked with what a dine then earns, and the open slots around a time, or why there are none (§4, issue 24)',
      description: 'Anyone may ask; a signed-in member gets their own earn marks (a visitor the restaurant\'s outcome). `date` must lie in `window` (the restaurant\'s today to its booking window\'s last day), else 400. `times` are the day\'s choices inside the restaurant\'s shifts; slots are within two hours either side of `time` (the one asked for when the restaurant seats then, else 19:00 where it does, else its first time that day), in the restaurant\'s local time. With no slots, `reason` is one of none, tooSmall, tooBig, tooFar, tooClose, with the restaurant\'s `limits`. 404 for an unknown restaurant, one that does not take reservations online (code reservationsNotOffered), or a partner without table reservations.',
      response: { 400: ZErrorResponse, 404: ZErrorResponse, 424: ZErrorResponse, 429: ZErrorResponse },
    },
  }, async (request, reply) => {
    // The marks are the signed-in member's own: never cached.
    reply.header('cache-control', 'no-store');
    const member = (await request.currentSession())?.member ?? null;
    return getAvailability(deps, { partner: request.sitePartner, member, merchantId: request.params.merchantId, query: request.query });
  });

  route(app, API.reservations, {
    schema: {
      tags: ['reservations'],
      summary: "The member's reservations: upcoming soonest first, then past (started, cancelled) most recent first, with the restaurant's name and address",
      response: { 401: ZErrorResponse, 404: ZErrorResponse, 429: ZErrorResponse },
    },
    preValidation: signedIn,
  }, async (request) => listReservations(deps, await who(request)));

  route(app, API.reserve, {
    schema: {
      tags: ['reservations'],
      summary: 'Book a slot, or hold it for a few minutes (hold: true) until confirmed',
      description: [
        'Needs the `Idempotency-Key` header: a new random value per booking, the same on a retry. The same key with the same body answers the reservation it made (200); with a different body 422 (code idempotencyKeyReused).',
        '201 with the reservation (status booked, or held with holdExpiresAt). 409 when the slot is gone or the restaurant\'s limits refuse it (code reservationUnavailable, the message says why), when the member has a reservation at this restaurant within two hours (code reservationOverlap), or when the booking provider deactivated the account (code reservationAccountDeactivated); 424 when the restaurant\'s booking system does not answer.',
        '20 booking attempts per member in 10 minutes.',
      ].join(' '),
      security: [{ xsrf: [] }],
      headers: ZIdempotencyHeaders.loose(),
      response: {
        400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse,
        409: ZErrorResponse, 422: ZErrorResponse, 424: ZErrorResponse, 429: ZErrorResponse,
      },
    },
    preValidation: signedIn,
  }, async (request, reply) => {
    const w = await who(request);
    await app.limits.account(request, reply, { name: 'reservations', account: String(w.member.id), limit: RESERVATIONS_PER_MEMBER });
    const result = await bookReservation(deps, { ...w, body: request.body, idempotencyKey: request.headers['idempotency-key'] });
    request.log.info({ reservation: result.reservation.id, status: result.reservation.status, created: result.created }, 'reservation');
    return reply.status(result.created ? 201 : 200).send(result.reservation);
  });

  route(app, API.confirmReservation, {
    schema: {
      tags: ['reservations'],
      summary: 'Confirm a held reservation (book it); confirming a booked one answers it as it is',
      description: '409 with code reservationHoldExpired when the hold ran out (choose a time again).',
      security: [{ xsrf: [] }],
      // Optional: a call without a body (Fastify hands null to the validator) confirms as it was held.
      response: { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 424: ZErrorResponse, 429: ZErrorResponse },
    },
    preValidation: signedIn,
  }, async (request, reply) => {
    const w = await who(request);
    await app.limits.account(request, reply, { name: 'reservations', account: String(w.member.id), limit: RESERVATIONS_PER_MEMBER });
    return confirmReservation(deps, { ...w, id: request.params.id, specialRequest: request.body?.specialRequest });
  });

  route(app, API.cancelReservation, {
    schema: {
      tags: ['reservations'],
      summary: 'Cancel a reservation (or release a hold): the table is free again',
      description: 'Cancelling again answers the cancelled reservation. 409 once the reservation has started. Another member\'s reservation is 404.',
      security: [{ xsrf: [] }],
      response: { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 424: ZErrorResponse, 429: ZErrorResponse },
    },
    preValidation: signedIn,
  }, async (request) => cancelReservation(deps, { ...(await who(request)), id: request.params.id }));
};
