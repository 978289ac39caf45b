// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Member } from '#shared/schemas/member';
import { CardAddedRoute, CARD_ADDED_TITLE } from './card-added-route';
import { json, mockFetch, renderRoutes, Where } from '../../test/render-router';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { makeBonus, makeMember } from '../../test/member-fixture';
import { expectNoAxeViolations } from '../../test/axe';
import { setCsrfToken } from '../../lib/csrf';
import { BONUS_REGISTERED_MESSAGE } from '../../features/bonuses';

/** Issue 24 item 4: the joining success page offers the new-member bonus the home page promised. */

const NOW = Date.parse('2026-11-20T12:00:00Z');
const TERMS = 'Spend $25 or more in one qualifying dine by November 30 to earn 1,000 bonus miles.';
const routes = [
  { path: '/card_added', element: <CardAddedRoute /> },
  { path: '*', element: <Where /> },
];
const BANNER = { slug: 'nmb', fields: { kind: 'bonus', code: 'NEWMBR', order: 1, user_states: ['card_member', 'non_card_member'], text: ['Welcome bonus: {{bonusAmount}}'] } };

function setup(opts: { bonuses: Member['activeBonuses']; after?: Member['activeBonuses']; banners?: typeof BANNER[] }) {
  const calls: string[] = [];
  let registered = false;
  vi.stubGlobal('fetch', vi.fn(mockFetch(async (url, init) => {
    if (url.pathname.startsWith('/api/Member/Bonus/')) {
      calls.push(`${init.method} ${url.pathname} ${new Headers(init.headers).get('x-xsrf-token') ? 'token' : 'no token'}`);
      registered = true;
      return json(true);
    }
    if (url.pathname === '/api/Member') {
      calls.push('GET /api/Member');
      return json(makeMember({ activeBonuses: registered && opts.after ? opts.after : opts.bonuses }));
    }
    return undefined;
  })));
  const partner = makePartnerConfig();
  renderRoutes(routes, {
    partner, route: '/card_added', member: makeMember({ activeBonuses: opts.bonuses }),
    content: makeContentState({ earn_banner: opts.banners ?? [BANNER] }, partner),
  });
  return { calls };
}

beforeEach(() => {
  setCsrfToken('test-csrf');
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/card_added offers the new-member bonus', () => {
  it('Eligible: its terms and deadline and a Register button; registering shows it registered and refetches the member', async () => {
    const user = userEvent.setup();
    const { calls } = setup({ bonuses: [makeBonus()], after: [makeBonus({ bonusStatus: 'Enrolled' })] });
    expect(await screen.findByRole('heading', { level: 1, name: CARD_ADDED_TITLE })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome bonus: 1,000 bonus miles' })).toBeTruthy();
    expect(screen.getByText(TERMS)).toBeTruthy();
    await expectNoAxeViolations(document.body);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(BONUS_REGISTERED_MESSAGE)).toBeTruthy();
    expect(await screen.findByText(/You\u2019re registered/)).toBeTruthy();
    expect(screen.getByText(TERMS)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    expect(calls).toContain('POST /api/Member/Bonus/NEWMBR token');
    expect(calls.filter((c) => c === 'GET /api/Member').length).toBeGreaterThan(0);
  });

  it('Enrolled from joining (an auto-enrol partner): registered, with the terms, nothing to click', async () => {
    setup({ bonuses: [makeBonus({ bonusStatus: 'Enrolled' })] });
    await screen.findByRole('heading', { level: 1, name: CARD_ADDED_TITLE });
    expect(screen.getByText('You\u2019re registered: your first qualifying dine that meets these terms earns it.')).toBeTruthy();
    expect(screen.getByText(TERMS)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Register/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/Register/);
  });

  it('offers the bonus even where the content has no banner for it, headed by the programme\'s description', async () => {
    setup({ bonuses: [makeBonus({ description: 'New member bonus: 1,000 bonus miles' })], banners: [] });
    expect(await screen.findByRole('heading', { level: 2, name: 'New member bonus: 1,000 bonus miles' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
  });

  it('shows nothing of a bonus to a member without a new-member bonus, nor other bonuses', async () => {
    setup({ bonuses: [makeBonus({ code: 'SSOJOIN', isNewMemberBonus: false, bonusStatus: 'Enrolled' })] });
    await screen.findByRole('heading', { level: 1, name: CARD_ADDED_TITLE });
    expect(screen.queryByText(/qualifying dine/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Find restaurants' })).toBeTruthy();
    expect(within(document.body).queryByRole('heading', { level: 2 })).toBeNull();
  });
});
