// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import html from './index.html?raw';
import { expectNoAxeViolations } from '../client/test/axe';
import { startCardFrame, type FrameController } from './frame-controller';
import {
  caretAfterDigits, cardMessage, encryptDigits, evaluateCardNumber, exactOrigin, formatCardNumber, importPublicKey, parseAccepted,
  parseFontFamily, parseFrameParams, bytesToBase64, KEY_FAILED_MESSAGE, NO_PARENT_MESSAGE, REQUIRED_MESSAGE, type CardFrameMessage,
} from './frame-logic';

const PARENT = 'http://delta.localhost:3000';
let keys: CryptoKeyPair;
let spki: string;

beforeAll(async () => {
  keys = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  spki = bytesToBase64(await crypto.subtle.exportKey('spki', keys.publicKey));
});

async function decrypt(b64: string): Promise<string> {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, keys.privateKey, bytes));
}

describe('frame parameters', () => {
  it('takes only an exact http(s) origin as the parent', () => {
    expect(exactOrigin('http://delta.localhost:3000')).toBe('http://delta.localhost:3000');
    expect(exactOrigin('https://dining.example.com')).toBe('https://dining.example.com');
    expect(exactOrigin('https://dining.example.com/')).toBeNull();
    expect(exactOrigin('https://dining.example.com/account')).toBeNull();
    expect(exactOrigin('*')).toBeNull();
    expect(exactOrigin('javascript:alert(1)')).toBeNull();
    expect(exactOrigin('null')).toBeNull();
    expect(exactOrigin(null)).toBeNull();
  });

  it('keeps known brand codes and falls back to all of them', () => {
    expect(parseAccepted('VISA,MAST')).toEqual(['VISA', 'MAST']);
    expect(parseAccepted('amex, disc,XXX')).toEqual(['AMEX', 'DISC']);
    expect(parseAccepted('')).toEqual(['VISA', 'MAST', 'AMEX', 'DISC']);
    expect(parseFrameParams(`?parent=${encodeURIComponent(PARENT)}&accepted=VISA`)).toEqual({ parentOrigin: PARENT, accepted: ['VISA'], optional: false, font: null });
  });

  it("takes the partner's font family, and nothing that is not a plain list of font names", () => {
    const helvetica = '"Helvetica Neue", Helvetica, Arial, sans-serif';
    expect(parseFrameParams(`?parent=${encodeURIComponent(PARENT)}&font=${encodeURIComponent(helvetica)}`).font).toBe(helvetica);
    expect(parseFontFamily("Georgia, 'Times New Roman', serif")).toBe("Georgia, 'Times New Roman', serif");
    for (const hostile of ['x; background: url(https://evil.example/)', 'a}body{display:none', 'url(x)', 'a\\3b b', 'x'.repeat(201), '', '   ']) {
      expect(parseFontFamily(hostile), hostile).toBeNull();
    }
    expect(parseFontFamily(null)).toBeNull();
  });
});

describe('brand, check digit and accepted brands (published test numbers)', () => {
  const all = ['VISA', 'MAST', 'AMEX', 'DISC'] as const;
  it.each([
    ['4111 1111 1111 1111', 'Visa', '1111'],
    ['4012888888881881', 'Visa', '1881'],
    ['4222222222222', 'Visa', '2222'],
    ['5555-5555-5555-4444', 'Mastercard', '4444'],
    ['5105105105105100', 'Mastercard', '5100'],
    ['2223003122003222', 'Mastercard', '3222'],
    ['378282246310005', 'Amex', '0005'],
    ['371449635398431', 'Amex', '8431'],
    ['6011111111111117', 'Discover', '1117'],
    ['6011000990139424', 'Discover', '9424'],
  ])('%s is a valid %s', (number, brand, lastFour) => {
    const ev = evaluateCardNumber(number, all);
    expect(ev).toMatchObject({ state: 'valid', brand, lastFour });
  });

  it('refuses a brand the partner does not accept with the §5 message', () => {
    expect(evaluateCardNumber('378282246310005', ['VISA', 'MAST'])).toEqual({ state: 'refused', brand: 'Amex', message: 'Card must be Visa® or Mastercard®' });
    expect(evaluateCardNumber('6011111111111117', ['VISA'])).toMatchObject({ state: 'refused', message: 'Card must be Visa®' });
  });

  it('says a number with a wrong check digit is not valid', () => {
    expect(evaluateCardNumber('4111111111111112', all)).toMatchObject({ state: 'incomplete', brand: 'Visa', message: 'Please check the card number; it is not a valid card number.' });
  });

  it('asks for the number when it is empty, and refuses letters', () => {
    expect(evaluateCardNumber('  ', all)).toEqual({ state: 'empty', brand: null });
    expect(evaluateCardNumber('4111abc', all)).toMatchObject({ state: 'refused', message: 'Please enter digits only.' });
  });

  it('an unknown prefix gets the accepted-brands message', () => {
    expect(evaluateCardNumber('30569309025904', all)).toMatchObject({ brand: null, message: 'Card must be Visa®, Amex®, Mastercard® or Discover®' });
  });

  it('groups digits as printed on the card and keeps the caret after the same digit', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4111-11')).toBe('4111 11');
    expect(formatCardNumber('41111111111111111111111')).toBe('4111 1111 1111 1111 111');
    expect(caretAfterDigits('4111 1111', 4)).toBe(4);
    expect(caretAfterDigits('4111 1111', 5)).toBe(6);
    expect(caretAfterDigits('4111 1111', 0)).toBe(0);
  });
});

