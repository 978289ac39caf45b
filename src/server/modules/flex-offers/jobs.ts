import type { ScheduledJob } from '../../lib/scheduled-job';
import { makeWinBackOffers } from './flex-offers.service';

/** `flex-offers-win-back`, every 6 hours: win-back offers for partners with the switch (docs/api-flex-offers.md). */
export function flexOffersJobs(): ScheduledJob[] {
  return [{
    name: 'flex-offers-win-back',
    everyMs: 6 * 3_600_000,
    run: async ({ db, now }) => `${await makeWinBackOffers(db, { now })} flex offers made`,
  }];
}
