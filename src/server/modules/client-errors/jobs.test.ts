import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clientErrors } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { makeDue, recordingJobLog } from '../../test/jobs';
import { createScheduler } from '../../jobs/scheduler';
import { findErrorByReference } from './error-records';
import { deleteOldErrorRecords, errorRecordsJobs } from './jobs';

let database: Database;
beforeAll(async () => { database = await createTestDatabase({ seeded: false }); });
afterAll(async () => { await database.close(); });

const DAY = 86_400_000;
const ALL = { allPartners: true, partnerIds: [] };
const NOW = new Date('2026-11-29T12:00:00Z');
const record = (reference: string, ageMs: number, source: 'browser' | 'server' = 'browser') => ({
  reference, source, route: '/search', name: 'TypeError', message: 'x is undefined', requestId: `req-${reference}`, createdAt: new Date(NOW.getTime() - ageMs),
});

describe('error records retention (ERROR_RETENTION_DAYS)', () => {
  it('deletes browser and server records older than the period, to the millisecond, and keeps the rest findable', async () => {
    await database.db.insert(clientErrors).values([
      record('AAAAAAAAA2', 90 * DAY + 1), record('AAAAAAAAA3', 200 * DAY, 'server'), record('AAAAAAAAA4', 90 * DAY - 1), record('AAAAAAAAA5', 0, 'server'),
    ]);
    expect(await deleteOldErrorRecords(database.db, { retentionDays: 90, now: NOW })).toBe(2);
    const left = await database.db.select({ reference: clientErrors.reference }).from(clientErrors).orderBy(asc(clientErrors.reference));
    expect(left.map((r) => r.reference)).toEqual(['AAAAAAAAA4', 'AAAAAAAAA5']);
    expect(await findErrorByReference(database.db, 'AAAAAAAAA2', ALL)).toBeNull();
    expect(await findErrorByReference(database.db, 'AAAAAAAAA4', ALL)).toMatchObject({ reference: 'AAAAAAAAA4' });
  });

  it('runs as the scheduled error-records-retention job', async () => {
    await database.db.delete(clientErrors);
    await database.db.insert(clientErrors).values([record('BBBBBBBBB2', 400 * DAY), { ...record('BBBBBBBBB3', 0), createdAt: new Date() }]);
    const { lines, log } = recordingJobLog();
    const s = await createScheduler({ db: database.db, jobs: errorRecordsJobs({ retentionDays: 30 }), log, start: false });
    await makeDue(database.db, 'error-records-retention');
    expect(await s.tick()).toContain('error-records-retention');
    expect(lines.map((l) => (l.obj as { summary?: string }).summary)).toContain('1 error records deleted');
    expect(await findErrorByReference(database.db, 'BBBBBBBBB2', ALL)).toBeNull();
    expect(await findErrorByReference(database.db, 'BBBBBBBBB3', ALL)).toMatchObject({ reference: 'BBBBBBBBB3' });
    await s.stop();
  });
});
