import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '#shared/schemas/common';
import { API } from '#shared/api';
import { ZAddCardsResponse } from '#shared/schemas/card';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { routesOf } from '../../lib/route';
import type { Mailer } from '../../lib/mailer';
import { pluginMailer } from '../../lib/plugin-mailer';
import { partnerOrigin } from '../../plugins/partner';
import { usesSingleSignOn } from '#shared/rules/partner-features';
import { deliverPending } from '../notifications';
import { CAPTCHA_MESSAGE } from './captcha';
import { loadCardKeys, loadFingerprintKeys, type CardKeys, type FingerprintKeys } from './card-crypto';
import { addCards, deleteCard, memberCardList, NO_PARTNER_CARDS, partnerCardList } from './cards.service';

/**
 * The card calls of docs/api-cards.md for the signed-in member of the host's partner. Card numbers
 * arrive encrypted (the card frame), are decrypted in memory only and never stored or logged.
 * Needs captchaRoutes registered first (app.captcha).
 */
export const cardsRoutes: FastifyPluginAsyncZod<{ db: Db; config: AppConfig; mailer?: Mailer }> = async (app, opts) => {
  const { db, config } = opts;
  const route = routesOf(app, { tags: ['cards'] });
  // The mail to a moved card's former member (docs/notifications.md); the reward-notifications job retries it if this send fails.
  const { mailer } = pluginMailer(app, opts);
  // Loaded on first use: the development key pair is generated once and kept in app_secrets.
  let keys: Promise<CardKeys> | undefined;
  let fingerprintKeys: Promise<FingerprintKeys> | undefined;
  const cardKeys = () => (keys ??= loadCardKeys({ config, db }).catch((err: unknown) => {
    keys = undefined;
    throw err;
  }));
  const fpKeys = () => (fingerprintKeys ??= loadFingerprintKeys({ config, db }).catch((err: unknown) => {
    fingerprintKeys = undefined;
    throw err;
  }));

  route(API.memberCards, {
    schema: {
      summary: "The signed-in member's linked cards",
      errors: [401],
    },
  }, async (request) => {
    const partner = request.sitePartner;
    const { member } = await app.sessions.require(request);
    return memberCardList(db, { partner, member });
  });

  route(API.addCards, {
    schema: {
      summary: 'Link cards: manual cards encrypted by the card frame, or partner cards by id',
      description: `§5: termsAccepted and directFileFeedOptIn must be true (400 with fieldErrors otherwise, nothing stored). The captcha (gRecaptchaResponse, ALTCHA) is checked next. 200 with one result per card when at least one card was linked; 400 with the same body when none was; 400 with fieldErrors for bad input. A card that earns in another partner's programme of this deployment answers 409 code cardInOtherProgramme ("This card earns with X today; linking it here moves it.", one fieldError per such card, creditCards.<index>) and nothing is linked, unless confirmMove is true: then it moves here and its former member is e-mailed.`,
      response: { 400: z.union([ZAddCardsResponse, ZErrorResponse]), 401: ZErrorResponse, 403: ZErrorResponse, 409: ZErrorResponse },
    },
  }, async (request, reply) => {
    const partner = request.sitePartner;
    const { member } = await app.sessions.require(request);
    if (!(await app.captcha.verify(request.body.gRecaptchaResponse))) {
      throw AppError.badRequest(CAPTCHA_MESSAGE, [{ field: 'gRecaptchaResponse', message: CAPTCHA_MESSAGE }]);
    }
    const result = await addCards(db, {
      partner, member,
      creditCards: request.body.creditCards,
      directFileFeedOptIn: request.body.directFileFeedOptIn,
      termsAccepted: request.body.termsAccepted,
      keys: await cardKeys(),
      fingerprintKeys: await fpKeys(),
      confirmMove: request.body.confirmMove === true,
    });
    request.log.info({ linked: result.linked, submitted: result.cardRegistration.length, moved: result.movedNotices.length }, 'cards linked');
    if (result.movedNotices.length > 0) {
      // Sent now, after the move committed; a failure leaves the rows pending for the job.
      await deliverPending({ db, mailer, origin: (p) => partnerOrigin(p, config) }, { ids: result.movedNotices })
        .catch((err: unknown) => request.log.warn({ error: err instanceof Error ? err.message.slice(0, 200) : 'failed' }, 'card-moved mail left to the notifications job'));
    }
    return reply.status(result.linked > 0 ? 200 : 400).send({ cardRegistration: result.cardRegistration });
  });

  route(API.deleteCard, {
    schema: {
      summary: "Delete one of the member's cards; deleting the last card closes the account and signs out (single sign-on: through GET /api/SignOut, which ends the provider's session too)",
      errors: [401, 403, 404],
    },
  }, async (request, reply) => {
    const partner = request.sitePartner;
    const { member } = await app.sessions.require(request);
    const { closed } = await deleteCard(db, { partner, member, id: request.query.id });
    if (closed && usesSingleSignOn(partner)) {
      // The page goes on to /SignOut (§4), whose GET /api/SignOut ends this session and names the
      // provider's end-session address from the session's ID token: ended here, the provider's
      // session would outlive the account and sign the member in again without a password. Until
      // then the session is a closed account's (re-enrolment only).
      request.log.info('last card deleted: account closed; the sign-out page ends the session and the provider\'s');
    } else if (closed) {
      request.log.info('last card deleted: account closed, session ended');
      await app.sessions.end(request, reply);
    }
    return true as const;
  });

  route(API.partnerCards, {
    schema: {
      summary: "The partner's own cards of the member (partners with partner-loaded cards; 404 otherwise)",
      errors: [401, 404],
    },
  }, async (request) => {
    const partner = request.sitePartner;
    if (!partner.hasPartnerLoadedCards) throw AppError.notFound(NO_PARTNER_CARDS);
    const { member } = await app.sessions.require(request);
    return partnerCardList(db, { partner, member });
  });
};
