// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '#client/lib/router';
import type { PartnerConfig } from '#shared/schemas/partner';
import type { DineSummary } from '#shared/schemas/rewards';
import { createRoutes } from '../../app/routes';
import { json, mockFetch, renderRoutes, Where } from '../../test/render-router';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { makeMember } from '../../test/member-fixture';
import { mockViewport } from '../../test/render';
import { expectNoAxeViolations } from '../../test/axe';
import { makeSummary } from '../../features/rewards/test/rewards-fixtures';
import { HISTORY_LINK, YEAR_TOTAL_FAILED, YEAR_TOTAL_TITLE } from '../../features/rewards/components/year-total';

/** The account overview's year total: the same server figure as Reviews & History (GET /api/Member/DineSummary). */

function accountRoutes(partner: PartnerConfig): RouteObject[] {
  const pages = createRoutes(partner)[0]!.children![0]!.children!;
  return [pages.find((r) => r.path === 'account')!, { path: '*', element: <Where /> }];
}

function setup(opts: { partner?: Partial<PartnerConfig>; summary: DineSummary | Response }) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(mockFetch(async (url) => {
    calls.push(url.pathname);
    if (url.pathname === '/api/Member/DineSummary') return opts.summary instanceof Response ? opts.summary : json(opts.summary);
    if (url.pathname === '/api/Member/Transactions') return json({ data: [], totalPages: 0, totalResultSize: 0 });
    return undefined;
  })));
  const partner = makePartnerConfig(opts.partner ?? {});
  const rendered = renderRoutes(accountRoutes(partner), { partner, route: '/account/overview', member: makeMember(), content: makeContentState({}, partner) });
  return { calls, ...rendered };
}

beforeEach(() => mockViewport(1024));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("this year's total on the account overview", () => {
  it.each([
    ['an airline', { currencyType: 'Mile' } as const, 'Earned in 20262,450 miles', '150 miles'],
    ['a hotel', { currencyType: 'Point', copyStates: { ...makePartnerConfig().copyStates, currencySingular: 'point', currencyPlural: 'points' } } as const, 'Earned in 20262,450 points', '150 points'],
    ['a cash-back programme', { currencyType: 'Dollar' } as const, 'Earned in 2026$2,450.00', '$150.00'],
  ])("shows %s member the year's total in its currency, what is on the way, and the way to the rows", async (_, partner, earned, onTheWay) => {
    const { calls } = setup({ partner, summary: makeSummary({ currentYearBenefits: 2450, currentYearOnTheWay: 150, currentYearDines: 7, year: 2026 }) });
    const region = await screen.findByRole('region', { name: YEAR_TOTAL_TITLE });
    await waitFor(() => expect(region.textContent).toContain(earned));
    expect(within(region).getByText('On the way', { selector: 'dt' }).nextElementSibling!.textContent).toBe(onTheWay);
    expect(region.textContent).toContain('Qualifying dines in 20267');
    expect(calls).toContain('/api/Member/DineSummary');
    await expectNoAxeViolations(document.body);
  });

  it('links to Reviews & History, where the same total adds up the rows', async () => {
    const { router } = setup({ summary: makeSummary({ currentYearBenefits: 10, year: 2026 }) });
    const region = await screen.findByRole('region', { name: YEAR_TOTAL_TITLE });
    const link = within(region).getByRole('link', { name: HISTORY_LINK });
    expect(link.getAttribute('href')).toBe('/account/recent_activity');
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.location.pathname).toBe('/account/recent_activity'));
    expect(await screen.findByRole('region', { name: YEAR_TOTAL_TITLE })).toBeTruthy();
  });

  it('says so when the total cannot be loaded, and the rest of the overview stays', async () => {
    setup({ summary: json({ statusCode: 500, error: 'Internal Server Error', message: 'Boom' }, 500) });
    const region = await screen.findByRole('region', { name: YEAR_TOTAL_TITLE });
    await waitFor(() => expect(region.textContent).toContain(YEAR_TOTAL_FAILED));
    expect(screen.getByRole('heading', { level: 1, name: 'Account Overview' })).toBeTruthy();
  });
});
