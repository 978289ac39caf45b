import { APP_ANNOUNCEMENT_DISMISS_MS } from '../constants/promotions';

/**
 * §4 promotional modals: the general promo popup (once per partner modal type) and the app
 * announcement (24 hours after a close). Pure: the browser's storage, user agent and member are
 * read by the caller. Which one may open on a page, and where none may (§2: not on /login and
 * /join, and more), is the interruption queue's rule (rules/interruptions.ts).
 */

export type GeneralPopupInput = {
  /** The partner's generalModalType (§3); null or blank: no popup. */
  modalType: string | null | undefined;
  /** The modal type stored when the visitor closed a popup (GENERAL_POPUP_KEY), or null. */
  dismissedType: string | null;
  /** Whether the partner's popup content has the `general` item to show. */
  hasContent: boolean;
  pathname: string;
  /** Where the popup's button leads: not shown on that page itself. */
  ctaPath?: string | null;
};

/** §4: shown while the stored dismissed type differs from the partner's modal type. */
export function generalPopupVisible(input: GeneralPopupInput): boolean {
  const type = input.modalType?.trim();
  if (!type || !input.hasContent) return false;
  if (input.ctaPath && samePath(input.ctaPath, input.pathname)) return false;
  return input.dismissedType !== type;
}

export type AppAnnouncementInput = {
  /** Whether the partner configures an app announcement (appAnnouncementModal). */
  configured: boolean;
  /** The stored end of the last dismissal (APP_ANNOUNCEMENT_KEY), as stored; unreadable means absent. */
  dismissedUntil: string | null;
  now: number;
  /** Inside the native app (user-agent marker): never shown. */
  nativeApp: boolean;
  /** A closed-account member: never shown. */
  closedAccount: boolean;
};

/** The stored dismissal end as a time, or null when absent or unreadable. */
export function parseDismissedUntil(value: string | null): number | null {
  if (value === null || !/^\d{1,16}$/.test(value.trim())) return null;
  // Stryker disable next-line MethodExpression: equivalent — Number() ignores surrounding spaces itself
  return Number(value.trim());
}

/** §4: shown when the dismissal marker is absent (or its 24 hours are over), outside the native app, not for closed accounts. */
export function appAnnouncementVisible(input: AppAnnouncementInput): boolean {
  if (!input.configured || input.nativeApp || input.closedAccount) return false;
  const until = parseDismissedUntil(input.dismissedUntil);
  return until === null || input.now >= until;
}

/** The value stored on closing the app announcement: the end of its 24 hours. */
export function appAnnouncementDismissal(now: number): string {
  return String(now + APP_ANNOUNCEMENT_DISMISS_MS);
}

function samePath(a: string, b: string): boolean {
  const strip = (p: string) => (p.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';
  return strip(a) === strip(b);
}
