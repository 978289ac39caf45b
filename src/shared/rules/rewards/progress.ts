import { VIP_DINES_REQUIRED, type ProgressStatus } from '../../constants/rewards';

export type DiningProgress = {
  status: ProgressStatus;
  dinesRequired: number;
  remainingDines: number;
  /** Dollars are not a route to VIP in this programme: always 0 (the fields stay for §3). */
  dollarsRequired: number;
  remainingDollars: number;
  /** Rewards this calendar year, in the partner's unit (miles, points, or cents). */
  ytdMilesOrDollars: number;
};

/**
 * §3/§4 dining progress. VIP is earned by the 12th qualified dine of a calendar year and lasts the
 * rest of that year and the next one:
 * - not VIP → Building, counting this year's dines;
 * - VIP earned this year → Qualified;
 * - VIP from last year, fewer than 12 dines this year → Renewing (the next year is at stake);
 * - VIP from last year and 12 or more this year → Complete (next year is secured).
 */
export function diningProgress(opts: { year: number; dinesThisYear: number; dinesLastYear: number; rewardsThisYear: number }): DiningProgress {
  const vipThisYear = opts.dinesThisYear >= VIP_DINES_REQUIRED;
  const vipFromLastYear = opts.dinesLastYear >= VIP_DINES_REQUIRED;
  const remaining = Math.max(0, VIP_DINES_REQUIRED - opts.dinesThisYear);
  let status: ProgressStatus;
  if (vipFromLastYear) status = vipThisYear ? 'Complete' : 'Renewing';
  else status = vipThisYear ? 'Qualified' : 'Building';
  return {
    status,
    dinesRequired: VIP_DINES_REQUIRED,
    remainingDines: remaining,
    dollarsRequired: 0,
    remainingDollars: 0,
    ytdMilesOrDollars: opts.rewardsThisYear,
  };
}

/** Whether the member holds VIP in `year`: 12 qualified dines in it or in the year before. */
export function holdsVip(opts: { dinesThisYear: number; dinesLastYear: number }): boolean {
  return opts.dinesThisYear >= VIP_DINES_REQUIRED || opts.dinesLastYear >= VIP_DINES_REQUIRED;
}
