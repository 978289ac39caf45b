import cliProgress from 'cli-progress';
import { loadConfig, type AppConfig } from './config';
import { buildApp } from './app';
import { buildOpsApp } from './ops/app';
import { hostDispatch } from './ops/dispatch';
import { staffSealingKey } from './ops/staff';
import { checkPostgres, describeDataDirError, describePostgresError, isDatabaseUnavailable, openDatabase, postgresAddress, runMigrations, type Database } from './db/client';
import { assertNoDemoMembers, assertNoDemoStaff, ensureBonusCatalogue, ensureDemoStaff, ensureReservationBooks, isSeeded, needsDemoHistory, seed, sendDemoHistoryOnce, writeDemoReviews } from './demo';
import { appJobs } from './jobs/jobs';
import { replicaRouter } from './db/replicas';
import { createScheduler } from './jobs/scheduler';
import { buildCardFrameServer, cardFrameProblem, frameAncestors, framingPartners } from './modules/cards/card-frame-server';
import { loadCardKeys, loadFingerprintKey } from './modules/cards/card-crypto';
import { GIFT_CARD_WEBHOOK_PATH } from './modules/redemptions/provider/gift-card-client';
import { startGiftCardSimulator } from './modules/redemptions/provider/gift-card-simulator';
import { buildWebApp } from './start-build';

/** Known once the configuration is read: lets a failed start name the database and the cause. */
let startConfig: AppConfig | undefined;

