import { z } from 'zod';
import { CARD_BRANDS, CARD_OPT_IN_REQUIRED, CARD_TERMS_REQUIRED, MAX_CARDS_PER_SUBMISSION } from '../constants/card';

export * from '../constants/card';

export const ZCard = z.object({
  id: z.number(),
  partnerCardId: z.number().nullable(),
  cardType: z.enum(CARD_BRANDS),
  lastFour: z.string(),
  description: z.string(),
});
export type Card = z.infer<typeof ZCard>;
export const ZCardList = z.array(ZCard);

/** A card from the add-card form: a manual card from the frame, or a partner card by its id. */
export const ZCreditCardInput = z.union([
  z.object({
    encryptedCardNumber: z.string().min(16, 'The card number could not be read. Please enter it again.').max(4096),
    lastFour: z.string().regex(/^\d{4}$/, 'The card number could not be read. Please enter it again.'),
    cardType: z.enum(CARD_BRANDS, { message: 'Unknown card type.' }),
  }),
  z.object({ cardId: z.number().int().positive() }),
]);

/** POST /api/Member/Cards (§3 add-card values). §5: the terms and the direct-file-feed opt-in are required on every partner. */
export const ZAddCardsRequest = z.object({
  creditCards: z.array(ZCreditCardInput).min(1, 'Please enter your credit card number.').max(MAX_CARDS_PER_SUBMISSION, `You can link at most ${MAX_CARDS_PER_SUBMISSION} cards at a time.`),
  directFileFeedOptIn: z.literal(true, { message: CARD_OPT_IN_REQUIRED }),
  termsAccepted: z.literal(true, { message: CARD_TERMS_REQUIRED }),
  /** The ALTCHA payload (§7 calls it gRecaptchaResponse). */
  gRecaptchaResponse: z.string().min(1, 'You must complete the reCAPTCHA to continue.').max(10_000),
  /**
   * The member saw that a card earns in another programme of this deployment and chose to move it
   * here. Without it such a submission answers 409 `cardInOtherProgramme` and links nothing.
   */
  confirmMove: z.boolean().optional().describe('true moves cards that earn in another programme of this deployment here (after the 409 cardInOtherProgramme notice); absent or false links nothing then.'),
});

/** §3 card registration result: one entry per submitted card. */
export const ZCardRegistration = z.array(z.object({
  memberCard: z.object({ id: z.number().nullable(), cardType: z.enum(CARD_BRANDS), lastFour: z.string(), description: z.string() }),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
}));
export const ZAddCardsResponse = z.object({ cardRegistration: ZCardRegistration });
export const ZDeleteCardQuery = z.object({ id: z.coerce.number({ message: 'Card id must be a number.' }).int().positive('Card id must be positive.').max(2147483647) });

/**
 * The card frame's message to the parent window. 'pending': a valid number is being encrypted, and
 * a 'card' or an 'invalid' follows (the parent waits for it instead of calling the field empty).
 */
export type CardFrameMessage = { type: 'card-frame:card'; encryptedCardNumber: string; lastFour: string; cardType: (typeof CARD_BRANDS)[number] }
  | { type: 'card-frame:pending' } | { type: 'card-frame:ready'; numberFollows?: true } | { type: 'card-frame:invalid'; message: string } | { type: 'card-frame:height'; height: number };

/** GET /api/captcha/challenge: an ALTCHA proof-of-work challenge (altcha-lib v1 format). */
export const ZCaptchaChallenge = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});
