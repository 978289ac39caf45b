import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { impressions, partners } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { makeDue as makeDueIn, recordingJobLog } from '../../test/jobs';
import { createScheduler } from '../../jobs/scheduler';
import { deleteOldImpressions, impressionsJobs } from './jobs';

let database: Database;
beforeAll(async () => { database = await createTestDatabase({ seeded: true }); });
afterAll(async () => { await database.close(); });

const { lines, log } = recordingJobLog();
const makeDue = (name: string) => makeDueIn(database.db, name);

describe('impressions retention (issue 7, item 6)', () => {
  it('deletes impressions older than the retention period, keeps the rest', async () => {
    const [p] = await database.db.select().from(partners).limit(1);
    const day = 24 * 3_600_000;
    const row = (ageDays: number) => ({ partnerId: p!.id, eventType: 'pageView', channel: 'web', dateTime: new Date(), userAgent: 'x', createdAt: new Date(Date.now() - ageDays * day) });
    await database.db.delete(impressions);
    await database.db.insert(impressions).values([...Array.from({ length: 25 }, () => row(91)), row(89), row(1), row(0)]);
    expect(await deleteOldImpressions(database.db, { retentionDays: 90 })).toBe(25);
    const [left] = await database.db.select({ n: count() }).from(impressions);
    expect(left!.n).toBe(3);
  });

  it('runs as the scheduled impressions-retention job', async () => {
    const [p] = await database.db.select().from(partners).limit(1);
    await database.db.delete(impressions);
    await database.db.insert(impressions).values({ partnerId: p!.id, eventType: 'search', channel: 'web', dateTime: new Date(), userAgent: 'x', createdAt: new Date(Date.now() - 10 * 24 * 3_600_000) });
    const s = await createScheduler({ db: database.db, jobs: impressionsJobs({ retentionDays: 7 }), log, start: false });
    await makeDue('impressions-retention');
    expect(await s.tick()).toContain('impressions-retention');
    const [old] = await database.db.select({ n: count() }).from(impressions).where(sql`${impressions.createdAt} < now() - interval '7 days'`);
    expect(old!.n).toBe(0);
    expect(lines.some((l) => (l.obj as { summary?: string }).summary === '1 impressions deleted')).toBe(true);
    await s.stop();
  });
});
