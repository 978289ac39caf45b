import type { ScheduledJob } from '../../lib/scheduled-job';
import { applyInbox, sweepRewards } from './engine';
import { DEFAULT_INBOX_RETENTION_DAYS, maintainHistoryPartitions, maintainInboxPartitions } from './partitions';

/**
 * The engine's scheduled work (exported by index.ts; jobs/jobs.ts lists it in appJobs):
 * - `card-network-apply`: applies what is left in the inbox: events received by another instance
 *   (each instance applies its own at once, applier.ts), or left by a crash or an outage. It runs
 *   at every poll of the scheduler (15 s in-process, 5 s in `npm run worker`).
 * - `card-network-sweep`: authorisations never cleared after 10 days become Forfeit 'notSettled';
 *   Deferred rewards become Awarded once the member activated, or Forfeit 'notActivated' after 14
 *   days; refunds parked for a purchase that never came are sent to review 90 days after their date.
 * - `card-network-partitions`: the monthly partitions (partitions.ts, decisions 0012 and 0014) of
 *   the inbox, dines and member_rewards: the next months made ahead, and months for rows a default
 *   partition caught; inbox months past `inboxRetentionDays` (CARD_EVENTS_RETENTION_DAYS) dropped
 *   unless they still hold events not applied or listed in the console (the history is kept).
 */
export function cardNetworkJobs(opts: { inboxRetentionDays?: number } = {}): ScheduledJob[] {
  const retentionDays = opts.inboxRetentionDays ?? DEFAULT_INBOX_RETENTION_DAYS;
  return [
    {
      name: 'card-network-apply',
      everyMs: 1_000,
      leaseMs: 2 * 60_000,
      run: async ({ db }) => {
        const r = await applyInbox(db, { maxMs: 60_000 });
        return r.events === 0 ? undefined : `${r.events} card-network events applied in ${r.chunks} chunks${r.failed ? `, ${r.failed} set aside` : ''}`;
      },
    },
    {
      name: 'card-network-sweep',
      everyMs: 10 * 60_000,
      run: async ({ db, now, log }) => {
        const r = await sweepRewards(db, { now, log });
        return `${r.notSettled} authorisations not settled, ${r.awarded} deferred rewards awarded, ${r.notActivated} forfeit (not activated), ${r.refundsExpired} parked refunds expired${r.setAside ? `, ${r.setAside} members set aside` : ''}`;
      },
    },
    {
      name: 'card-network-partitions',
      everyMs: 6 * 3_600_000,
      run: async ({ db, now, log }) => {
        const r = await maintainInboxPartitions(db, { now, retentionDays, log });
        const history = await maintainHistoryPartitions(db, { now });
        return `inbox partitions: ${r.created.length} made, ${r.dropped.length} dropped past retention, ${r.kept.length} kept (events pending or in the console)${r.busy.length ? `, ${r.busy.length} left for the next run (inbox busy)` : ''}; history partitions: ${history.created.length} made`;
      },
    },
  ];
}
