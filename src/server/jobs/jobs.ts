import type { ScheduledJob } from '../lib/scheduled-job';
import { sessionJobs } from '../plugins/session';
import { impressionsJobs } from '../modules/impressions';
import { errorRecordsJobs } from '../modules/client-errors';
import { lockoutJobs } from '../modules/lockout';
import { cardNetworkJobs } from '../modules/card-network';
import { claimsJobs } from '../modules/claims';
import { rewardsJobs } from '../modules/rewards';
import { flexOffersJobs } from '../modules/flex-offers';
import { notificationJobs, type NotificationJobConfig } from '../modules/notifications';
import { opsJobs } from '../ops/jobs';
import { giftCardClient, redemptionJobs, type RedemptionJobConfig } from '../modules/redemptions';
import { analyzeChangedTables } from '../db/embedded-statistics';

/**
 * Every scheduled job of the app, run by jobs/scheduler.ts. Each module declares its own jobs
 * (modules/<m>/jobs.ts, exported by its index.ts) and takes only the settings it needs; this list
 * says which of them the app runs.
 */
export function appJobs(config: { impressionsRetentionDays: number; errorRetentionDays: number; cardEventsRetentionDays?: number; databaseUrl?: string } & NotificationJobConfig & RedemptionJobConfig): ScheduledJob[] {
  return [
    ...impressionsJobs({ retentionDays: config.impressionsRetentionDays }),
    ...errorRecordsJobs({ retentionDays: config.errorRetentionDays }), // error records behind the reference codes
    ...sessionJobs(), // plugins/session.ts: expired sessions
    ...lockoutJobs(),
    ...cardNetworkJobs({ inboxRetentionDays: config.cardEventsRetentionDays }), // the rewards engine: apply what other instances received, expire what never settled; the inbox's monthly partitions
    ...claimsJobs(),
    ...rewardsJobs(), // payouts: partner ledgers, statement credits
    ...redemptionJobs(config), // gift cards ordered from the provider
    ...flexOffersJobs(),
    // Reward and redemption e-mails, with the mail settings; a delivered gift card's claim link is read from the provider when its mail goes.
    ...notificationJobs(config, { giftCards: () => giftCardClient(config.giftCard) }),
    ...opsJobs(), // the operator console: expired staff sessions, spent failure counts
    // The embedded database (no DATABASE_URL) has no autovacuum: its tables' statistics, as autovacuum would gather them.
    ...(config.databaseUrl ? [] : embeddedStatisticsJobs()),
  ];
}

/** `embedded-statistics`, every 30 minutes, on the embedded database only (appJobs above). */
export function embeddedStatisticsJobs(): ScheduledJob[] {
  return [{
    name: 'embedded-statistics',
    everyMs: 30 * 60_000,
    run: async ({ db }) => {
      const analyzed = await analyzeChangedTables(db);
      return analyzed.length ? `analyzed ${analyzed.length} table(s): ${analyzed.join(', ')}` : undefined;
    },
  }];
}
