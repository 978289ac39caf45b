import type { AppConfig } from '../../config';
import type { ScheduledJob } from '../../lib/scheduled-job';
import { sendGiftCards } from './gift-cards';

export type RedemptionJobConfig = Pick<AppConfig, 'giftCard'>;

/**
 * `redemptions-send` (docs/features/redemptions.md "Sending"), every 5 seconds: orders the gift
 * cards members redeemed (released holds included) and asks the provider about orders that went
 * quiet. Statement credits are settled by the payout job (rewards/jobs.ts) through the partner's
 * card-credit adapter, on the same status machine. The config is read at each run (the simulator's
 * port may be known only after start).
 */
export function redemptionJobs(config: RedemptionJobConfig): ScheduledJob[] {
  return [{
    name: 'redemptions-send',
    everyMs: 5_000,
    run: async ({ db, now }) => {
      const r = await sendGiftCards(db, config.giftCard, { now });
      return `${r.sent} gift cards ordered, ${r.retry} to retry, ${r.failed} refused, ${r.polled} moved by a poll`;
    },
  }];
}
