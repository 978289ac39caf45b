/**
 * The console's member look-up at a million members (issue 27: "answers in ≤ 50 ms at 1,000,000
 * members on PostgreSQL"): a scratch PostgreSQL database, the migrations, the demo partners, then
 * BENCH_MEMBERS generated members of one partner (names, e-mails, partner numbers, phones, a card
 * each) and searchMembers (the call's own function) timed for each kind of query a person types.
 *   npm run bench:ops-lookup   (BENCH_MEMBERS, default 1,000,000; BENCH_ROUNDS, default 30)
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { runMigrations } from '../src/server/db/client';
import { partners } from '../src/server/db/schema';
import { seed } from '../src/server/demo';
import { searchMembers } from '../src/server/ops/members';
import { pgUrlForDisplay, scratchPostgres } from './scratch-postgres';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const FIRST = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kai', 'Lena', 'Milo', 'Nia', 'Omar', 'Pia', 'Quin', 'Rosa', 'Sami', 'Tess'];
const LAST = ['Archer', 'Baker', 'Castillo', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Hughes', 'Ivanova', 'Jensen', 'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quintero', 'Rossi', 'Schmidt', 'Tanaka'];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const database = await scratchPostgres();
  if (!database) {
    console.log(`Console look-up: PostgreSQL not reachable at ${pgUrlForDisplay()}; nothing measured.`);
    return;
  }
  try {
    let t0 = performance.now();
    await runMigrations(database);
    await seed(database.db, { merchantCount: 10, demoMembers: false });
    const [partner] = await database.db.select().from(partners).where(eq(partners.code, 'hilton'));
    // Members in batches of 100,000 (one statement each), then one card each.
    for (let from = 1; from <= MEMBERS; from += 100_000) {
      const to = Math.min(MEMBERS, from + 99_999);
      await database.db.execute(sql`
        insert into members (partner_id, public_id, email, partner_number, first_name, last_name, phone_number, tier_level, member_type)
        select ${partner!.id}, 'look-' || g, 'member' || g || '@example.com', 'L' || lpad(g::text, 7, '0'),
          (${sql.raw(`array['${FIRST.join("','")}']`)})[1 + g % ${FIRST.length}], (${sql.raw(`array['${LAST.join("','")}']`)})[1 + (g / ${FIRST.length}) % ${LAST.length}] || (g % 997)::text,
          '312' || lpad((g % 10000000)::text, 7, '0'), 2, 'EnrolledCardMember'
        from generate_series(${from}::int, ${to}::int) g`);
    }
    await database.db.execute(sql`
      insert into member_cards (partner_id, member_id, card_type, last_four, description, fingerprint, network_token, created_at)
      select partner_id, id, 'Visa', lpad((id % 10000)::text, 4, '0'), 'Visa', 'look-fp-' || id, 'ntk_look_' || id, '2025-01-01'
      from members where public_id like 'look-%'`);
    await database.db.execute(sql`analyze`);
    console.log(`\nConsole member look-up (${MEMBERS.toLocaleString('en-US')} members of one partner on PostgreSQL; prepared in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);

    const n = Math.floor(MEMBERS * 0.61);
    const queries: Array<[string, string]> = [
      ['e-mail (exact)', `member${n}@example.com`],
      ['partner number', `L${String(n).padStart(7, '0')}`],
      ['public id', `look-${n}`],
      ['phone (10 digits)', `(312) ${String(n % 10_000_000).padStart(7, '0').slice(0, 3)}-${String(n % 10_000_000).padStart(7, '0').slice(3)}`],
      ['card last four', String(n % 10_000).padStart(4, '0')],
      ['name', `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]}${n % 997}`],
      ['last name (start)', LAST[Math.floor(n / FIRST.length) % LAST.length]!.slice(0, 5)],
      ['e-mail (start)', `member${n}@`],
      ['no match', 'nobody-by-this-name'],
    ];
    console.log(`  ${'query'.padEnd(20)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)}  found (first)`);
    for (const [label, q] of queries) {
      const times: number[] = [];
      let found = 0;
      let first = '';
      for (let i = 0; i < ROUNDS + 3; i++) {
        t0 = performance.now();
        const r = await searchMembers(database.db, partner!, q);
        const ms = performance.now() - t0;
        if (i >= 3) times.push(ms);
        found = r.members.length;
        first = r.members[0] ? `${r.members[0].email} by ${r.members[0].matched}` : '';
      }
      times.sort((a, b) => a - b);
      console.log(`  ${label.padEnd(20)} ${pct(times, 50).toFixed(1).padStart(6)} ms ${pct(times, 95).toFixed(1).padStart(6)} ms ${times.at(-1)!.toFixed(1).padStart(6)} ms  ${found}${first ? ` (${first})` : ''}`);
    }
  } finally {
    await database.drop();
  }
}

main().then(() => process.exit(0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
