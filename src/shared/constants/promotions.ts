/** §3 local storage key of the general popup: the partner's modal type the visitor closed. */
export const GENERAL_POPUP_KEY = 'RN_GENERAL_POPUP_DISMISSED';
/** §3 local storage key of the app announcement modal: when the 24-hour dismissal ends (ms since epoch). */
export const APP_ANNOUNCEMENT_KEY = 'RN_APP_ANNOUNCEMENT_DISMISSED';
/** §9 app announcement: closing hides it for 24 hours. */
export const APP_ANNOUNCEMENT_DISMISS_MS = 24 * 60 * 60 * 1000;
/** The popup content item (§3 popup, keyed by slug) of the general promo popup. */
export const GENERAL_POPUP_SLUG = 'general';
