import cliProgress from 'cli-progress';
import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase, runMigrations } from './db/client';
import { isSeeded, seed } from './db/seed';
import { buildCardFrameServer } from './modules/cards/card-frame-server';
import { loadCardKeys } from './modules/cards/card-crypto';

async function main() {
  const config = loadConfig();
  if (config.env === 'production' && !config.smtpUrl) {
    // Without SMTP the outbox transport would keep live password-reset links in the database, undelivered.
    throw new Error('SMTP_URL is required in production: e-mails (password-reset links) must be delivered, not kept in the outbox.');
  }
  const started = Date.now();
  const database = await openDatabase(config);
  await runMigrations(database);
  // Fails the start in production without CARD_PRIVATE_KEY (or with an unusable one).
  await loadCardKeys({ config, db: database.db });

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
      cardFingerprintKey: config.cardFingerprintKey ? Buffer.from(config.cardFingerprintKey, 'utf8') : undefined,
      onProgress: (done, total, stage) => {
        bar.setTotal(total);
        bar.update(done, { stage });
      },
    });
    bar.stop();
    console.log(`Seeded ${result.partners} partners, ${result.contentPages} content items and ${result.merchants} restaurants.`);
  }

  const app = await buildApp({ config, db: database.db });
  // The card frame's own origin: a second port here, unless production serves it elsewhere.
  const frame = config.cardFrameServer ? await buildCardFrameServer({ config, db: database.db }) : undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await frame?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  if (frame) await frame.listen({ port: config.cardFramePort, host: config.host });
  console.log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s on http://localhost:${port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}).`);
  console.log(`Partner sites: http://<partner>.localhost:${port}, e.g. http://hilton.localhost:${port}. API docs: http://localhost:${port}/api/docs`);
  if (frame) console.log(`Card frame: ${config.cardFrameOrigin}/card-frame/ (port ${(frame.server.address() as { port: number } | null)?.port ?? config.cardFramePort}).`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
