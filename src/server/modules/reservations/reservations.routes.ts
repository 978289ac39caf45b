import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '#shared/schemas/common';
import { ZMerchantIdParams } from '#shared/schemas/merchant';
import {
  ZAvailabilityQuery, ZAvailabilityResponse, ZConfirmReservationRequest, ZIdempotencyHeaders, ZReservation, ZReservationIdParams, ZReservationList, ZReservationRequest,
} from '#shared/schemas/reservations';
import type { Db } from '../../db/client';
import { RESERVATIONS_PER_MEMBER } from '../../plugins/rate-limits';
import type { OpenTableConfig } from './open-table-provider';
import {
  bookReservation, cancelReservation, confirmReservation, getAvailability, listReservations, requireReservations, type ReservationDeps,
} from './reservations.service';

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

  app.get('/api/merchants/:merchantId/availability', {
    schema: {
      tags: ['reservations'],
      summary: 'Open reservation times at a restaurant around a time, or why there are none (§4)',
      description: 'Anyone may ask. Slots are within two hours either side of `time`, in the restaurant\'s local time. With no slots, `reason` is one of none, tooSmall, tooBig, tooFar, tooClose, with the restaurant\'s `limits`. 404 for an unknown restaurant, one that does not take reservations online (code reservationsNotOffered), or a partner without table reservations.',
      params: ZMerchantIdParams,
      querystring: ZAvailabilityQuery,
      response: { 200: ZAvailabilityResponse, 400: ZErrorResponse, 404: ZErrorResponse, 424: ZErrorResponse, 429: ZErrorResponse },
    },
  }, async (request) => getAvailability(deps, { partner: request.sitePartner, merchantId: request.params.merchantId, query: request.query }));

  app.get('/api/Member/Reservations', {
    schema: {
      tags: ['reservations'],
      summary: "The member's reservations: upcoming soonest first, then past (started, cancelled) most recent first, with the restaurant's name and address",
      response: { 200: ZReservationList, 401: ZErrorResponse, 404: ZErrorResponse, 429: ZErrorResponse },
    },
    preValidation: signedIn,
  }, async (request) => listReservations(deps, await who(request)));

  app.post('/api/Member/Reservations', {
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
      body: ZReservationRequest,
      response: {
        200: ZReservation, 201: ZReservation, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse,
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

  app.post('/api/Member/Reservations/:id/Confirm', {
    schema: {
      tags: ['reservations'],
      summary: 'Confirm a held reservation (book it); confirming a booked one answers it as it is',
      description: '409 with code reservationHoldExpired when the hold ran out (choose a time again).',
      security: [{ xsrf: [] }],
      params: ZReservationIdParams,
      // Optional: a call without a body (Fastify hands null to the validator) confirms as it was held.
      body: ZConfirmReservationRequest.nullish(),
      response: { 200: ZReservation, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 424: ZErrorResponse, 429: ZErrorResponse },
    },
    preValidation: signedIn,
  }, async (request, reply) => {
    const w = await who(request);
    await app.limits.account(request, reply, { name: 'reservations', account: String(w.member.id), limit: RESERVATIONS_PER_MEMBER });
    return confirmReservation(deps, { ...w, id: request.params.id, specialRequest: request.body?.specialRequest });
  });

  app.delete('/api/Member/Reservations/:id', {
    schema: {
      tags: ['reservations'],
      summary: 'Cancel a reservation (or release a hold): the table is free again',
      description: 'Cancelling again answers the cancelled reservation. 409 once the reservation has started. Another member\'s reservation is 404.',
      security: [{ xsrf: [] }],
      params: ZReservationIdParams,
      response: { 200: ZReservation, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 424: ZErrorResponse, 429: ZErrorResponse },
    },
    preValidation: signedIn,
  }, async (request) => cancelReservation(deps, { ...(await who(request)), id: request.params.id }));
};
