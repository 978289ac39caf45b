import type { RewardStatus } from '../constants/rewards';
import type { CurrencyType } from '../constants/partner';

/**
 * Reward notifications (docs/notifications.md): which e-mail a dine calls for, whom it may go to,
 * and the words of amounts in it. Pure; the notifications module applies them.
 */

/** Every notification e-mail. None of them is promotional: each tells a member about their own account. */
export const NOTIFICATION_KINDS = ['dineSeen', 'dineAwarded', 'dineNotEarned', 'cardMoved'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type DineNotificationKind = Exclude<NotificationKind, 'cardMoved'>;

/**
 * Redemption mails (issue 28): money the member asked for, so always sent to the account's
 * address (not a partner setting): received (held or on its way), delivered (a gift card's claim
 * link, once), failed (rejected or not delivered: the money is back in the balance).
 */
export const REDEMPTION_MAIL_KINDS = ['redemptionReceived', 'redemptionDelivered', 'redemptionFailed'] as const;
export type RedemptionMailKind = (typeof REDEMPTION_MAIL_KINDS)[number];

/**
 * A partner's choice per kind (partners.reward_mails): 'all' members with an open account,
 * 'optedIn' only members who accept e-mail (emailOptIn), or 'off'.
 */
export const MAIL_AUDIENCES = ['all', 'optedIn', 'off'] as const;
export type MailAudience = (typeof MAIL_AUDIENCES)[number];
export type RewardMailSettings = Partial<Record<NotificationKind, MailAudience>>;

/** What a partner sends when its row says nothing about a kind: every transactional mail, to every open account. */
export const DEFAULT_REWARD_MAILS: Readonly<Record<NotificationKind, MailAudience>> = {
  dineSeen: 'all', dineAwarded: 'all', dineNotEarned: 'all', cardMoved: 'all',
};

/**
 * A dine is announced only while its news is fresh: its purchase (occurredAt) lies within this many
 * days. 'Seen' is about an authorisation (clearing follows within days); 'awarded' follows the
 * clearing (the engine matches a clearing up to 5 days after the authorisation); 'not earned'
 * can come late (never settled after 10 days, not activated 14 days after clearing). This is also
 * what keeps the demo history (a year of dines received at first start) out of the outbox.
 */
export const NOTIFY_WITHIN_DAYS: Readonly<Record<DineNotificationKind, number>> = { dineSeen: 3, dineAwarded: 10, dineNotEarned: 30 };
/** Rewards post 3–5 days after the visit (research §1 "When rewards post"): the 'seen' mail promises the later bound. */
export const EXPECTED_POSTING_DAYS = 5;

const DAY = 86_400_000;

export type DineState = { status: RewardStatus; authAmountCents: number | null; occurredAt: Date };

/**
 * The mail a dine's state calls for: Pending with an authorisation → 'dineSeen' (the amount before
 * tip); Awarded or Paid → 'dineAwarded'; Forfeit → 'dineNotEarned'. Deferred waits for its outcome
 * (activation makes it Awarded, 14 days make it Forfeit), and a clearing without authorisation
 * has nothing to announce before its result.
 */
export function dineMailKind(dine: Pick<DineState, 'status' | 'authAmountCents'>): DineNotificationKind | null {
  switch (dine.status) {
    case 'Pending':
      return dine.authAmountCents !== null ? 'dineSeen' : null;
    case 'Awarded':
    case 'Paid':
      return 'dineAwarded';
    case 'Forfeit':
      return 'dineNotEarned';
    case 'Deferred':
      return null;
  }
}

/** The kind, when the dine is recent enough for it (NOTIFY_WITHIN_DAYS); null otherwise. */
export function dineMailDue(dine: DineState, now: Date): DineNotificationKind | null {
  const kind = dineMailKind(dine);
  if (!kind) return null;
  return now.getTime() - dine.occurredAt.getTime() <= NOTIFY_WITHIN_DAYS[kind] * DAY ? kind : null;
}

export type Recipient = {
  partnerId: number; memberType: 'ClosedAccountMember' | 'EnrolledCardMember' | 'NonCardMember'; active: boolean; emailOptIn: boolean; email: string;
};
export type SkipReason = 'otherPartner' | 'accountClosed' | 'noEmail' | 'partnerOff' | 'optedOut';
export type MailDecision = { send: true } | { send: false; reason: SkipReason };

/** The partner's audience of a kind (its setting, else the default). */
export function audienceOf(settings: RewardMailSettings | null | undefined, kind: NotificationKind): MailAudience {
  const value = settings?.[kind];
  return value && (MAIL_AUDIENCES as readonly string[]).includes(value) ? value : DEFAULT_REWARD_MAILS[kind];
}

/**
 * Whether a mail of this kind goes to this member for this partner: never to a member of another
 * partner, never to a closed account (closed, or inactive), never without an address; then the
 * partner's setting decides, and 'optedIn' asks for the member's e-mail opt-in.
 */
export function mailDecision(opts: { kind: NotificationKind; partnerId: number; member: Recipient; settings: RewardMailSettings | null | undefined }): MailDecision {
  const { member } = opts;
  if (member.partnerId !== opts.partnerId) return { send: false, reason: 'otherPartner' };
  // A moved card's member may have no card left, but the account is theirs and open: 'cardMoved' goes to non-card members too.
  if (member.memberType === 'ClosedAccountMember' || !member.active) return { send: false, reason: 'accountClosed' };
  if (!member.email.includes('@')) return { send: false, reason: 'noEmail' };
  const audience = audienceOf(opts.settings, opts.kind);
  if (audience === 'off') return { send: false, reason: 'partnerOff' };
  if (audience === 'optedIn' && !member.emailOptIn) return { send: false, reason: 'optedOut' };
  return { send: true };
}

/** Why a redemption mail does not go: the same tenancy and address rules, nothing else. */
export type RedemptionSkipReason = Extract<SkipReason, 'otherPartner' | 'noEmail'>;

/**
 * Whether a redemption mail (REDEMPTION_MAIL_KINDS) goes to this member: never to a member of
 * another partner, never without an address; otherwise always. Unlike mailDecision there is no
 * partner setting, no opt-in and no closed-account rule: the mail is about money the member asked
 * for (a closed account may still be owed a gift card, or told its money is back in the balance).
 */
export function redemptionMailDecision(opts: { partnerId: number; member: Pick<Recipient, 'partnerId' | 'email'> }): { send: true } | { send: false; reason: RedemptionSkipReason } {
  if (opts.member.partnerId !== opts.partnerId) return { send: false, reason: 'otherPartner' };
  if (!opts.member.email.includes('@')) return { send: false, reason: 'noEmail' };
  return { send: true };
}

/** Whether a notifications row's kind is one of the redemption mails. */
export function isRedemptionMailKind(kind: string): kind is RedemptionMailKind {
  return (REDEMPTION_MAIL_KINDS as readonly string[]).includes(kind);
}

/** A local date (YYYY-MM-DD) plus days, as YYYY-MM-DD. */
export function addDays(localDate: string, days: number): string {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** When a dine's reward is expected to post: its local date plus EXPECTED_POSTING_DAYS. */
export function expectedPostingDate(localDate: string): string {
  return addDays(localDate, EXPECTED_POSTING_DAYS);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A local date (YYYY-MM-DD) in words: 'November 20, 2026'. */
export function longDate(localDate: string): string {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** Cents as dollars: '$1,234.50'. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

type RewardUnit = { currencyType: CurrencyType; copyStates: { currencySingular?: string; currencyPlural?: string } };

/**
 * A dine's reward in the partner's wording: cash-back partners (Dollar, Credit) keep cents and
 * show dollars ('$1.50'); miles and points are whole numbers with the partner's currency words
 * ('1 mile', '150 miles'), as on Reviews & History.
 */
export function rewardText(reward: number, partner: RewardUnit): string {
  if (partner.currencyType === 'Dollar' || partner.currencyType === 'Credit') return dollars(reward);
  const n = Math.trunc(reward);
  const unit = Math.abs(n) === 1 ? partner.copyStates.currencySingular : partner.copyStates.currencyPlural;
  const figure = n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return unit ? `${figure} ${unit}` : figure;
}
