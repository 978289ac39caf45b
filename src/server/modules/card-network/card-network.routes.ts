import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '#shared/api';
import { ZCardNetworkEvent } from '#shared/schemas/rewards';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { route } from '../../lib/route';
import { CARD_EVENT_SIGNATURE_HEADER, CARD_EVENT_TIMESTAMP_HEADER, CARD_EVENT_TOLERANCE_SECONDS, cardEventVerifier } from '../../lib/card-event-signature';
import { createInboxApplier, type InboxApplier } from './applier';
import { createInboxWriter, type InboxWriter } from './inbox-writer';

/** One event is a few hundred bytes; a network never sends more than this. */
const BODY_LIMIT = 16 * 1024;
export const SIGNATURE_MESSAGE = 'The event is not signed with the card-network key, or its timestamp is more than 5 minutes from our clock.';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process applier of the card-network inbox (tests wait for it with idle()). */
    cardNetwork: { applier: InboxApplier };
  }
}

type Options = { config: AppConfig; applier: InboxApplier; inbox: InboxWriter };

/**
 * POST /api/card-network/events (docs/api-card-network.md). The signature covers the body byte
 * for byte, so this route reads it as text (its own content-type parser, in this plugin's scope
 * only; any media type but application/json is 415), checks the signature and the timestamp first (401, before anything about the body is
 * said), then validates the JSON against ZCardNetworkEvent (400 with field errors). Receipt is one
 * idempotent insert (shared with the events arriving at the same moment: inbox-writer.ts); the
 * engine applies the event after the answer.
 */
const webhookRoutes: FastifyPluginAsyncZod<Options> = async (app, { config, applier, inbox }) => {
  const verifySignature = cardEventVerifier(config.cardEventsSecret);
  // JSON only (with or without a charset): Fastify's text/plain parser would otherwise hand this
  // route a body the contract refuses, so every other media type answers 415 before any work.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  route(app, API.cardNetworkEvent, {
    bodyLimit: BODY_LIMIT,
    // The signature is this route's authentication: no anti-forgery token (a network has no cookie).
    config: { csrfExempt: true },
    // The answer is a few dozen bytes, always under the compression threshold: no compression hook.
    compress: false,
    // The body is validated after the signature, by the handler; the schema documents it.
    validatorCompiler: () => (value: unknown) => ({ value }),
    schema: {
      tags: ['card-network'],
      summary: 'Receive one card-network event (authorisation, clearing or refund)',
      description: [
        'Called by the card network (and by the staging tools and the simulator), on any host of the deployment: the partner follows from the card.',
        `Signed: \`${CARD_EVENT_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 with CARD_EVENTS_SECRET over "<timestamp>.<raw body>">\` and \`${CARD_EVENT_TIMESTAMP_HEADER}: <Unix seconds>\`, within ${CARD_EVENT_TOLERANCE_SECONDS} s of the server clock; anything else answers 401 before the body is read.`,
        'Receipt is one idempotent insert: the same event id again answers 200 with duplicate: true and has no second effect. The event is applied after the answer (a dine shows within seconds).',
        'Not counted against the per-address API rate limit (a network posts from a few addresses); unsigned calls are refused before any database work. Details: docs/api-card-network.md.',
      ].join(' '),
      headers: z.object({
        [CARD_EVENT_TIMESTAMP_HEADER]: z.string().describe('Unix time in seconds when the event was signed.'),
        [CARD_EVENT_SIGNATURE_HEADER]: z.string().describe('sha256= and the hex HMAC-SHA256 of "<timestamp>.<raw body>" with CARD_EVENTS_SECRET.'),
      }),
      errors: [401, 503],
    },
  }, async (request) => {
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const verdict = verifySignature({
      rawBody,
      timestamp: request.headers[CARD_EVENT_TIMESTAMP_HEADER],
      signature: request.headers[CARD_EVENT_SIGNATURE_HEADER],
    });
    if (!verdict.ok) {
      request.log.warn({ reason: verdict.reason }, 'card-network event refused');
      throw AppError.unauthorized(SIGNATURE_MESSAGE);
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw AppError.badRequest('The request body is not valid JSON.');
    }
    const parsed = ZCardNetworkEvent.safeParse(json);
    if (!parsed.success) {
      // A sender's bug, not a retry: logged with the event id so the network can be told which.
      const eventId = typeof (json as { id?: unknown } | null)?.id === 'string' ? String((json as { id: string }).id).slice(0, 64) : undefined;
      request.log.warn({ eventId, fields: parsed.error.issues.map((i) => i.path.join('.')).slice(0, 10) }, 'card-network event invalid');
      throw AppError.fromIssues(parsed.error.issues);
    }
    const { duplicate } = await inbox.write(parsed.data);
    if (!duplicate) applier.kick();
    return { received: true as const, duplicate };
  });
};

/**
 * The card-network module: the webhook and, in this process, the applier it wakes. The scheduled
 * jobs (jobs.ts) apply what other instances received and sweep expired rewards.
 */
export const cardNetworkPlugin = fp(async (app: FastifyInstance, opts: { db: Db; config: AppConfig }) => {
  const applier = createInboxApplier({ db: opts.db, log: app.log });
  app.decorate('cardNetwork', { applier });
  // Events a crashed instance received but did not apply are applied at this start, not when the
  // next event arrives or the dead process's lease on the card-network-apply job runs out.
  app.addHook('onReady', async () => applier.kick());
  app.addHook('onClose', async () => applier.stop());
  await app.register(webhookRoutes, { config: opts.config, applier, inbox: createInboxWriter(opts.db) });
}, { name: 'card-network' });
