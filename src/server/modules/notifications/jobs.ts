import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { ScheduledJob } from '../../lib/scheduled-job';
import { createMailer, type Mailer } from '../../lib/mailer';
import { partnerOrigin } from '../../plugins/partner';
import { runNotifications, type GiftCardReader } from './notifications.service';

export type NotificationJobConfig = Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'env' | 'partnerHosts' | 'siteOrigin' | 'giftCard'>;

/** Why a real gift card's claim link is not sent without SMTP (it would rest in the outbox table). */
export const CLAIM_LINK_NOT_IN_OUTBOX = 'A gift card\'s claim link is never kept in the outbox table: set SMTP_URL to send it (only the simulator\'s links, worth nothing, go to the outbox).';

/**
 * Where the 'delivered' mails read claim links (docs/notifications.md "The claim link"). Without
 * SMTP_URL the mailer writes every mail into the outbox table, which the staging tools and the
 * console show: there only the simulator's links may go (worth nothing, and how a tester sees the
 * mail). A real provider's link (GIFT_CARD_API_URL: a sandbox or the live service) is the card
 * itself and is never stored by us, so its mail fails, is retried and then waits for an operator,
 * until SMTP is set. Production requires SMTP_URL anyway (main.ts, worker.ts).
 */
export function claimLinkReader(config: Pick<NotificationJobConfig, 'smtpUrl' | 'giftCard'>, giftCards: (() => GiftCardReader | null) | undefined): GiftCardReader | null {
  if (!giftCards) return null;
  if (!config.smtpUrl && config.giftCard.source !== 'simulator') {
    return { getOrder: () => Promise.reject(new Error(CLAIM_LINK_NOT_IN_OUTBOX)) };
  }
  return giftCards();
}

/**
 * `reward-notifications` (exported by index.ts; jobs/jobs.ts lists it in appJobs), every 15 seconds: records the mails dines
 * call for and sends what is due (docs/notifications.md), redemption mails included. The scheduler runs it on one runner at a
 * time; the rows' own claims keep every mail single even when a lease runs out mid-run. `giftCards` gives the provider a
 * delivered gift card's claim link is read from (the redemptions module's client, passed in by jobs/jobs.ts: this module does
 * not import that one, which imports this); it is asked at each run, the config being read then (the simulator's port may be
 * known only after start).
 */
export function notificationJobs(config: NotificationJobConfig, opts: { mailer?: Mailer; giftCards?: () => GiftCardReader | null } = {}): ScheduledJob[] {
  let mailer: { db: Db; mailer: Mailer } | undefined;
  const mailerFor = (db: Db) => {
    if (opts.mailer) return opts.mailer;
    if (mailer?.db !== db) mailer = { db, mailer: createMailer({ db, config }) };
    return mailer.mailer;
  };
  return [{
    name: 'reward-notifications',
    everyMs: 15_000,
    run: async ({ db, now }) => runNotifications({
      db, mailer: mailerFor(db), origin: (p) => partnerOrigin(p, config), giftCards: () => claimLinkReader(config, opts.giftCards),
    }, { now }),
  }];
}
