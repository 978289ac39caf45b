import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { appJobs } from './jobs';

describe('appJobs: the jobs the app runs, composed from the modules', () => {
  it('lists each job once, under the name its scheduled_jobs row has, at its interval', () => {
    const jobs = appJobs(loadConfig({ NODE_ENV: 'development' }));
    expect(jobs.map((j) => [j.name, j.everyMs, j.leaseMs])).toEqual([
      ['impressions-retention', 3_600_000, undefined],
      ['error-records-retention', 3_600_000, undefined],
      ['sessions-sweep', 600_000, undefined],
      ['lockout-sweep', 600_000, undefined],
      ['card-network-apply', 1_000, 120_000],
      ['card-network-sweep', 600_000, undefined],
      ['card-network-partitions', 21_600_000, undefined],
      ['reward-claims-rematch', 60_000, undefined],
      ['rewards-partner-posting', 900_000, undefined],
      ['rewards-statement-credits', 60_000, undefined],
      ['redemptions-send', 5_000, undefined],
      ['flex-offers-win-back', 21_600_000, undefined],
      ['reward-notifications', 15_000, undefined],
      ['staff-sweep', 600_000, undefined],
      ['content-publish', 60_000, undefined],
      ['embedded-statistics', 1_800_000, undefined],
    ]);
  });

  it('gathers table statistics itself only on the embedded database (PostgreSQL\'s autovacuum does it there)', () => {
    const names = (env: Record<string, string>) => appJobs(loadConfig({ NODE_ENV: 'development', ...env })).map((j) => j.name);
    expect(names({})).toContain('embedded-statistics');
    expect(names({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' })).not.toContain('embedded-statistics');
  });
});
