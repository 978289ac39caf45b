/** The eleven content names of §3; '*' is the default page. */
export const CONTENT_NAMES = ['*', 'home', 'discover', 'tier_1_activation', 'surveys', 'account_center', 'announcement_banner', 'earn_details', 'earn_banner', 'popup', 'sidebar'] as const;
export type ContentName = (typeof CONTENT_NAMES)[number];
export const CONTENT_PAGE_SIZE = 100;
