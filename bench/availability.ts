/**
 * Reservation availability benchmark (issue 11; not a test): availability answers per second for a
 * busy restaurant, GET /api/merchants/{id}/availability through the real app from a second process
 * (autocannon, bench/load-worker.mjs), next to a bare Fastify route answering JSON of the same size,
 * the two taking turns in 1-second slices of the same run; on the embedded database, and on PostgreSQL when one answers.
 *
 * The busy restaurant: 30 tables, two shifts every day, and BENCH_BOOKINGS reservations (default
 * 400) made through the booking service over the coming week, so every answer reads a full day of
 * reservations and table periods. The requests vary date (7 days), time (17:00–21:00) and party
 * size (1–6); each answer is checked once before the run.
 *
 *   node --import tsx bench/availability.ts
 * BENCH_SECONDS (pairs of 1-s slices, default 5), BENCH_BOOKINGS (default 400), BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres: a scratch database is created there and dropped).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openMemoryPglite, runMigrations, type Database } from '../src/server/db/client';
import { members, merchants, partners, reservationSettings, type PartnerRow } from '../src/server/db/schema';
import { seed } from '../src/server/demo';
import { restaurantClock } from '../src/server/modules/reservations/clock';
import { bookReservation } from '../src/server/modules/reservations/reservations.service';
import { timeOf } from '../src/shared/rules/reservations';
import type { AvailabilityResponse } from '../src/shared/schemas/reservations';
import { loadGenerator, summarise, takeTurns } from './load-process';
import { pgUrlForDisplay, scratchPostgres } from './scratch-postgres';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 400);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');


/** The busy restaurant and the request paths; reservations made through the booking service. */
async function prepare(database: Database): Promise<{ merchantId: number; paths: string[] }> {
  await runMigrations(database);
  await seed(database.db, { merchantCount: 2_000, demoMembers: false });
  const db = database.db;
  const [partner] = (await db.select().from(partners).where(eq(partners.code, 'delta'))) as [PartnerRow];
  const [row] = await db.select({ id: reservationSettings.merchantId, state: merchants.state }).from(reservationSettings)
    .innerJoin(merchants, eq(merchants.id, reservationSettings.merchantId)).orderBy(reservationSettings.merchantId).limit(1);
  const merchantId = row!.id;
  const tables = Array.from({ length: 30 }, (_, i) => ({ no: i + 1, name: `Table ${i + 1}`, minCovers: i < 12 ? 1 : 2, maxCovers: i < 12 ? 2 : i < 24 ? 4 : 6 }));
  await db.update(reservationSettings).set({
    tables, pacingParties: 12, pacingCovers: 48, minParty: 1, maxParty: 6, bookingWindowDays: 90, closedDates: [],
    shifts: [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
      { weekday, name: 'Lunch', firstSeating: 11 * 60 + 30, lastSeating: 14 * 60 },
      { weekday, name: 'Dinner', firstSeating: 17 * 60, lastSeating: 22 * 60 },
    ]),
  }).where(eq(reservationSettings.merchantId, merchantId));
  const crowd = await db.insert(members).values(Array.from({ length: BOOKINGS }, (_, i) => ({
    partnerId: partner.id, publicId: `bench-res-${i}`, email: `bench-res-${i}@example.com`, firstName: 'Bench', lastName: String(i),
  }))).returning();
  const clock = restaurantClock(row!.state);
  const today = clock.today(Date.now());
  const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  let booked = 0;
  for (let i = 0; i < crowd.length; i++) {
    const time = timeOf(17 * 60 + (i % 21) * 15);
    try {
      await bookReservation({ db }, { partner, member: crowd[i]!, idempotencyKey: `bench-${i}`, body: { merchantId, date: day(1 + (i % 7)), time, partySize: 1 + (i % 6), specialRequest: '', hold: false } });
      booked++;
    } catch {
      // A full quarter hour (pacing) or no table left: the restaurant is busy, as intended.
    }
  }
  console.log(`  busy restaurant ${merchantId}: 30 tables, ${fmt(booked)} of ${fmt(crowd.length)} bookings accepted over 7 days`);
  const paths: string[] = [];
  for (let d = 1; d <= 7; d++) for (let m = 17 * 60; m <= 21 * 60; m += 30) for (let p = 1; p <= 6; p++) {
    paths.push(`/api/merchants/${merchantId}/availability?date=${day(d)}&time=${timeOf(m)}&partySize=${p}`);
  }
  return { merchantId, paths };
}

