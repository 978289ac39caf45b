import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { createPgRateLimitStore } from './rate-limit-store';
import { isRateLimitedRoute } from './route-rules';

export type Limit = { max: number; timeWindow: number };

/** The one 429 message: the global limit, the per-route limits and the per-account limits say the same. */
export function tooManyRequestsMessage(ttlMs: number): string {
  return `Too many requests. Please wait ${Math.max(1, Math.ceil(ttlMs / 1000))} seconds and try again.`;
}

/**
 * Limits that protect the sign-in, recovery, joining and validation calls against guessing and
 * spraying (issue 7, item 5). Two kinds, each counted in PostgreSQL so every instance shares one
 * total (rate-limit-store.ts):
 * - per client address, set on the route (`config.rateLimit`, @fastify/rate-limit), e.g.
 *   SIGN_IN_PER_ADDRESS: one address trying many e-mails;
 * - per account, checked in the handler once the body is valid (`app.limits.account`): many
 *   addresses trying one e-mail, or flooding one person's mailbox.
 */
export const SIGN_IN_PER_ADDRESS: Limit = { max: 20, timeWindow: 60_000 };
export const RECOVER_PER_ACCOUNT: Limit = { max: 10, timeWindow: 60 * 60_000 };
export const VALIDATE_PER_ADDRESS: Limit = { max: 30, timeWindow: 60_000 };
export const VALIDATE_EMAIL_PER_ACCOUNT: Limit = { max: 20, timeWindow: 10 * 60_000 };
export const PROSPECT_PER_ADDRESS: Limit = { max: 30, timeWindow: 60_000 };
export const PROSPECT_PER_ACCOUNT: Limit = { max: 5, timeWindow: 60 * 60_000 };
/** Impressions: calls per address, and rows one address may store an hour (a busy visitor sends a few hundred). */
export const IMPRESSIONS_PER_ADDRESS: Limit = { max: 60, timeWindow: 60_000 };
export const IMPRESSION_ROWS_PER_ADDRESS: Limit = { max: 1000, timeWindow: 60 * 60_000 };
/** Error reports from the browser (POST /api/client-errors): a page that fails shows one error page a visit; a few a minute is plenty. */
export const CLIENT_ERRORS_PER_ADDRESS: Limit = { max: 10, timeWindow: 60_000 };
/** Changes of e-mail address per member: each one e-mails a link to the new address and a notice to the old one, and checks the password. */
export const EMAIL_CHANGE_PER_ACCOUNT: Limit = { max: 5, timeWindow: 60 * 60_000 };
/** Table reservations: booking attempts (holds, bookings, confirmations) per member; a person trying times makes a handful. */
export const RESERVATIONS_PER_MEMBER: Limit = { max: 20, timeWindow: 10 * 60_000 };
/** Redemptions: attempts per member (a person redeems a few times a month; a script is stopped here before the daily limits). */
export const REDEMPTIONS_PER_MEMBER: Limit = { max: 20, timeWindow: 10 * 60_000 };

declare module 'fastify' {
  interface FastifyInstance {
    limits: {
      /**
       * Counts one call for `account` (an e-mail, a partner number) under `name` on this partner;
       * over the limit it answers 429 with Retry-After.
       */
      account: (request: FastifyRequest, reply: FastifyReply, opts: { name: string; account: string; limit: Limit }) => Promise<void>;
      /**
       * Counts `amount` units (e.g. stored rows) for the client address under `name`; over the
       * limit it answers 429 with Retry-After and nothing of this call counts.
       */
      addressQuota: (request: FastifyRequest, reply: FastifyReply, opts: { name: string; amount: number; limit: Limit }) => Promise<void>;
    };
  }
}

type Store = InstanceType<ReturnType<typeof createPgRateLimitStore>['Store']>;

/**
 * Rate limits, all counted in PostgreSQL (rate-limit-store.ts): every API call against `max` a
 * minute per client address, the routes' own per-address limits (`config.rateLimit`), and the
 * per-account limits `app.limits`.
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance, opts: { db: Db; max: number }) => {
  const rateStore = createPgRateLimitStore(opts.db);
  app.addHook('onClose', async () => rateStore.stop());
  // A route the limit never counts (pages, files, the card-network webhook) gets no limit hook at
  // all, rather than one that asks allowList on every request and lets it through: that hook was a
  // measurable share of the webhook's cost (bench/card-events.ts). Registered before the plugin,
  // so its own onRoute sees the route's decision. The decision is taken on the route's own URL, so
  // '/%61pi/…', which the router decodes to an '/api/…' route, is counted as that route (app.test.ts).
  // (A path no route matches was never counted: the plugin's hook is attached per route, and the
  // not-found handler is not one.)
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit === undefined && !isRateLimitedRoute(route.url)) route.config = { ...route.config, rateLimit: false };
  });
  await app.register(rateLimit, {
    global: true,
    max: opts.max,
    timeWindow: 60_000,
    store: rateStore.Store as never,
    errorResponseBuilder: (_request, ctx) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: tooManyRequestsMessage(ctx.ttl),
    }),
  });
  // Per-account limits (sign-in, recovery, joining, validation) on the same shared counters.
  decorateAccountLimits(app, new rateStore.Store('account:'));
}, { name: 'rate-limits' });

function decorateAccountLimits(app: FastifyInstance, store: Store) {
  const check = (reply: FastifyReply, key: string, amount: number, limit: Limit) => {
    const { current, ttl } = store.add(key, amount, limit.timeWindow);
    if (current <= limit.max) return;
    // A refused batch does not use up the quota: a client that sends less may go on.
    if (amount > 1) store.add(key, -amount, limit.timeWindow);
    reply.header('retry-after', String(Math.max(1, Math.ceil(ttl / 1000))));
    throw new AppError(429, tooManyRequestsMessage(ttl));
  };
  app.decorate('limits', {
    account: async (request, reply, { name, account, limit }) => {
      check(reply, `${name}|${request.partner?.id ?? 0}|${account.trim().toLowerCase()}`, 1, limit);
    },
    addressQuota: async (request, reply, { name, amount, limit }) => {
      check(reply, `${name}|${request.ip}`, amount, limit);
    },
  });
}
