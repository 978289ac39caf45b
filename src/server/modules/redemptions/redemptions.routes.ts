import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '#shared/api';
import { ZRedemptionIdempotencyHeaders } from '#shared/schemas/redemptions';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { route, routesOf } from '../../lib/route';
import { REDEMPTIONS_PER_MEMBER } from '../../plugins/rate-limits';
import { giftCardClient, receiveGiftCardWebhook } from './gift-cards';
import { GIFT_CARD_SIGNATURE_HEADER, GiftCardError, parseGiftCardWebhook, verifyGiftCardWebhook } from './provider/gift-card-client';
import {
  createRedemption, redemptionOf, redemptionOptions, redemptionsPage, requireRedemptions, setAutoStatementCredit, type PendingEmail,
} from './redemptions.service';

/**
 * Redemptions (issue 28, docs/features/redemptions.md): the signed-in member's calls on a
 * cash-back partner's site (404 on others, 401 for visitors, both before the input is read), and
 * the gift-card provider's signed webhook.
 */
export const redemptionsRoutes: FastifyPluginAsyncZod<{ db: Db; config: AppConfig; pendingEmail?: PendingEmail }> = async (app, { db, config, pendingEmail }) => {
  const deps = { pendingEmail, giftCards: config.giftCard.source !== 'none' };
  const signedIn = async (request: FastifyRequest) => {
    await app.sessions.require(request);
    requireRedemptions(request.sitePartner);
  };
  const who = async (request: FastifyRequest) => ({ partner: request.sitePartner, member: (await app.sessions.require(request)).member });
  const memberRoute = routesOf(app, { tags: ['redemptions'], preValidation: signedIn, errors: [401, 404] });
  const redeemer = async (request: FastifyRequest, reply: FastifyReply) => {
    const w = await who(request);
    await app.limits.account(request, reply, { name: 'redemptions', account: String(w.member.id), limit: REDEMPTIONS_PER_MEMBER });
    return w;
  };

  memberRoute(API.redemptionOptions, {
    schema: { summary: 'Cash-back partners: the balance, what is set aside, and each way to redeem with its minimum, fee, arrival and whether it can be used now' },
  }, async (request) => redemptionOptions(db, await who(request), deps));

  memberRoute(API.redemptions, {
    schema: { summary: "The member's redemptions, newest first (10 a page from page 1 by default): gift cards show the masked placeholder, never a code or link" },
  }, async (request) => redemptionsPage(db, await who(request), request.query));

  memberRoute(API.redemption, {
    schema: { summary: 'One redemption with its steps so far (pending, pending_received, then completed, rejected or error) and what happened to the money' },
  }, async (request) => redemptionOf(db, await who(request), request.params.redemptionId));

  memberRoute(API.redeem, {
    schema: {
      summary: 'Redeem: a statement credit to a linked card, or a Visa, Mastercard or Tremendous gift card by e-mail',
      description: [
        'Needs the `Idempotency-Key` header: a new random value per redemption, the same on a retry; the same key with the same body answers the redemption it made (200), with another body 422 (code idempotencyKeyReused).',
        'The amount is reserved from the balance by a write that happens only if nothing took money out since the balance was read (else it reads again): 409 (code balanceShort) when the balance does not cover it, 409 (code limitReached) past a daily or monthly limit; 400 for an amount outside the option\'s bounds or a card that is not the member\'s.',
        'A first redemption, or one soon after joining, an e-mail change or linking the card, waits for the team (hold, with the reason).',
        `${REDEMPTIONS_PER_MEMBER.max} attempts per member in ${REDEMPTIONS_PER_MEMBER.timeWindow / 60_000} minutes.`,
        '503 with Retry-After only if other changes to the member\'s balance kept coming first for many tries in a row (send the same key again).',
      ].join(' '),
      headers: ZRedemptionIdempotencyHeaders.loose(),
      errors: [403, 409, 422, 429, 503],
    },
  }, async (request, reply) => {
    const w = await redeemer(request, reply);
    const result = await createRedemption(db, w, { body: request.body, idempotencyKey: request.headers['idempotency-key'], giftCards: deps.giftCards });
    request.log.info({ redemption: result.redemption.redemptionId, option: result.redemption.option, created: result.created }, 'redemption');
    return reply.status(result.created ? 201 : 200).send(result.redemption);
  });

  memberRoute(API.redemptionSettings, {
    schema: { summary: 'Turn the automatic statement credit at the payout breakpoint on or off (on by default)' },
  }, async (request) => setAutoStatementCredit(db, await who(request), request.body.autoStatementCredit, deps));

  await app.register(giftCardWebhookRoute, { db, config });
};

/** A provider event is a few hundred bytes. */
const WEBHOOK_BODY_LIMIT = 16 * 1024;
export const GIFT_CARD_SIGNATURE_MESSAGE = 'The event is not signed with the gift-card webhook secret.';

/**
 * POST /api/redemptions/gift-card-webhook: the signature covers the raw body, so this route reads
 * it as text (its own content-type parser, in this plugin only), checks the signature first (401
 * before anything about the body), then parses the event (400 for a shape we do not know) and
 * reads the order fresh from the provider: an event is a hint, never trusted for the status.
 */
const giftCardWebhookRoute: FastifyPluginAsyncZod<{ db: Db; config: AppConfig }> = async (app, { db, config }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
  route(app, API.giftCardWebhook, {
    bodyLimit: WEBHOOK_BODY_LIMIT,
    config: { csrfExempt: true },
    compress: false,
    validatorCompiler: () => (value: unknown) => ({ value }),
    schema: {
      tags: ['redemptions'],
      summary: 'Receive one gift-card provider event (order created, executed, failed, cancelled; reward delivered or failed; flagged)',
      description: `Signed: \`${GIFT_CARD_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw body with GIFT_CARD_WEBHOOK_SECRET>\`; anything else answers 401. The same event id again answers duplicate: true. The order is read from the provider, so events may come late, twice or out of order. 503 when the provider cannot be reached (the provider retries).`,
      headers: z.object({ [GIFT_CARD_SIGNATURE_HEADER]: z.string().describe('sha256= and the hex HMAC-SHA256 of the raw body.') }),
      errors: [401, 503],
    },
  }, async (request) => {
    if (config.giftCard.source === 'none') throw AppError.unauthorized('Gift cards are not configured here: no provider event is expected.');
    const rawBody = typeof request.body === 'string' ? request.body : '';
    if (!verifyGiftCardWebhook({ secret: config.giftCard.webhookSecret, rawBody, signature: request.headers[GIFT_CARD_SIGNATURE_HEADER] })) {
      request.log.warn('gift-card webhook refused: bad signature');
      throw AppError.unauthorized(GIFT_CARD_SIGNATURE_MESSAGE);
    }
    try {
      const event = parseGiftCardWebhook(rawBody);
      const { duplicate } = await receiveGiftCardWebhook(db, giftCardClient(config.giftCard)!, event);
      return { received: true as const, duplicate };
    } catch (err) {
      if (err instanceof GiftCardError && err.code === 'bad_webhook') throw AppError.badRequest(err.message);
      if (err instanceof GiftCardError) throw new AppError(503, 'The gift-card provider could not be reached to read the order; send the event again later.', { retryAfterSeconds: 30 });
      throw err;
    }
  });
};
