export const CARD_BRANDS = ['Visa', 'Amex', 'Mastercard', 'Discover'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
/** Partner config codes (§3 cardTypesAccepted) for each brand. */
export const BRAND_CODES: Record<CardBrand, 'VISA' | 'AMEX' | 'MAST' | 'DISC'> = { Visa: 'VISA', Amex: 'AMEX', Mastercard: 'MAST', Discover: 'DISC' };
/** §5/§9: at most 12 cards in one submission. */
export const MAX_CARDS_PER_SUBMISSION = 12;
/** Our choice (the spec leaves it open): a member may have at most 15 linked cards. */
export const MAX_CARDS_PER_MEMBER = 15;
/** §9 card-entry watch: the frame must load within 20 s. */
export const CARD_FRAME_TIMEOUT_MS = 20_000;
/** §5 / §8: the add-card form's two required boxes, worded the same on the page and in the API's 400. */
export const CARD_OPT_IN_REQUIRED = 'Please allow your card transactions to be shared so your dines can earn rewards.';
export const CARD_TERMS_REQUIRED = 'Please accept the terms and conditions.';
