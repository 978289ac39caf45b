// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '#client/lib/router';
import type { Member } from '#shared/schemas/member';
import { createRoutes } from '../../app/routes';
import { json, mockFetch, renderRoutes, Where } from '../../test/render-router';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { makeBonus, makeMember } from '../../test/member-fixture';
import { mockViewport } from '../../test/render';
import { expectNoAxeViolations } from '../../test/axe';
import { BONUS_FAILED_MESSAGE, BONUS_REGISTERED_MESSAGE } from '../../features/bonuses';
import { BONUS_MARKERS_KEY, readBonusMarkers } from '../../features/bonuses/markers';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const bonus = (over: Partial<Member['activeBonuses'][number]> = {}): Member['activeBonuses'][number] => makeBonus({ createDateUtc: '2026-11-15T00:00:00Z', ...over });
const TERMS = 'Spend $25 or more in one qualifying dine by November 30 to earn 1,000 bonus miles.';
const banner = (slug: string, fields: Record<string, unknown>) => ({ slug, fields: { kind: 'bonus', user_states: ['card_member'], order: 1, ...fields } });
const BANNERS = [
  banner('nmb', {
    code: 'NEWMBR', text: ['Welcome bonus: {{bonusAmount}}.', 'Dine by {{bonusDeadline}} with {{bonusMinSpend}} or more.'], image: '/img/x.svg', days_to_display: 10,
    stage_text: { Eligible: ['Register below, then dine.'], Qualified: ['All yours.'] },
  }),
  banner('sso', { code: 'SSOJOIN', text: ['Signed up with your airline account: 500 bonus miles.'], order: 2 }),
  banner('app', { code: 'APPONLY', text: ['Only in the app.'], app_only_bonus: true, order: 3 }),
  banner('gone', { code: 'NOTMINE', text: ['Not one of the member\u2019s bonuses.'], order: 4 }),
  { slug: 'earn', fields: { kind: 'earn', text: ['An earn banner, not a bonus.'], order: 0 } },
];

function accountRoutes(partner: ReturnType<typeof makePartnerConfig>): RouteObject[] {
  const pages = createRoutes(partner)[0]!.children![0]!.children!;
  return [pages.find((r) => r.path === 'account')!, { path: '*', element: <Where /> }];
}

function setup(opts: { bonuses: Member['activeBonuses']; answer?: () => Response; after?: Member['activeBonuses'] }) {
  const calls: string[] = [];
  let registered = false;
  vi.stubGlobal('fetch', vi.fn(mockFetch(async (url, init) => {
    if (url.pathname.startsWith('/api/Member/Bonus/')) {
      calls.push(`${init?.method} ${url.pathname} ${new Headers(init?.headers).get('x-xsrf-token') ? 'token' : 'no token'}`);
      const answer = opts.answer?.() ?? json(true);
      if (answer.ok) registered = true;
      return answer;
    }
    if (url.pathname === '/api/Member') return json(makeMember({ memberType: 'EnrolledCardMember', activeBonuses: registered && opts.after ? opts.after : opts.bonuses }));
    return undefined;
  })));
  const partner = makePartnerConfig();
  renderRoutes(accountRoutes(partner), {
    partner, route: '/account/overview', member: makeMember({ memberType: 'EnrolledCardMember', activeBonuses: opts.bonuses }),
    content: makeContentState({ earn_banner: BANNERS }, partner),
  });
  return { calls };
}

