// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddCardForm } from './add-card-form';
import { MOVE_NOTICE_TEXT } from './move-notice';
import { json, mockFetch, renderRoutes, Where } from '#client/test/render-router';
import { makePartnerConfig, makeContentState } from '#client/test/partner-fixture';
import { makeMember } from '#client/test/member-fixture';
import { expectNoAxeViolations } from '#client/test/axe';
import { setCsrfToken } from '#client/lib/csrf';
import { easyChallenge, ENCRYPTED, frameSays, frameSendsCard } from '../test/cards-fixtures';

const NOTICE = 'This card earns with SkyRewards Dining today; linking it here moves it.';

function setup() {
  const posted: Array<Record<string, unknown>> = [];
  let challenges = 0;
  vi.stubGlobal('fetch', vi.fn(mockFetch(async (url, init) => {
    if (url.pathname === '/api/Member/Cards' && (init.method ?? 'GET') === 'GET') return json([]);
    if (url.pathname === '/api/captcha/challenge') return json(await easyChallenge(++challenges + 1, `salt-${challenges}`));
    if (url.pathname === '/api/Member') return json(makeMember());
    if (url.pathname === '/api/Member/Cards' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push(body);
      if (body.confirmMove !== true) {
        return json({ statusCode: 409, error: 'Conflict', code: 'cardInOtherProgramme', message: NOTICE, fieldErrors: [{ field: 'creditCards.0', message: NOTICE }] }, 409);
      }
      return json({ cardRegistration: [{ memberCard: { id: 9, cardType: 'Visa', lastFour: '1111', description: 'Visa' }, error: null }] });
    }
    return undefined;
  })));
  const partner = makePartnerConfig();
  const content = makeContentState({}, partner);
  renderRoutes(
    [{ path: '/add', element: <AddCardForm /> }, { path: '*', element: <Where /> }],
    { route: '/add', partner, content, member: makeMember({ memberType: 'NonCardMember' }) },
  );
  return { posted };
}

async function submitCard(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('button', { name: 'Link card' });
  frameSendsCard('1111', 'Visa');
  await user.click(screen.getByRole('checkbox', { name: /I allow my card network/ }));
  await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
  await user.click(screen.getByRole('button', { name: 'Link card' }));
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

describe('AddCardForm: a card that earns in another programme', () => {
  it('shows the notice with the other programme, focused; "Move it here" sends the same card again with confirmMove', async () => {
    const { posted } = setup();
    const user = userEvent.setup();
    await submitCard(user);
    const notice = await screen.findByText(NOTICE);
    const banner = notice.closest('[role="status"]') as HTMLElement;
    expect(banner).toBeTruthy();
    expect(banner.textContent).toContain(MOVE_NOTICE_TEXT.title);
    await waitFor(() => expect(document.activeElement).toBe(banner));
    expect(posted).toHaveLength(1);
    expect(posted[0]).not.toHaveProperty('confirmMove');
    // Not linked: no success.
    expect(screen.queryByText(/has been linked/)).toBeNull();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: MOVE_NOTICE_TEXT.confirm }));
    await screen.findByText('Your card ending in 1111 has been linked.');
    expect(posted).toHaveLength(2);
    expect(posted[1]).toMatchObject({ confirmMove: true, creditCards: [{ encryptedCardNumber: ENCRYPTED, lastFour: '1111', cardType: 'Visa' }], directFileFeedOptIn: true, termsAccepted: true });
    // A new captcha solution for the confirmed call.
    expect(posted[1]!.gRecaptchaResponse).not.toBe(posted[0]!.gRecaptchaResponse);
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it('a number changed in the frame while the notice shows: the notice goes (it was about the old number), nothing is moved', async () => {
    const { posted } = setup();
    const user = userEvent.setup();
    await submitCard(user);
    await screen.findByText(NOTICE);
    frameSays({ type: 'card-frame:pending' });
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(screen.queryByRole('button', { name: MOVE_NOTICE_TEXT.confirm })).toBeNull();
    expect(posted).toHaveLength(1);
  });

  it('"Keep it there" sends nothing and removes the notice', async () => {
    const { posted } = setup();
    const user = userEvent.setup();
    await submitCard(user);
    await screen.findByText(NOTICE);
    await user.click(screen.getByRole('button', { name: MOVE_NOTICE_TEXT.cancel }));
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(posted).toHaveLength(1);
  });
});
