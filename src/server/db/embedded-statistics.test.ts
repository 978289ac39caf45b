import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemoryPglite, type Database } from './client';
import { analyzeChangedTables } from './embedded-statistics';
import { embeddedStatisticsJobs } from '../jobs/jobs';

// A bare embedded database of its own: what matters is PGlite (no autovacuum), not the app's schema.
let database: Database;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const analyzedAt = async (table: string) => (await rows<{ at: string | null }>(sql`select last_analyze as at from pg_stat_user_tables where relname = ${table}`))[0]?.at ?? null;

beforeAll(async () => {
  database = await openMemoryPglite();
  await database.db.execute(sql`create table big (id int primary key, kind text)`);
  await database.db.execute(sql`create table small (id int primary key)`);
  await database.db.execute(sql`insert into big select g, case when g % 100 = 0 then 'rare' else 'common' end from generate_series(1, 5000) g`);
  await database.db.execute(sql`insert into small select g from generate_series(1, 20) g`);
});
afterAll(async () => database.close());

describe('analyzeChangedTables (the embedded database has no autovacuum)', () => {
  it('analyzes a table that changed past the threshold, not one under it, then nothing until it changes again', async () => {
    expect(await analyzedAt('big')).toBeNull();
    expect(await analyzeChangedTables(database.db)).toEqual(['big']);
    expect(await analyzedAt('big')).not.toBeNull();
    // 20 rows are under the threshold of 50 rows and a tenth of the table.
    expect(await analyzedAt('small')).toBeNull();
    // The planner now knows the table: 5,000 rows, of which 1 % 'rare', about 50 (without statistics it guessed 18).
    const plan = await rows<{ 'QUERY PLAN': string }>(sql`explain select * from big where kind = 'rare'`);
    const estimate = Number(/rows=(\d+)/.exec(plan[0]!['QUERY PLAN'])?.[1]);
    expect(estimate).toBeGreaterThanOrEqual(25);
    expect(estimate).toBeLessThanOrEqual(100);
    expect(await analyzeChangedTables(database.db)).toEqual([]);
    await database.db.execute(sql`update big set kind = 'rare' where id <= 600`);
    expect(await analyzeChangedTables(database.db)).toEqual(['big']);
  });

  it('leaves the session\'s statistics target as it found it', async () => {
    await database.db.execute(sql`insert into small select g from generate_series(21, 200) g`);
    expect(await analyzeChangedTables(database.db)).toEqual(['small']);
    const [setting] = await rows<{ target: string }>(sql`select current_setting('default_statistics_target') as target`);
    expect(setting!.target).toBe('100');
  });

  it('is the embedded-statistics job, which says what it analyzed', async () => {
    const [job] = embeddedStatisticsJobs();
    expect(job!.name).toBe('embedded-statistics');
    await database.db.execute(sql`delete from big where id > 4000`);
    const log = { info: () => undefined, error: () => undefined };
    expect(await job!.run({ db: database.db, now: new Date(), log })).toBe('analyzed 1 table(s): big');
    expect(await job!.run({ db: database.db, now: new Date(), log })).toBeUndefined();
  });
});
