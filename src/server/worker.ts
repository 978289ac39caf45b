import { loadConfig } from './config';
import { openDatabase, runMigrations } from './db/client';
import { appJobs } from './jobs/jobs';
import { createScheduler } from './jobs/scheduler';

/**
 * `npm run worker`: the scheduled jobs in a process of their own, beside app instances started
 * with RUN_JOBS=false. PostgreSQL only: the embedded database belongs to one process, which runs
 * its jobs itself.
 */
async function worker() {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('The worker needs DATABASE_URL (PostgreSQL). With the embedded database, `npm start` runs the jobs itself.');
  if (config.env === 'production' && !config.smtpUrl) {
    // As main.ts: the jobs' mails (a gift card's claim link among them) must be delivered, not kept in the outbox.
    throw new Error('SMTP_URL is required in production: e-mails (gift-card claim links) must be delivered, not kept in the outbox.');
  }
  const database = await openDatabase({ ...config, directUrl: config.databaseDirectUrl });
  await runMigrations(database);
  const log = {
    info: (obj: object, msg: string) => console.log(JSON.stringify({ level: 'info', time: Date.now(), msg, ...obj })),
    error: (obj: object, msg: string) => console.error(JSON.stringify({ level: 'error', time: Date.now(), msg, ...obj })),
  };
  const scheduler = await createScheduler({ db: database.db, jobs: appJobs(config), log, pollMs: 5_000 });
  console.log('Worker running the scheduled jobs. Stop it with Ctrl+C.');
  const stop = async () => {
    await scheduler.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // The scheduler's timer does not hold the process open by itself.
  setInterval(() => undefined, 1 << 30);
}

worker().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
