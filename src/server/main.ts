import cliProgress from 'cli-progress';
import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase, runMigrations } from './db/client';
import { isSeeded, seed } from './db/seed';

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const database = await openDatabase(config);
  await runMigrations(database);

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
      onProgress: (done, total, stage) => {
        bar.setTotal(total);
        bar.update(done, { stage });
      },
    });
    bar.stop();
    console.log(`Seeded ${result.partners} partners, ${result.contentPages} content items and ${result.merchants} restaurants.`);
  }

  const app = await buildApp({ config, db: database.db });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  console.log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s on http://localhost:${port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}).`);
  console.log(`Partner sites: http://<partner>.localhost:${port}, e.g. http://hilton.localhost:${port}. API docs: http://localhost:${port}/api/docs`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
