// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddCardForm } from './add-card-form';
import { CARD_OR_PARTNER_REQUIRED, CARD_REQUIRED, OPT_IN_REQUIRED, TERMS_REQUIRED, ADD_CARD_FAILED, SECURING_FAILED, SECURING_TEXT } from '../messages';
import type { CardsLinked } from '../hooks/use-add-card-form';
import { FRAME_CARD_WAIT_MS } from '../hooks/use-typed-card';
import { json, mockFetch, renderRoutes, Where } from '#client/test/render-router';
import { makePartnerConfig, makeContentState } from '#client/test/partner-fixture';
import { makeMember } from '#client/test/member-fixture';
import { expectNoAxeViolations } from '#client/test/axe';
import { setCsrfToken } from '#client/lib/csrf';
import { MAX_CARDS_PER_MEMBER, MAX_CARDS_PER_SUBMISSION } from '#shared/constants/card';
import type { Member } from '#shared/schemas/member';
import type { Card, CardRegistration } from '../api';
import { CAPTCHA_NOT_READY, CAPTCHA_REQUIRED } from '../captcha/use-captcha';
import { CARD_REGISTRATION_KEY } from '../card-results';
import { cardFrame, decodePayload, easyChallenge, ENCRYPTED, frameSendsCard, frameSays, makeCard } from '../test/cards-fixtures';

type Posted = { body: Record<string, unknown>; headers: Record<string, string> };
type Options = {
  linked?: Card[];
  partnerCards?: Card[] | null;
  post?: (body: Record<string, unknown>, n: number) => Response;
  challenge?: () => Response | Promise<Response>;
  member?: Member;
  onLinked?: (r: CardsLinked) => void;
};

