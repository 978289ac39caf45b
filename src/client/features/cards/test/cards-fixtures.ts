import { act } from '@testing-library/react';
import { screen } from '@testing-library/react';
import type { Card } from '../api';
import type { AltchaChallenge } from '../captcha/altcha';

export const FRAME_ORIGIN = 'http://localhost:3001';

export function makeCard(overrides: Partial<Card> = {}): Card {
  return { id: 1, partnerCardId: null, cardType: 'Visa', lastFour: '1111', description: 'Visa card', ...overrides };
}

/** The card frame's iframe in the page. */
export function cardFrame(): HTMLIFrameElement {
  return screen.getByTitle('Secure card number entry') as HTMLIFrameElement;
}

/** A message event as the browser delivers it: from a window and an origin. */
export function frameSays(data: unknown, opts: { origin?: string; source?: Window | null } = {}) {
  const source = opts.source === undefined ? cardFrame().contentWindow : opts.source;
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin: opts.origin ?? FRAME_ORIGIN, source }));
  });
}

export const ENCRYPTED = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=';

/** The frame posting a valid manual card. */
export function frameSendsCard(lastFour = '4242', cardType: Card['cardType'] = 'Visa') {
  frameSays({ type: 'card-frame:card', encryptedCardNumber: ENCRYPTED, lastFour, cardType });
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** An easy ALTCHA challenge (the answer is `number`), signed with a dummy signature. */
export async function easyChallenge(number = 3, salt = 'salt123'): Promise<AltchaChallenge> {
  return { algorithm: 'SHA-256', challenge: await sha256Hex(`${salt}${number}`), maxnumber: 50, salt, signature: 'f'.repeat(64) };
}

export function decodePayload(payload: string): Record<string, unknown> {
  return JSON.parse(atob(payload)) as Record<string, unknown>;
}
