/** Longest user agent or path an impression stores: enough for real browsers and our routes, no room for payloads. */
export const IMPRESSION_TEXT_MAX = 300;
/** Impressions one call may carry. */
export const IMPRESSION_BATCH_MAX = 50;
/** §9: a page view is tracked 500 ms after a route change (a quick redirect is not a view). */
export const PAGE_VIEW_DELAY_MS = 500;
/** How long the client gathers impressions before sending them in one call. */
export const IMPRESSION_FLUSH_DELAY_MS = 300;
/** Pause between the calls of a backlog larger than one batch. */
export const IMPRESSION_NEXT_BATCH_DELAY_MS = 200;