type LoadResult = { rps: number; p50: number; p97_5: number; errors: number };

/** A load generator in a child process, kept up for several jobs (so that it is warm in every slice). */
const loader = () => loadGenerator<{ url: string; seconds: number; paths: string[] }, LoadResult>('./load-worker.mjs');

async function run(database: Database, kind: string) {
  const { paths } = await prepare(database);
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SITE_ORIGIN: 'https://{partner}.dining.example.com', CARD_FRAME_ORIGIN: 'https://cards.dining.example.com', CARD_EVENTS_SECRET: 'bench-card-events-secret-0123456789' }, { clientDir: path.resolve('dist/client') });
  const app = await buildApp({ config, db: database.db, logger: false, rateLimitMax: 1_000_000_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appPort = (app.server.address() as { port: number }).port;
  // Each path answers before the run: slots or a reason, never an error.
  let withSlots = 0;
  for (const p of paths) {
    const res = await app.inject({ method: 'GET', url: p, headers: { host: 'delta.localhost' } });
    if (res.statusCode !== 200) throw new Error(`${p} answered ${res.statusCode}: ${res.body}`);
    if (res.json<AvailabilityResponse>().slots.length > 0) withSlots++;
  }
  const sample = (await app.inject({ method: 'GET', url: paths[0]!, headers: { host: 'delta.localhost' } })).body;
  const bare = Fastify({ logger: false });
  bare.get('/api/merchants/:merchantId/availability', async (_req, reply) => reply.type('application/json; charset=utf-8').send(sample));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as { port: number }).port;

  // The two routes take turns in 1-second slices (the first of each pair alternating), each from its
  // own warm load generator, so that whatever else the machine does hits both alike.
  const rounds = Math.max(1, Math.round(SECONDS));
  console.log(`\nAvailability, ${rounds} pairs of 1-s slices taking turns, 20 connections from a second process (${kind}; ${fmt(paths.length)} distinct questions, ${fmt(withSlots)} with slots)`);
  const toBare = loader();
  const toApp = loader();
  const bareJob = { url: `http://127.0.0.1:${barePort}`, paths };
  const appJob = { url: `http://127.0.0.1:${appPort}`, paths };
  await toBare.run({ ...bareJob, seconds: 1 });
  await toApp.run({ ...appJob, seconds: 1 });
  const turns = await takeTurns(rounds, () => toBare.run({ ...bareJob, seconds: 1 }), () => toApp.run({ ...appJob, seconds: 1 }));
  const slices = { bare: turns.a, app: turns.b };
  toBare.close();
  toApp.close();
  const bareResult = summarise(slices.bare);
  const appResult = summarise(slices.app);
  const line = (name: string, r: { rps: number; p50: number; p97_5: number; errors: number }) =>
    console.log(`  ${name.padEnd(44)} ${fmt(r.rps).padStart(7)} req/s   p50 ${r.p50} ms  p97.5 ${r.p97_5} ms  errors ${r.errors}`);
  line(`bare Fastify route (the same ${fmt(sample.length)}-byte answer)`, bareResult);
  line('GET /api/merchants/{id}/availability', appResult);
  console.log(`  ratio to bare ${(appResult.rps / bareResult.rps).toFixed(2)}`);
  await app.close();
  await bare.close();
  return { bare: bareResult.rps, availability: appResult.rps };
}

export async function benchAvailability() {
  console.log('\nReservation availability (a busy restaurant)');
  const embedded = await openMemoryPglite();
  const postgres = await scratchPostgres();
  try {
    await run(embedded, 'embedded database');
    if (postgres) await run(postgres, 'PostgreSQL');
    else console.log(`  PostgreSQL not reachable at ${pgUrlForDisplay()}: its figures are skipped`);
  } finally {
    await embedded.close();
    await postgres?.drop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  benchAvailability().then(() => process.exit(0), (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