describe('encryption', () => {
  it('encrypts the digits with RSA-OAEP SHA-256 so only the private key reads them', async () => {
    const key = await importPublicKey(spki);
    const cipher = await encryptDigits(key, '4111111111111111');
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(cipher).not.toContain('4111111111111111');
    expect(await decrypt(cipher)).toBe('4111111111111111');
  });

  it('the card message carries ciphertext, last four and brand only', async () => {
    const key = await importPublicKey(spki);
    const ev = evaluateCardNumber('5555 5555 5555 4444', ['MAST']);
    if (ev.state !== 'valid') throw new Error('expected a valid number');
    const msg = await cardMessage(key, ev);
    expect(Object.keys(msg).sort()).toEqual(['cardType', 'encryptedCardNumber', 'lastFour', 'type']);
    expect(msg).toMatchObject({ type: 'card-frame:card', lastFour: '4444', cardType: 'Mastercard' });
    expect(JSON.stringify(msg)).not.toContain('555555555555');
  });

  it('a different key pair cannot read the ciphertext', async () => {
    const other = await crypto.subtle.generateKey({ name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt', 'decrypt']);
    const cipher = await encryptDigits(other.publicKey, '4111111111111111');
    await expect(decrypt(cipher)).rejects.toThrow();
  });
});

describe('the frame page', () => {
  let controller: FrameController | undefined;

  afterEach(() => {
    controller?.dispose();
    controller = undefined;
  });

  function start(search: string, loadKey: () => Promise<CryptoKey> = () => importPublicKey(spki), typedBefore?: string) {
    // The page as built: its <html lang>, head and body (scripts left out; the controller is started here).
    document.documentElement.setAttribute('lang', /<html[^>]*\blang="([^"]+)"/.exec(html)?.[1] ?? '');
    document.documentElement.innerHTML = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/^<!doctype html>\s*<html[^>]*>|<\/html>\s*$/gi, '');
    // What was typed in the field before the frame's script ran (a slow network): no event reached it.
    if (typedBefore !== undefined) (document.getElementById('card-number') as HTMLInputElement).value = typedBefore;
    const posts: Array<{ message: CardFrameMessage; targetOrigin: string }> = [];
    controller = startCardFrame({ doc: document, search, post: (message, targetOrigin) => posts.push({ message, targetOrigin }), loadKey, win: window });
    const input = document.getElementById('card-number') as HTMLInputElement;
    const type = (value: string) => {
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    const blur = () => input.dispatchEvent(new Event('blur'));
    const error = () => document.getElementById('card-error')!.textContent;
    return { posts, input, type, blur, error };
  }

  type Posts = Array<{ message: CardFrameMessage; targetOrigin: string }>;
  const cardsIn = (posts: Posts) => posts.filter((p) => p.message.type === 'card-frame:card').map((p) => p.message as Extract<CardFrameMessage, { type: 'card-frame:card' }>);
  /** Waits (at most a second) until a card with these last four digits is posted: encryption is real, and asynchronous. */
  const cardPosted = (posts: Posts, lastFour: string) => vi.waitFor(() => expect(cardsIn(posts).map((c) => c.lastFour)).toContain(lastFour), { timeout: 1000 });
  /** Waits (at most a second) until the last message is this one. */
  const lastPost = (posts: Posts, message: CardFrameMessage) => vi.waitFor(() => expect(posts.at(-1)?.message).toEqual(message), { timeout: 1000 });
  const search = `?parent=${encodeURIComponent(PARENT)}&accepted=VISA,MAST`;

  it('has a labelled numeric card-number field and says ready to the exact parent origin', () => {
    const { posts, input } = start(search);
    expect(input.labels?.[0]?.textContent).toContain('Card number');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('cc-number');
    expect(document.getElementById('card-error')!.getAttribute('role')).toBe('alert');
    expect(document.getElementById('card-hint')!.textContent).toBe('We accept Visa® and Mastercard®.');
    expect(posts[0]).toEqual({ message: { type: 'card-frame:ready' }, targetOrigin: PARENT });
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((p) => p.targetOrigin === PARENT)).toBe(true);
  });

  it('passes axe, also with an error showing', async () => {
    const { blur } = start(search);
    await expectNoAxeViolations(document.documentElement);
    blur();
    await expectNoAxeViolations(document.documentElement);
  });

  it('marks the field optional when the parent has other cards to choose from', () => {
    const { input, blur, error, posts } = start(`${search}&optional=1`);
    expect(input.hasAttribute('aria-required')).toBe(false);
    expect(input.labels?.[0]?.textContent?.trim()).toBe('Card number');
    blur();
    expect(error()).toBe('');
    expect(posts.at(-1)?.message.type).toBe('card-frame:invalid');
  });

  it('shows the brand while typing and posts the encrypted card once the number is valid', async () => {
    const { posts, input, type } = start(search);
    type('4111');
    expect(document.getElementById('card-brand')!.textContent).toBe('Visa');
    expect(document.getElementById('card-brand-status')!.textContent).toBe('Card type: Visa');
    type('4111111111111111');
    expect(input.value).toBe('4111 1111 1111 1111');
    await cardPosted(posts, '1111');
    const card = posts.find((p) => p.message.type === 'card-frame:card');
    expect(card?.targetOrigin).toBe(PARENT);
    const message = card!.message as Extract<CardFrameMessage, { type: 'card-frame:card' }>;
    expect(message).toMatchObject({ lastFour: '1111', cardType: 'Visa' });
    expect(await decrypt(message.encryptedCardNumber)).toBe('4111111111111111');
    expect(JSON.stringify(posts)).not.toContain('4111111111111111');
  });

  it('takes a number typed before its script ran: ready first, then the card', async () => {
    const { posts, input } = start(search, undefined, '4111111111111111');
    expect(posts[0]?.message.type).toBe('card-frame:ready');
    expect(input.value).toBe('4111 1111 1111 1111');
    await cardPosted(posts, '1111');
    const types = posts.map((p) => p.message.type).filter((t) => t !== 'card-frame:height');
    expect(types).toEqual(['card-frame:ready', 'card-frame:pending', 'card-frame:card']);
    const message = posts.find((p) => p.message.type === 'card-frame:card')!.message as Extract<CardFrameMessage, { type: 'card-frame:card' }>;
    expect(await decrypt(message.encryptedCardNumber)).toBe('4111111111111111');
  });

  it('says what is wrong with a number typed and left before its script ran', () => {
    const { posts, error } = start(search, undefined, '4111 1111');
    expect(error()).toBe('Please check the card number; it is not a valid card number.');
    expect(posts.at(-1)?.message.type).toBe('card-frame:invalid');
  });

  it('tells the parent to drop the card when the number changes to an invalid one', async () => {
    const { posts, type, blur, error } = start(search);
    type('4111111111111111');
    await cardPosted(posts, '1111');
    type('411111111111111');
    expect(posts.at(-1)?.message.type).toBe('card-frame:invalid');
    expect(error()).toBe('');
    blur();
    expect(error()).toBe('Please check the card number; it is not a valid card number.');
    expect(document.getElementById('card-number')!.getAttribute('aria-invalid')).toBe('true');
  });

  it('says a card is on its way while the key is still loading, and posts it once the key is there', async () => {
    let giveKey = (_key: CryptoKey) => {};
    const { posts, type, blur } = start(search, () => new Promise<CryptoKey>((resolve) => { giveKey = resolve; }));
    type('4111111111111111');
    blur();
    // Said once (the blur of the same number does not start again), and no card without the key.
    expect(posts.filter((p) => p.message.type === 'card-frame:pending')).toHaveLength(1);
    expect(posts.at(-1)?.message).toEqual({ type: 'card-frame:pending' });
    giveKey(await importPublicKey(spki));
    await cardPosted(posts, '1111');
    expect(posts.filter((p) => p.message.type === 'card-frame:pending')).toHaveLength(1);
    expect(posts.at(-1)?.message).toMatchObject({ type: 'card-frame:card', lastFour: '1111', cardType: 'Visa' });
  });

  it('a number changed while its card is on its way: the parent is told to stop waiting, and the old card never comes', async () => {
    let giveKey = (_key: CryptoKey) => {};
    const { posts, type } = start(search, () => new Promise<CryptoKey>((resolve) => { giveKey = resolve; }));
    type('4111111111111111');
    type('411111111111111');
    expect(posts.at(-1)?.message.type).toBe('card-frame:invalid');
    giveKey(await importPublicKey(spki));
    // A valid number typed after: its card comes, and it is the only one (the old one, started first, never came).
    type('5555555555554444');
    await cardPosted(posts, '4444');
    expect(cardsIn(posts).map((c) => c.lastFour)).toEqual(['4444']);
  });

  it('a number replaced by another valid one while its card is on its way: only the new card is posted, each announced', async () => {
    let giveKey = (_key: CryptoKey) => {};
    const { posts, type } = start(search, () => new Promise<CryptoKey>((resolve) => { giveKey = resolve; }));
    type('4111111111111111');
    type('5555555555554444');
    expect(posts.filter((p) => p.message.type === 'card-frame:pending')).toHaveLength(2);
    giveKey(await importPublicKey(spki));
    await cardPosted(posts, '4444');
    const cards = cardsIn(posts);
    expect(cards.map((c) => c.lastFour)).toEqual(['4444']);
    expect(await decrypt(cards[0]!.encryptedCardNumber)).toBe('5555555555554444');
  });

  it('a key that fails while a card is on its way: the parent is told', async () => {
    let failKey = (_err: Error) => {};
    const { posts, type } = start(search, () => new Promise<CryptoKey>((_resolve, reject) => { failKey = reject; }));
    type('4111111111111111');
    expect(posts.at(-1)?.message).toEqual({ type: 'card-frame:pending' });
    failKey(new Error('offline'));
    await lastPost(posts, { type: 'card-frame:invalid', message: KEY_FAILED_MESSAGE });
  });

  it('refuses a brand the partner does not accept as soon as it is recognised', async () => {
    const { posts, type, error } = start(search);
    type('378282246310005');
    expect(error()).toBe('Card must be Visa® or Mastercard®');
    // Then an accepted card: its card comes, and it is the only one.
    type('4111111111111111');
    await cardPosted(posts, '1111');
    expect(cardsIn(posts).map((c) => c.lastFour)).toEqual(['1111']);
  });

  it('asks for the number on blur when it is empty', () => {
    const { posts, blur, error } = start(search);
    blur();
    expect(error()).toBe(REQUIRED_MESSAGE);
    expect(posts.at(-1)?.message).toEqual({ type: 'card-frame:invalid', message: REQUIRED_MESSAGE });
  });

  it('never posts without an exact parent origin', () => {
    const { posts, input, error } = start('?parent=*');
    expect(posts).toEqual([]);
    expect(input.disabled).toBe(true);
    expect(error()).toBe(NO_PARENT_MESSAGE);
  });

  it('says so when the public key cannot be had', async () => {
    const { posts, input, error } = start(search, () => Promise.reject(new Error('offline')));
    await vi.waitFor(() => expect(input.disabled).toBe(true), { timeout: 1000 });
    expect(error()).toBe(KEY_FAILED_MESSAGE);
    expect(posts.at(-1)?.message).toEqual({ type: 'card-frame:invalid', message: KEY_FAILED_MESSAGE });
  });
});