async function main() {
  const config = loadConfig();
  startConfig = config;
  if (config.env === 'production' && !config.smtpUrl) {
    // Without SMTP the outbox transport would keep live password-reset links in the database, undelivered.
    throw new Error('SMTP_URL is required in production: e-mails (password-reset links) must be delivered, not kept in the outbox.');
  }
  const started = Date.now();
  // `npm start` (--build): the web app is built beside the database's preparation, awaited before the apps are made.
  const building = process.argv.includes('--build') ? buildWebApp() : Promise.resolve();
  // Not awaited until then: a failure is reported there (or by the failed start that comes first).
  building.catch(() => undefined);
  // Start-up work (migrations, seeding) may run longer than a request may wait: no statement
  // timeout here; the serving pool below has one.
  // Start-up progress on the terminal (requests are not logged there outside production: LOG_LEVEL).
  console.log(`Opening ${config.databaseUrl ? `PostgreSQL at ${postgresAddress(config.databaseUrl)}` : `the embedded database in ${config.dataDir}`} and applying migrations…`);
  if (config.databaseUrl) await checkPostgres(config.databaseUrl, config.databaseTimeoutMs);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, directUrl: config.databaseDirectUrl, dataDir: config.dataDir, max: 2 });
  await runMigrations(database);
  console.log(`Database ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  // Fails the start in production without CARD_PRIVATE_KEY (or with an unusable one).
  await loadCardKeys({ config, db: database.db });
  // Fails the start in production without CARD_FINGERPRINT_KEY.
  await loadFingerprintKey({ config, db: database.db });

  if (!(await isSeeded(database.db))) {
    const bar = new cliProgress.SingleBar({
      format: 'Seeding demo data |{bar}| {percentage}% {stage}',
      hideCursor: true,
      stream: process.stdout,
      noTTYOutput: true,
      notTTYSchedule: 2000,
    }, cliProgress.Presets.shades_classic);
    bar.start(1, 0, { stage: '' });
    const result = await seed(database.db, {
      merchantCount: config.seedMerchants,
      // Production gets the catalogue only: no demo members with the published password.
      demoMembers: config.env !== 'production',
      cardFingerprintKey: config.cardFingerprintKey ? Buffer.from(config.cardFingerprintKey, 'utf8') : undefined,
      onProgress: (done, total, stage) => {
        bar.setTotal(total);
        bar.update(done, { stage });
      },
    });
    bar.stop();
    console.log(`Seeded ${result.partners} partners, ${result.contentPages} content items and ${result.merchants} restaurants.`);
  }
  if (config.env === 'production') await assertNoDemoMembers(database.db);
  // The console's demo staff (docs/demo-staff.md) outside production; none may exist in production.
  if (config.env === 'production') await assertNoDemoStaff(database.db);
  else await ensureDemoStaff(database.db, await staffSealingKey(database.db, config.opsSecretKey));
  // Data folders seeded before bonuses existed get the bonus catalogue (missing programmes only).
  await ensureBonusCatalogue(database.db);
  // Restaurants that take reservations get their reservation books (missing ones only: older data folders too).
  await ensureReservationBooks(database.db);
  // A card frame no partner site may frame (or one on a partner's own origin) is said now, not by a member.
  const partnersOfFrame = await framingPartners(database.db);
  const frameProblem = cardFrameProblem(config, partnersOfFrame);
  if (frameProblem) throw new Error(frameProblem);

  const serving = await servingDatabase(config, database);
  // Read replicas (DATABASE_REPLICA_URLS): read-only work goes to them, within the lag bound.
  const reads = replicaRouter(serving.db, { urls: config.databaseReplicaUrls, maxLagMs: config.databaseReplicaMaxLagMs, timeoutMs: config.databaseTimeoutMs });
  // The gift-card provider's simulator beside the app unless GIFT_CARD_API_URL names the real one (never in production: config.ts).
  const giftCards = config.giftCard.source === 'simulator' ? await startGiftCardSimulator({ port: config.giftCardSimulatorPort, apiKey: config.giftCard.apiKey, webhookSecret: config.giftCard.webhookSecret }) : undefined;
  // With GIFT_CARD_SIMULATOR_PORT=0 the port is known only now.
  if (giftCards && config.giftCard.source === 'simulator') config.giftCard.apiUrl = giftCards.url;
  // The apps serve the build's output (the pages' template, the assets, the console's page).
  await building;
  // The operator console on its own host, same port (ops/dispatch.ts); none in production without OPS_HOST.
  const ops = config.opsHost ? await buildOpsApp({ config, db: serving.db, reads }) : undefined;
  if (ops) await ops.ready();
  const app = await buildApp({ config, db: serving.db, reads, ...(ops && config.opsHost ? { serverFactory: hostDispatch(config.opsHost, ops) } : {}) });
  // The demo card members' year of dining, sent as signed events through the webhook, then verified
  // reviews of some of those recent dines through the reviews service (docs/api-reviews.md). First
  // start only (production has no demo members). By default the server already answers meanwhile
  // (DEMO_HISTORY=background): the catalogue and the members are there, their activity fills in.
  const stopHistory = new AbortController();
  const historyDue = config.env !== 'production' && (await needsDemoHistory(serving.db));
  let historyStarted = Date.now();
  const writeHistory = async (): Promise<string | null> => {
    if (!historyDue) return null;
    const history = await sendDemoHistoryOnce(app, { db: serving.db, secret: config.cardEventsSecret, signal: stopHistory.signal });
    if (!history) return null;
    const reviews = await writeDemoReviews(serving.db, new Date(), stopHistory.signal);
    return `${history.events} card-network events for ${history.members} demo card members and ${reviews} verified reviews of their recent dines, in ${((Date.now() - historyStarted) / 1000).toFixed(1)} s`;
  };
  if (config.demoHistory === 'before-listen') {
    const written = await writeHistory();
    if (written) console.log(`Demo history written: ${written}.`);
  }
  // The card frame's own origin: a second port here, unless production serves it elsewhere.
  const frame = config.cardFrameServer ? await buildCardFrameServer({ config, db: serving.db }) : undefined;
  // Scheduled jobs (retention, sweeps) in this process unless `npm run worker` runs them (RUN_JOBS=false);
  // after a background history, which dates its own payout runs (no payout run of today's in between).
  let scheduler: Awaited<ReturnType<typeof createScheduler>> | undefined;
  let closing = false;
  const startJobs = async () => {
    if (config.runJobs && !closing) scheduler = await createScheduler({ db: serving.db, jobs: appJobs(config), log: app.log });
  };
  let history: Promise<void> = Promise.resolve();
  if (config.demoHistory === 'before-listen') await startJobs();
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stopHistory.abort();
    await history;
    await scheduler?.stop();
    await app.close();
    await ops?.close();
    await frame?.close();
    await giftCards?.close();
    await reads.close();
    await serving.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  if (frame) await frame.listen({ port: config.cardFramePort, host: config.host });
  if (giftCards) giftCards.settings.webhookUrl = `http://127.0.0.1:${port}${GIFT_CARD_WEBHOOK_PATH}`;
  console.log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s on http://localhost:${port}, ${config.databaseUrl ? `PostgreSQL at ${postgresAddress(config.databaseUrl)}` : `embedded database in ${config.dataDir}`}.`);
  if (config.databaseReplicaUrls.length) console.log(`Read replicas: ${config.databaseReplicaUrls.map(postgresAddress).join(', ')} (skipped when more than ${config.databaseReplicaMaxLagMs} ms behind; figures at /ready).`);
  if (config.databaseDirectUrl) console.log(`Through a pooler: LISTEN, advisory locks and migrations on ${postgresAddress(config.databaseDirectUrl)}.`);
  console.log(`Partner sites: http://<partner>.localhost:${port}, e.g. http://hilton.localhost:${port}. API docs: http://localhost:${port}/api/docs`);
  if (ops) console.log(`Operator console: ${config.opsOrigin}${config.env === 'production' ? '' : ' (demo staff: docs/demo-staff.md)'}.`);
  if (frame) {
    const parents = frameAncestors(config, partnersOfFrame);
    console.log(`Card frame: ${config.cardFrameOrigin}/card-frame/ (port ${(frame.server.address() as { port: number } | null)?.port ?? config.cardFramePort}), may be framed by ${parents.slice(0, 3).join(', ')}${parents.length > 3 ? ` and ${parents.length - 3} more partner origins` : ''}.`);
  }
  if (giftCards) console.log(`Gift cards: the simulator at ${giftCards.url} (GIFT_CARD_API_URL unset; forced outcomes: docs/features/redemptions.md).`);
  else if (config.giftCard.source === 'none') console.log(config.giftCard.reason);
  if (config.logLevel === 'warn') console.log('Requests are not logged here (LOG_LEVEL=info logs one line per request).');
  if (config.demoHistory === 'background') {
    if (historyDue) console.log('Demo history: the demo members\' year of dining is being written in the background; the site answers meanwhile (their activity fills in).');
    historyStarted = Date.now();
    history = writeHistory().then(
      (written) => { if (written) console.log(`Demo history written: ${written} (in the background; the site answered meanwhile).`); },
      (err: unknown) => {
        if (stopHistory.signal.aborted) console.log('Demo history interrupted by the shutdown: the demo members keep the part written (an empty data folder or database gets all of it).');
        else console.error(`Demo history failed (the site keeps serving; the demo members' activity is incomplete): ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      },
    ).then(startJobs).catch((err: unknown) => {
      console.error(`Scheduled jobs did not start: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    });
  }
}

/** PostgreSQL: a pool whose connects and statements time out, so an outage answers 503 quickly. */
async function servingDatabase(config: AppConfig, startup: Database): Promise<Database> {
  if (startup.kind === 'pglite' || !config.databaseUrl) return startup;
  await startup.close();
  return openDatabase({ databaseUrl: config.databaseUrl, directUrl: config.databaseDirectUrl, dataDir: config.dataDir, databaseTimeoutMs: config.databaseTimeoutMs });
}

/** One sentence for a failed start: the database's address or folder and the cause where it is the database. */
function startFailure(err: unknown): string {
  if (startConfig?.databaseUrl && isDatabaseUnavailable(err)) return describePostgresError(err, startConfig.databaseUrl, startConfig.databaseTimeoutMs);
  const folder = startConfig && !startConfig.databaseUrl ? describeDataDirError(err, startConfig.dataDir) : undefined;
  if (folder) return folder;
  return err instanceof Error ? err.message : String(err);
}

main().catch((err: unknown) => {
  console.error(startFailure(err));
  process.exit(1);
});