beforeEach(() => {
  mockViewport(1024);
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('bonus banners on the account overview', () => {
  it('shows the member\'s Eligible bonus under Available with a Register button, and an Enrolled one under Activated without', async () => {
    setup({ bonuses: [bonus(), bonus({ code: 'SSOJOIN', bonusStatus: 'Enrolled', isNewMemberBonus: false })] });
    const available = await screen.findByRole('region', { name: 'Available bonuses' });
    // Tokens filled from the member's bonus; the terms worded by rules/bonus-terms; the Eligible lines of the content.
    expect(within(available).getByRole('heading', { level: 3, name: 'Welcome bonus: 1,000 bonus miles.' })).toBeTruthy();
    expect(within(available).getByText('Dine by November 30 with $25 or more.')).toBeTruthy();
    expect(within(available).getByText(TERMS)).toBeTruthy();
    expect(within(available).getByText('Register below, then dine.')).toBeTruthy();
    expect(within(available).getByRole('button', { name: 'Register' })).toBeTruthy();
    const activated = screen.getByRole('region', { name: 'Activated bonuses' });
    expect(within(activated).getByText(/Enrolled/)).toBeTruthy();
    expect(within(activated).getByText('Nothing to register: you\u2019re already in.')).toBeTruthy();
    expect(within(activated).queryByRole('button', { name: 'Register' })).toBeNull();
    // Not the member's bonus, app-only on the web, and earn banners: none shown.
    expect(screen.queryByText('Only in the app.')).toBeNull();
    expect(screen.queryByText(/Not one of the member/)).toBeNull();
    expect(screen.queryByText('An earn banner, not a bonus.')).toBeNull();
    await expectNoAxeViolations(document.body);
  });

  it('registers with the token: Enrolled, the toast, the 35-minute marker; the button goes', async () => {
    const user = userEvent.setup();
    const { calls } = setup({ bonuses: [bonus()], after: [bonus({ bonusStatus: 'Enrolled', createDateUtc: new Date(NOW).toISOString() })] });
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText(BONUS_REGISTERED_MESSAGE)).toBeTruthy();
    expect(calls).toEqual(['POST /api/Member/Bonus/NEWMBR token']);
    const activated = await screen.findByRole('region', { name: 'Activated bonuses' });
    expect(within(activated).getByText('You\u2019re registered: your first qualifying dine that meets these terms earns it.')).toBeTruthy();
    expect(within(activated).getByText(TERMS)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    expect(screen.queryByText(/Register below/)).toBeNull();
    expect(readBonusMarkers(NOW)).toEqual([{ code: 'NEWMBR', at: NOW }]);
  });

  it('a live marker shows Enrolled even while the member still says Eligible; an expired one is dropped', async () => {
    localStorage.setItem(BONUS_MARKERS_KEY, JSON.stringify([{ code: 'NEWMBR', at: NOW - 34 * 60_000 }]));
    setup({ bonuses: [bonus()] });
    expect(await screen.findByRole('region', { name: 'Activated bonuses' })).toBeTruthy();
    cleanup();
    localStorage.setItem(BONUS_MARKERS_KEY, JSON.stringify([{ code: 'NEWMBR', at: NOW - 35 * 60_000 }]));
    setup({ bonuses: [bonus()] });
    expect(await screen.findByRole('button', { name: 'Register' })).toBeTruthy();
    expect(localStorage.getItem(BONUS_MARKERS_KEY)).toBeNull();
  });

  it('says what went wrong when registration fails, and keeps the button', async () => {
    const user = userEvent.setup();
    setup({ bonuses: [bonus()], answer: () => json({ statusCode: 403, error: 'Forbidden', message: 'No.' }, 403) });
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText(BONUS_FAILED_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
    expect(readBonusMarkers(NOW)).toEqual([]);
  });

  it('hides a banner once days_to_display have passed since the bonus was created', async () => {
    setup({ bonuses: [bonus({ createDateUtc: new Date(NOW - 10 * 86_400_000).toISOString() })] });
    await screen.findByRole('heading', { level: 1, name: 'Account Overview' });
    expect(screen.queryByRole('region', { name: 'Available bonuses' })).toBeNull();
  });

  it.each(['Enrolled', 'Qualified'] as const)('a bonus %s never asks to register: no button, none of the Eligible lines', async (bonusStatus) => {
    setup({ bonuses: [bonus({ bonusStatus })] });
    const activated = await screen.findByRole('region', { name: 'Activated bonuses' });
    expect(within(activated).getByRole('heading', { level: 3, name: 'Welcome bonus: 1,000 bonus miles.' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Register/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/Register/);
    expect(screen.queryByRole('region', { name: 'Available bonuses' })).toBeNull();
    if (bonusStatus === 'Qualified') {
      // Earned: the content's own Qualified line, and no terms any more.
      expect(within(activated).getByText('All yours.')).toBeTruthy();
      expect(screen.queryByText(TERMS)).toBeNull();
    } else {
      expect(within(activated).getByText(TERMS)).toBeTruthy();
      expect(within(activated).getByText(/You\u2019re registered/)).toBeTruthy();
    }
  });

  it('shows the bonuses at the top of the overview, before the membership status', async () => {
    setup({ bonuses: [bonus()] });
    const available = await screen.findByRole('region', { name: 'Available bonuses' });
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings[0]).toBe(within(available).getByRole('heading', { level: 2 }));
  });
});