function setup(opts: Options = {}) {
  const posted: Posted[] = [];
  const calls: string[] = [];
  let challenges = 0;
  const fetchMock = vi.fn(mockFetch(async (url, init) => {
    calls.push(`${init.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname === '/api/Member/Cards' && (init.method ?? 'GET') === 'GET') return json(opts.linked ?? []);
    if (url.pathname === '/api/Cards/AllPartnerCards') return opts.partnerCards ? json(opts.partnerCards) : undefined;
    if (url.pathname === '/api/captcha/challenge') {
      challenges++;
      return opts.challenge ? opts.challenge() : json(await easyChallenge(challenges + 1, `salt-${challenges}`));
    }
    if (url.pathname === '/api/Member' ) return json(opts.member ?? makeMember());
    if (url.pathname === '/api/Member/Cards' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push({ body, headers: init.headers as Record<string, string> });
      return opts.post ? opts.post(body, posted.length) : json({ cardRegistration: [] });
    }
    return undefined;
  }));
  vi.stubGlobal('fetch', fetchMock);
  return { posted, calls, challengeCount: () => challenges };
}

function renderForm(opts: Options & { partner?: ReturnType<typeof makePartnerConfig> } = {}) {
  const partner = opts.partner ?? makePartnerConfig();
  const content = makeContentState({ '*': [{ slug: 'footer', fields: { secondary_links: [{ text: 'Program terms', url: 'https://example.com/terms', new_tab: true }] } }] }, partner);
  return renderRoutes(
    [
      { path: '/add', element: <AddCardForm onLinked={opts.onLinked} secondaryAction={<a href="/account">No thanks</a>} /> },
      { path: '*', element: <Where /> },
    ],
    { route: '/add', partner, content, member: opts.member ?? makeMember({ memberType: 'NonCardMember' }) },
  );
}

const registration = (entries: Array<[string, string, string | null]>): CardRegistration =>
  entries.map(([description, lastFour, code]) => ({
    memberCard: { id: code ? null : Number(lastFour), cardType: 'Visa', lastFour, description },
    error: code ? { code, message: code === 'ALREADY_LINKED' ? 'This card is already linked to your account.' : 'This card cannot be linked.' } : null,
  }));

async function agree(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('checkbox', { name: /I allow my card network/ }));
  await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
}

beforeEach(() => {
  localStorage.clear();
  setCsrfToken('test-csrf');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AddCardForm: required parts', () => {
  it('asks for the card, the file-feed opt-in and the terms before anything is sent', async () => {
    const { calls } = setup();
    renderForm();
    const user = userEvent.setup();
    const link = await screen.findByRole('button', { name: 'Link card' });
    frameSays({ type: 'card-frame:ready' });
    await user.click(link);
    expect(screen.getByText(CARD_REQUIRED)).toBeTruthy();
    const optIn = screen.getByRole('checkbox', { name: /I allow my card network/ });
    const terms = screen.getByRole('checkbox', { name: /terms and conditions/ });
    expect(optIn.getAttribute('aria-invalid')).toBe('true');
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(OPT_IN_REQUIRED)).toBeTruthy();
    expect(screen.getByText(TERMS_REQUIRED)).toBeTruthy();
    // Focus goes to the first problem: the card frame.
    expect(document.activeElement?.tagName).toBe('IFRAME');
    expect(calls.filter((c) => c.startsWith('POST') || c.includes('captcha'))).toEqual([]);
    // Revalidated on change after the submit.
    await user.click(optIn);
    expect(screen.queryByText(OPT_IN_REQUIRED)).toBeNull();
    await expectNoAxeViolations();
  });

  it('links to the program terms from content', async () => {
    setup();
    renderForm();
    const link = await screen.findByRole('link', { name: /Program terms/ });
    expect(link.getAttribute('href')).toBe('https://example.com/terms');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('a card the frame later calls invalid no longer counts', async () => {
    const { calls } = setup();
    renderForm();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Link card' });
    frameSendsCard();
    frameSays({ type: 'card-frame:invalid', message: 'Please check the card number; it is not a valid card number.' });
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    // The frame explains a wrong number itself; the form adds no second message and sends focus there.
    expect(screen.queryByText(CARD_REQUIRED)).toBeNull();
    expect(document.activeElement?.tagName).toBe('IFRAME');
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
    // Emptied again: the form's own message.
    frameSays({ type: 'card-frame:invalid', message: CARD_REQUIRED });
    expect(screen.getByText(CARD_REQUIRED)).toBeTruthy();
  });
});

describe('AddCardForm: submitting with the invisible captcha', () => {
  it('solves the challenge on the first submit and sends the encrypted card with the captcha response and the anti-forgery header', async () => {
    const { posted } = setup({ post: () => json({ cardRegistration: registration([['Visa card', '4242', null]]) }) });
    const onLinked = vi.fn();
    const { queryClient } = renderForm({ onLinked });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Link card' });
    frameSendsCard('4242', 'Visa');
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const { body, headers } = posted[0]!;
    expect(body.creditCards).toEqual([{ encryptedCardNumber: ENCRYPTED, lastFour: '4242', cardType: 'Visa' }]);
    expect(body).toMatchObject({ directFileFeedOptIn: true, termsAccepted: true });
    const payload = decodePayload(String(body.gRecaptchaResponse));
    expect(payload).toMatchObject({ algorithm: 'SHA-256', number: 2, salt: 'salt-1', signature: 'f'.repeat(64) });
    expect(typeof payload.took).toBe('number');
    expect(headers['x-xsrf-token']).toBe('test-csrf');

    // Full success: the wording, the result stored, the card list asked again, the parent told.
    const banner = await screen.findByText('Your card ending in 4242 has been linked.');
    expect(banner.closest('[role="status"]')).toBeTruthy();
    expect(onLinked).toHaveBeenCalledWith(expect.objectContaining({ firstCard: true, summary: expect.objectContaining({ kind: 'success' }) }));
    expect(JSON.parse(localStorage.getItem(CARD_REGISTRATION_KEY)!).cards).toEqual([{ cardType: 'Visa', lastFour: '4242', description: 'Visa card' }]);
    await waitFor(() => expect(queryClient.getQueryState(['member', 'cards'])?.dataUpdateCount).toBeGreaterThan(1));
    expect(JSON.stringify(posted)).not.toMatch(/\d{12,}/);
  });

  it('a submit while the frame is still encrypting the number waits for the card and sends it (a slow key is not an empty field)', async () => {
    const { posted, calls } = setup({ post: () => json({ cardRegistration: registration([['Visa card', '4242', null]]) }) });
    renderForm();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Link card' });
    frameSays({ type: 'card-frame:pending' });
    frameSendsCard('1111', 'Visa');
    // The number is changed to another valid one: the frame is encrypting it (its key is slow).
    frameSays({ type: 'card-frame:pending' });
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    expect(await screen.findByText(SECURING_TEXT)).toBeTruthy();
    expect(screen.queryByText(CARD_REQUIRED)).toBeNull();
    expect(calls.some((c) => c.startsWith('POST') || c.includes('captcha'))).toBe(false);
    frameSendsCard('4242', 'Visa');
    await waitFor(() => expect(posted).toHaveLength(1));
    // The new number, never the one it replaced.
    expect(posted[0]!.body.creditCards).toEqual([{ encryptedCardNumber: ENCRYPTED, lastFour: '4242', cardType: 'Visa' }]);
    expect(await screen.findByText('Your card ending in 4242 has been linked.')).toBeTruthy();
  });

  it('a submit before the frame has said ready waits for it, and links the number typed before its script ran', async () => {
    const { posted, calls } = setup({ post: () => json({ cardRegistration: registration([['Visa card', '4242', null]]) }) });
    renderForm();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Link card' });
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    expect(await screen.findByText(SECURING_TEXT)).toBeTruthy();
    expect(screen.queryByText(CARD_REQUIRED)).toBeNull();
    expect(calls.some((c) => c.startsWith('POST') || c.includes('captcha'))).toBe(false);
    frameSays({ type: 'card-frame:ready', numberFollows: true });
    frameSays({ type: 'card-frame:pending' });
    expect(screen.queryByText(CARD_REQUIRED)).toBeNull();
    frameSendsCard('4242', 'Visa');
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body.creditCards).toEqual([{ encryptedCardNumber: ENCRYPTED, lastFour: '4242', cardType: 'Visa' }]);
  });

  it('a submit before the frame has said ready, and the frame then holds no number: the card is asked for', async () => {
    const { calls } = setup();
    renderForm();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Link card' });
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    expect(await screen.findByText(SECURING_TEXT)).toBeTruthy();
    frameSays({ type: 'card-frame:ready' });
    expect(await screen.findByText(CARD_REQUIRED)).toBeTruthy();
    expect(calls.some((c) => c.startsWith('POST') || c.includes('captcha'))).toBe(false);
  });

  it('a submit while the frame is encrypting, then the frame refuses the number: nothing is sent, focus goes to the frame', async () => {
    const { calls } = setup();
    renderForm();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Link card' });
    frameSays({ type: 'card-frame:pending' });
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    expect(await screen.findByText(SECURING_TEXT)).toBeTruthy();
    frameSays({ type: 'card-frame:invalid', message: CARD_REQUIRED });
    expect(await screen.findByText(CARD_REQUIRED)).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.tagName).toBe('IFRAME'));
    expect(screen.queryByText(SECURING_TEXT)).toBeNull();
    expect(calls.some((c) => c.startsWith('POST') || c.includes('captcha'))).toBe(false);
  });

  it('a card that never comes (the frame stopped answering): after the wait it says so, sends nothing and shows a fresh field', async () => {
    const { calls } = setup();
    renderForm();
    await screen.findByRole('button', { name: 'Link card' });
    frameSays({ type: 'card-frame:pending' });
    const frameBefore = cardFrame();
    // The form's wait is the one timer of FRAME_CARD_WAIT_MS: held here and run when the test says
    // the time is up (fake timers would also stop the testing library's own).
    const realSetTimeout = globalThis.setTimeout;
    let timeUp: (() => void) | undefined;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      if (ms === FRAME_CARD_WAIT_MS) {
        timeUp = fn;
        return 0 as unknown as ReturnType<typeof setTimeout>;
      }
      return realSetTimeout(fn, ms);
    }) as typeof setTimeout);
    const user = userEvent.setup();
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    expect(await screen.findByText(SECURING_TEXT)).toBeTruthy();
    await waitFor(() => expect(timeUp).toBeDefined());
    expect(calls.some((c) => c.startsWith('POST') || c.includes('captcha'))).toBe(false);
    act(() => timeUp!());
    expect(await screen.findByText(SECURING_FAILED)).toBeTruthy();
    expect(screen.queryByText(SECURING_TEXT)).toBeNull();
    expect(cardFrame()).not.toBe(frameBefore);
    expect(calls.some((c) => c.startsWith('POST') || c.includes('captcha'))).toBe(false);
  });

  it('a frame that loads again drops the card it gave before', async () => {
    const { calls } = setup();
    renderForm();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Link card' });
    frameSendsCard('4242', 'Visa');
    frameSays({ type: 'card-frame:ready' });
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    expect(screen.getByText(CARD_REQUIRED)).toBeTruthy();
    expect(calls.some((c) => c.startsWith('POST') || c.includes('captcha'))).toBe(false);
  });

  it('shows partial results with each failed card as "description ending in lastFour - code: message"', async () => {
    setup({
      partnerCards: [makeCard({ id: 7, partnerCardId: 7, lastFour: '7777', description: 'Partner Visa' })],
      post: () => json({ cardRegistration: registration([['Partner Visa', '7777', null], ['Visa card', '4242', 'ALREADY_LINKED']]) }),
    });
    renderForm({ partner: makePartnerConfig({ hasPartnerLoadedCards: true }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Partner Visa ending in 7777/ }));
    frameSendsCard('4242');
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    const title = await screen.findByText('Some of your cards were linked, but not all of them.');
    expect(title.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByText('Your card ending in 7777 has been linked.')).toBeTruthy();
    expect(screen.getByText('Visa card ending in 4242 - ALREADY_LINKED: This card is already linked to your account.')).toBeTruthy();
  });

  it('shows every failed card when all failed (400 with the registration), and solves a new challenge on the next submit', async () => {
    const { posted, challengeCount } = setup({
      post: () => json({ cardRegistration: registration([['Visa card', '4242', 'LINKED_TO_OTHER_MEMBER']]) }, 400),
    });
    const onLinked = vi.fn();
    renderForm({ onLinked });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Link card' });
    frameSendsCard('4242');
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    const title = await screen.findByText('We could not link your card.');
    const banner = title.closest('[role="alert"]') as HTMLElement;
    expect(within(banner).getByText('Visa card ending in 4242 - LINKED_TO_OTHER_MEMBER: This card cannot be linked.')).toBeTruthy();
    expect(within(banner).getByText('ERROR')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(banner));
    expect(onLinked).not.toHaveBeenCalled();

    // The captcha was reset: a second submit fetches and solves a new challenge.
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(challengeCount()).toBe(2);
    expect(decodePayload(String(posted[1]!.body.gRecaptchaResponse)).salt).toBe('salt-2');
  });

  it('says so when the server refuses the captcha', async () => {
    setup({ post: () => json({ statusCode: 400, error: 'Bad Request', message: 'Invalid request', fieldErrors: [{ field: 'gRecaptchaResponse', message: 'You must complete the reCAPTCHA to continue.' }] }, 400) });
    renderForm();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Link card' });
    frameSendsCard();
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    expect(await screen.findByText(CAPTCHA_REQUIRED)).toBeTruthy();
  });

  it('says the captcha is not ready when the challenge cannot be had', async () => {
    const { calls } = setup({ challenge: () => json({ statusCode: 403, error: 'Forbidden', message: 'No' }, 403) });
    renderForm();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Link card' });
    frameSendsCard();
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    expect(await screen.findByText(CAPTCHA_NOT_READY)).toBeTruthy();
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('sends an unauthorized member to sign in', async () => {
    setup({ post: () => json({ statusCode: 401, error: 'Unauthorized', message: 'Please sign in.' }, 401) });
    renderForm();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Link card' });
    frameSendsCard();
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
  });

  it('a server fault shows a general message', async () => {
    setup({ post: () => new Response('boom', { status: 500, statusText: 'Internal Server Error' }) });
    renderForm();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Link card' });
    frameSendsCard();
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    expect(await screen.findByText(ADD_CARD_FAILED)).toBeTruthy();
  });
});

describe('AddCardForm: partner cards (§5)', () => {
  const partner = makePartnerConfig({ hasPartnerLoadedCards: true });
  const many = (n: number) => Array.from({ length: n }, (_, i) => makeCard({ id: 100 + i, partnerCardId: 100 + i, lastFour: String(1000 + i), description: `Partner card ${i + 1}` }));

  it('lists partner cards without those already linked (same brand and last four)', async () => {
    setup({
      linked: [makeCard({ id: 1, cardType: 'Visa', lastFour: '1000' })],
      partnerCards: [
        makeCard({ id: 100, partnerCardId: 100, cardType: 'Visa', lastFour: '1000', description: 'Linked already' }),
        makeCard({ id: 101, partnerCardId: 101, cardType: 'Mastercard', lastFour: '1000', description: 'Same digits, other brand' }),
      ],
    });
    renderForm({ partner });
    expect(await screen.findByRole('checkbox', { name: /Same digits, other brand ending in 1000/ })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Linked already/ })).toBeNull();
    // With partner cards to choose from, the typed number is optional.
    expect(new URL((screen.getByTitle('Secure card number entry') as HTMLIFrameElement).src).searchParams.get('optional')).toBe('1');
    await expectNoAxeViolations();
  });

  it(`disables unchosen cards once ${MAX_CARDS_PER_SUBMISSION} are chosen, with the warning; a manual card counts as one`, async () => {
    setup({ partnerCards: many(MAX_CARDS_PER_SUBMISSION + 1) });
    renderForm({ partner });
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: /Partner card 1 ending/ });
    for (let i = 1; i < MAX_CARDS_PER_SUBMISSION; i++) await user.click(screen.getByRole('checkbox', { name: new RegExp(`Partner card ${i} ending`) }));
    expect(screen.queryByText(`You can link up to ${MAX_CARDS_PER_SUBMISSION} cards at a time.`)).toBeNull();
    // The manual card makes twelve.
    frameSendsCard('4242');
    expect(screen.getByText(`You can link up to ${MAX_CARDS_PER_SUBMISSION} cards at a time.`)).toBeTruthy();
    const last = screen.getByRole('checkbox', { name: new RegExp(`Partner card ${MAX_CARDS_PER_SUBMISSION} ending`) }) as HTMLInputElement;
    expect(last.disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Partner card 1 ending/ }) as HTMLInputElement).disabled).toBe(false);
    // Without the manual card there is room again.
    frameSays({ type: 'card-frame:invalid', message: 'x' });
    expect(last.disabled).toBe(false);
  });

  it(`keeps within the member's room under ${MAX_CARDS_PER_MEMBER} linked cards`, async () => {
    const linked = Array.from({ length: MAX_CARDS_PER_MEMBER - 2 }, (_, i) => makeCard({ id: i + 1, lastFour: String(5000 + i) }));
    setup({ linked, partnerCards: many(4) });
    renderForm({ partner });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Partner card 1 ending/ }));
    await user.click(screen.getByRole('checkbox', { name: /Partner card 2 ending/ }));
    expect(screen.getByText(`You can have up to ${MAX_CARDS_PER_MEMBER} linked cards, so you can add 2 more cards.`)).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /Partner card 3 ending/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('sends chosen partner cards by id and needs no typed number', async () => {
    const { posted } = setup({ partnerCards: many(2), post: () => json({ cardRegistration: registration([['Partner card 2', '1001', null]]) }) });
    renderForm({ partner });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Partner card 2 ending/ }));
    frameSays({ type: 'card-frame:ready' });
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body.creditCards).toEqual([{ cardId: 101 }]);
    // Success clears the selection.
    await screen.findByText('Your card ending in 1001 has been linked.');
    expect((screen.getByRole('checkbox', { name: /Partner card 2 ending/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('a partner card chosen and a typed number still being encrypted: waits, then sends both', async () => {
    const { posted } = setup({ partnerCards: many(2), post: () => json({ cardRegistration: registration([['Partner card 2', '1001', null], ['Visa card', '4242', null]]) }) });
    renderForm({ partner });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Partner card 2 ending/ }));
    frameSays({ type: 'card-frame:pending' });
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    expect(await screen.findByText(SECURING_TEXT)).toBeTruthy();
    expect(posted).toHaveLength(0);
    frameSendsCard('4242', 'Visa');
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body.creditCards).toEqual([{ cardId: 101 }, { encryptedCardNumber: ENCRYPTED, lastFour: '4242', cardType: 'Visa' }]);
  });

  it('leaves the page while waiting for a typed card (a partner card chosen): nothing is sent afterwards', async () => {
    const { calls } = setup({ partnerCards: many(2) });
    const { unmount } = renderForm({ partner });
    // The form's wait for the typed card (FRAME_CARD_WAIT_MS) is held here and ended by the test.
    const realSetTimeout = globalThis.setTimeout;
    let timeUp: (() => void) | undefined;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      if (ms === FRAME_CARD_WAIT_MS) {
        timeUp = fn;
        return 0 as unknown as ReturnType<typeof setTimeout>;
      }
      return realSetTimeout(fn, ms);
    }) as typeof setTimeout);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Partner card 2 ending/ }));
    frameSays({ type: 'card-frame:pending' });
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    await screen.findByText(SECURING_TEXT);
    await waitFor(() => expect(timeUp).toBeDefined());
    unmount();
    // The wait ends after the page is left (the frame went with it): the form's work runs to its end here.
    await act(async () => { timeUp!(); });
    expect(calls.some((c) => c.startsWith('POST') || c.includes('captcha'))).toBe(false);
  });

  it('with partner cards and nothing chosen, asks for either', async () => {
    setup({ partnerCards: many(1) });
    renderForm({ partner });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Link card' });
    frameSays({ type: 'card-frame:ready' });
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    expect(screen.getByText(CARD_OR_PARTNER_REQUIRED)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /Partner card 1 ending/ }));
  });
});
