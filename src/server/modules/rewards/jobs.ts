import type { ScheduledJob } from '../../lib/scheduled-job';
import { payStatementCredits, postPartnerRewards } from './payouts';

/**
 * Payouts (payouts.ts, docs/api-rewards.md "Payouts"): `rewards-partner-posting`, every 15 minutes,
 * miles and points to the partner ledger; `rewards-statement-credits`, every minute, cash back as
 * statement credits.
 */
export function rewardsJobs(): ScheduledJob[] {
  return [
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
  ];
}
