import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { impressions, sessions } from '../db/schema';
import { sweepLockouts } from '../modules/lockout/lockout';
import { cardNetworkJobs } from '../modules/card-network/jobs';
import { payStatementCredits, postPartnerRewards } from '../modules/rewards/payouts';
import { notificationJobs, type NotificationJobConfig } from '../modules/notifications/jobs';
import { rematchSubmitted } from '../modules/claims/claims.service';
import { makeWinBackOffers } from '../modules/flex-offers/flex-offers.service';
import type { ScheduledJob } from '../lib/scheduled-job';

const HOUR = 3_600_000;
const BATCH = 10_000;

/**
 * Deletes impressions older than the retention period, in batches so that no statement holds the
 * table (or, on the embedded database, the one connection) for long.
 */
export async function deleteOldImpressions(db: Db, opts: { retentionDays: number; now?: Date }): Promise<number> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - opts.retentionDays * 24 * HOUR);
  let total = 0;
  for (;;) {
    const old = db.select({ id: impressions.id }).from(impressions).where(lt(impressions.createdAt, cutoff)).limit(BATCH);
    const deleted = await db.delete(impressions).where(inArray(impressions.id, old)).returning({ id: impressions.id });
    total += deleted.length;
    if (deleted.length < BATCH) return total;
  }
}

/** Every scheduled job of the app (jobs/scheduler.ts runs them); the reward notifications with the mail settings (the app's config). */
export function appJobs(opts: { impressionsRetentionDays: number } & Partial<NotificationJobConfig>): ScheduledJob[] {
  return [
    {
      name: 'impressions-retention',
      everyMs: HOUR,
      run: async ({ db, now }) => `${await deleteOldImpressions(db, { retentionDays: opts.impressionsRetentionDays, now })} impressions deleted`,
    },
    {
      name: 'sessions-sweep',
      everyMs: 10 * 60_000,
      run: async ({ db }) => {
        const gone = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`)).returning({ id: sessions.id });
        return `${gone.length} expired sessions deleted`;
      },
    },
    {
      name: 'lockout-sweep',
      everyMs: 10 * 60_000,
      run: async ({ db, now }) => sweepLockouts(db, now),
    },
    // The rewards engine (modules/card-network/jobs.ts): apply what other instances received, expire what never settled.
    ...cardNetworkJobs(),
    // Missing-reward claims whose card-network record was not applied yet when filed (modules/claims).
    {
      name: 'reward-claims-rematch',
      everyMs: 60_000,
      run: async ({ db }) => `${await rematchSubmitted(db)} claims matched again`,
    },
    // Payouts (modules/rewards/payouts.ts): miles and points to the partner ledger, cash back as statement credits.
    {
      name: 'rewards-partner-posting',
      everyMs: 15 * 60_000,
      run: async ({ db, now }) => {
        const r = await postPartnerRewards(db, { now });
        return `${r.posted} rewards posted to partner ledgers, ${r.refused} refused`;
      },
    },
    {
      name: 'rewards-statement-credits',
      everyMs: 60_000,
      run: async ({ db, now }) => {
        const r = await payStatementCredits(db, { now });
        return `${r.issued} statement credits issued ($${(r.issuedCents / 100).toFixed(2)}), ${r.completed} completed, ${r.rejected + r.error} given back`;
      },
    },
    // Flex offers (modules/flex-offers, docs/api-flex-offers.md): win-back offers for partners with the switch.
    {
      name: 'flex-offers-win-back',
      everyMs: 6 * HOUR,
      run: async ({ db, now }) => `${await makeWinBackOffers(db, { now })} flex offers made`,
    },
    // Reward notifications (modules/notifications, docs/notifications.md): the mails dines call for, each sent once.
    ...(opts.siteOrigin !== undefined && opts.mailFrom !== undefined && opts.env !== undefined && opts.partnerHosts !== undefined
      ? notificationJobs({ siteOrigin: opts.siteOrigin, mailFrom: opts.mailFrom, env: opts.env, partnerHosts: opts.partnerHosts, smtpUrl: opts.smtpUrl })
      : []),
  ];
}
