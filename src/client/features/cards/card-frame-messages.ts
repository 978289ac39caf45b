import { BRAND_CODES, CARD_BRANDS } from '#shared/constants/card';
import type { CardFrameMessage } from '#shared/schemas/card';
import type { PartnerConfig } from '#shared/schemas/partner';

export type { CardFrameMessage };
export type ManualCard = Extract<CardFrameMessage, { type: 'card-frame:card' }>;

/**
 * The frame's address: its own origin, told the parent's exact origin, the partner's brands and
 * font family (the frame checks it and uses it for its text) (optional=1 when partner cards can be
 * chosen instead, so the field is not marked required).
 */
export function cardFrameSrc(partner: Pick<PartnerConfig, 'cardFrameOrigin' | 'cardTypesAccepted'> & { theme: Pick<PartnerConfig['theme'], 'fontFamily'> }, parentOrigin: string, opts: { optional?: boolean } = {}): string {
  const base = `${partner.cardFrameOrigin}/card-frame/?parent=${encodeURIComponent(parentOrigin)}&accepted=${partner.cardTypesAccepted.join(',')}&font=${encodeURIComponent(partner.theme.fontFamily)}`;
  return opts.optional ? `${base}&optional=1` : base;
}

/** A 14px system font's average character, rounded up (DejaVu Sans, the widest of the usual ones). */
const CHARACTER_WIDTH = 8;

/**
 * The height to reserve for the frame before it reports its own (issue 13: on a phone the frame was
 * clipped while it loaded). The frame's page (src/card-frame/card-frame.css) is 4px padding around
 * a 24px label, the 'We accept …' hint in 21px lines, a 50px field and 6px gaps: 100px plus the hint,
 * whose line count follows from its length at about 8px a character (14px system font) in the
 * frame's width. A little over rather than under: the frame corrects it as soon as it runs.
 */
export function reservedFrameHeight(frameWidth: number, accepted: readonly string[]): number {
  const names = CARD_BRANDS.filter((b) => accepted.includes(BRAND_CODES[b])).map((b) => `${b}®`);
  // The frame's own wording (frame-controller.ts): 'We accept Visa®, Amex®, Mastercard® and Discover®.'
  const hint = `We accept ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '')}.`;
  const usable = Math.max(120, frameWidth - 8);
  const lines = Math.max(1, Math.ceil((hint.length * CHARACTER_WIDTH) / usable));
  return 104 + 21 * lines;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The data of a message event, if it has exactly the shape of one of the frame's messages
 * (docs/api-cards.md); anything else is null and ignored. Origin and window are checked by the
 * caller before this.
 */
export function parseCardFrameMessage(data: unknown): CardFrameMessage | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const d = data as Record<string, unknown>;
  switch (d.type) {
    case 'card-frame:ready':
      return d.numberFollows === true ? { type: 'card-frame:ready', numberFollows: true } : { type: 'card-frame:ready' };
    case 'card-frame:pending':
      return { type: 'card-frame:pending' };
    case 'card-frame:card': {
      const { encryptedCardNumber, lastFour, cardType } = d;
      if (typeof encryptedCardNumber !== 'string' || encryptedCardNumber.length < 16 || encryptedCardNumber.length > 4096 || !BASE64.test(encryptedCardNumber)) return null;
      if (typeof lastFour !== 'string' || !/^\d{4}$/.test(lastFour)) return null;
      if (typeof cardType !== 'string' || !(CARD_BRANDS as readonly string[]).includes(cardType)) return null;
      return { type: 'card-frame:card', encryptedCardNumber, lastFour, cardType: cardType as ManualCard['cardType'] };
    }
    case 'card-frame:invalid':
      return typeof d.message === 'string' && d.message.length <= 300 ? { type: 'card-frame:invalid', message: d.message } : null;
    case 'card-frame:height':
      return typeof d.height === 'number' && Number.isFinite(d.height) && d.height >= 0 && d.height <= 5000 ? { type: 'card-frame:height', height: d.height } : null;
    default:
      return null;
  }
}
