import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { ScheduledJob } from '../../lib/scheduled-job';
import { createMailer, type Mailer } from '../../lib/mailer';
import { partnerOrigin } from '../../plugins/partner';
import { runNotifications } from './notifications.service';

export type NotificationJobConfig = Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'env' | 'partnerHosts' | 'siteOrigin'>;

/**
 * `reward-notifications` (exported by index.ts; jobs/jobs.ts lists it in appJobs), every 15 seconds: records the mails dines
 * call for and sends what is due (docs/notifications.md). The scheduler runs it on one runner at a
 * time; the rows' own claims keep every mail single even when a lease runs out mid-run.
 */
export function notificationJobs(config: NotificationJobConfig, opts: { mailer?: Mailer } = {}): ScheduledJob[] {
  let mailer: { db: Db; mailer: Mailer } | undefined;
  const mailerFor = (db: Db) => {
    if (opts.mailer) return opts.mailer;
    if (mailer?.db !== db) mailer = { db, mailer: createMailer({ db, config }) };
    return mailer.mailer;
  };
  return [{
    name: 'reward-notifications',
    everyMs: 15_000,
    run: async ({ db, now }) => runNotifications({ db, mailer: mailerFor(db), origin: (p) => partnerOrigin(p, config) }, { now }),
  }];
}
