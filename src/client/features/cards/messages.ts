import { CARD_OPT_IN_REQUIRED, CARD_TERMS_REQUIRED } from '#shared/constants/card';

/** §5 / §8 wording of the add-card form. */
export const CARD_REQUIRED = 'Please enter your credit card number.';
export const CARD_OR_PARTNER_REQUIRED = 'Please choose one of your cards or enter your credit card number.';
/** The server refuses a submission without them with the same words (shared schema). */
export const OPT_IN_REQUIRED = CARD_OPT_IN_REQUIRED;
export const TERMS_REQUIRED = CARD_TERMS_REQUIRED;
export const ADD_CARD_FAILED = 'We could not link your card just now. Please try again later.';
/** Submitted while the frame was still encrypting the number (its key arrives over the network). */
export const SECURING_TEXT = 'Securing your card number…';
/** The frame never delivered a number it was encrypting (its key did not arrive): a fresh field is shown. */
export const SECURING_FAILED = 'We could not secure your card number. Please enter it again.';
export const VERIFYING_TEXT = 'Checking that you are a person…';
export const LINKING_TEXT = 'Linking your card…';
