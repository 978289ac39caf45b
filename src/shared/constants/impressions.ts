/** Longest user agent or path an impression stores: enough for real browsers and our routes, no room for payloads. */
export const IMPRESSION_TEXT_MAX = 300;
/** Impressions one call may carry. */
export const IMPRESSION_BATCH_MAX = 50;
