import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { demoAccounts } from './demo';
import { assetsPlugin } from './plugins/assets';
import { partnerPlugin } from './plugins/partner';
import { sessionPlugin } from './plugins/session';
import { readsPlugin } from './plugins/reads';
import { primaryOnly, type ReadRouter } from './db/replicas';
import { csrfPlugin } from './plugins/csrf';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { compressionPlugin } from './plugins/compression';
import { openapiPlugin } from './plugins/openapi';
import { createBaseApp } from './plugins/base-app';
import { csrfRoutes } from './modules/csrf/csrf.routes';
import { partnersRoutes } from './modules/partners/partners.routes';
import { merchantsRoutes, watchedSearch } from './modules/merchants/merchants.routes';
import type { MerchantSearch } from './modules/merchants/merchants.service';
import { impressionsRoutes } from './modules/impressions/impressions.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { imagesRoutes } from './modules/images/images.routes';
import { pagesRoutes } from './modules/pages/pages.routes';
import { pwaRoutes } from './modules/pwa/pwa.routes';
import { membersRoutes } from './modules/members/members.routes';
import { emailChangeRoutes } from './modules/members/email-change.routes';
import { pendingEmailChange } from './modules/members';
import { authRoutes } from './modules/auth/auth.routes';
import { stgtoolsRoutes } from './modules/stgtools/stgtools.routes';
import { stgtoolsMaintenanceRoutes } from './modules/stgtools/maintenance.routes';
import { enrollmentRoutes } from './modules/enrollment/enrollment.routes';
import { recoveryRoutes } from './modules/recovery/recovery.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { captchaRoutes } from './modules/cards/captcha.routes';
import { cardsRoutes } from './modules/cards/cards.routes';
import { cardNetworkPlugin } from './modules/card-network/card-network.routes';
import { rewardsRoutes } from './modules/rewards/rewards.routes';
import { redemptionsRoutes } from './modules/redemptions/redemptions.routes';
import { claimsRoutes } from './modules/claims/claims.routes';
import { bonusesRoutes } from './modules/bonuses/bonuses.routes';
import { keepProgrammes } from './modules/bonuses';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { reservationsRoutes } from './modules/reservations/reservations.routes';
import { favoritesRoutes } from './modules/favorites/favorites.routes';
import { flexOffersRoutes } from './modules/flex-offers/flex-offers.routes';
import { surveysRoutes, surveysStgtoolsRoutes } from './modules/surveys/surveys.routes';
import { demoRestaurantsRoutes } from './modules/demo-restaurants/demo-restaurants.routes';
import { merchantVisitsRoutes } from './modules/merchant-visits/merchant-visits.routes';
import { mapBaseDir, mapBaseRoutes } from './modules/map-base/map-base.routes';
import { clientErrorsRoutes, recordServerError } from './modules/client-errors';
import { emulationGuardPlugin, emulationRoutes } from './modules/emulation/emulation.routes';

export type BuildAppOptions = {
  config: AppConfig;
  db: Db;
  /** Where read-only work runs (DATABASE_REPLICA_URLS); the primary alone by default. */
  reads?: ReadRouter;
  /** Requests per minute per client address on the API; lower it in tests. */
  rateLimitMax?: number;
  /** Pass a prepared search (benchmarks share one); otherwise one is built and kept current. */
  search?: MerchantSearch;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests capture them). */
  logStream?: { write: (line: string) => void };
  /** The HTTP server (main.ts: one that hands the console's host to the console app, ops/dispatch.ts). */
  serverFactory?: FastifyServerFactory;
};

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const app = await createBaseApp({
    config, db, bodyLimit: 256 * 1024, logger: opts.logger, logStream: opts.logStream, serverFactory: opts.serverFactory,
    redact: ['encryptedCardNumber', '*.encryptedCardNumber', 'creditCards[*].encryptedCardNumber', 'body.creditCards[*].encryptedCardNumber', 'req.body.creditCards[*].encryptedCardNumber'],
    recordServerError: (request, fact) => recordServerError(db, request, fact),
  });

  // Plugins, one concern each, in the order their hooks must run (the base ones: plugins/base-app.ts).
  await app.register(partnerPlugin, { db, config });
  await app.register(sessionPlugin, { db, config });
  await app.register(readsPlugin, { db, reads: opts.reads ?? primaryOnly(db) });
  await app.register(csrfPlugin, { db, config });
  // After the anti-forgery check: an emulation session (the console's "View as member") changes nothing.
  await app.register(emulationGuardPlugin);
  await app.register(rateLimitsPlugin, { db, max: opts.rateLimitMax ?? config.apiRateLimit });
  // Before the routes: these act through onRoute hooks.
  await app.register(compressionPlugin);
  await app.register(openapiPlugin);

  // Modules.
  await app.register(csrfRoutes);
  await app.register(partnersRoutes, { db, config });
  // One search index, shared with the reviews module (a review updates its entry at once).
  const search = opts.search ?? await watchedSearch(app, db);
  // Each partner's bonus programmes, kept until they change: every signed-in page and GET /api/Member read them.
  const programmes = await keepProgrammes(db);
  app.addHook('onClose', async () => programmes.stop());
  await app.register(merchantsRoutes, { db, search });
  await app.register(impressionsRoutes, { db });
  await app.register(clientErrorsRoutes, { db });
  await app.register(locationsRoutes);
  await app.register(imagesRoutes);
  await app.register(pwaRoutes, { config });
  await app.register(ssoRoutes, { db, config, devAccounts: demoAccounts.sso });
  await app.register(membersRoutes, { db, programmes });
  await app.register(emailChangeRoutes, { db, config });
  await app.register(authRoutes, { db, config });
  await app.register(emulationRoutes, { db });
  if (config.stagingTools && config.env !== 'production') await app.register(stgtoolsRoutes, { db, demo: demoAccounts, cardEventsSecret: config.cardEventsSecret });
  if (config.stagingTools && config.env !== 'production') await app.register(stgtoolsMaintenanceRoutes, { db, globalMaintenance: config.maintenanceMode });
  await app.register(enrollmentRoutes, { db });
  await app.register(recoveryRoutes, { db, config });
  await app.register(captchaRoutes, { db });
  await app.register(cardsRoutes, { db, config });
  await app.register(cardNetworkPlugin, { db, config });
  await app.register(rewardsRoutes, { db });
  await app.register(redemptionsRoutes, { db, config, pendingEmail: pendingEmailChange });
  await app.register(claimsRoutes, { db });
  // The claims review queue belongs to the staging tools: never in production.
  await app.register(bonusesRoutes, { db });
  await app.register(reviewsRoutes, { db, search });
  await app.register(reservationsRoutes, { db, ...(config.openTable ? { openTable: config.openTable } : {}) });
  await app.register(favoritesRoutes, { db });
  await app.register(flexOffersRoutes, { db });
  await app.register(surveysRoutes, { db });
  if (config.stagingTools && config.env !== 'production') await app.register(surveysStgtoolsRoutes, { db, demoPrefix: demoAccounts.publicIdPrefix });
  await app.register(merchantVisitsRoutes, { db });
  await app.register(demoRestaurantsRoutes, { db });
  await app.register(mapBaseRoutes, { dir: mapBaseDir(config.clientDir) });

  // The built web app: its assets, then its pages (and the not-found handler).
  await app.register(assetsPlugin, { clientDir: config.clientDir });
  await app.register(pagesRoutes, { config, db, search, programmes });
  return app;
}
