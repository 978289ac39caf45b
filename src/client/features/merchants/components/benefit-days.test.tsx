// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { MerchantDetail } from '#shared/schemas/merchant';
import { renderWithAirline } from '#client/test/render';
import { makeMember } from '#client/test/member-fixture';
import { merchantFixture } from '#client/test/merchant-fixture';
import { BenefitDays } from './benefit-days';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const lunchWeekdays = Array.from({ length: 7 }, (_, d) => (d === 0 || d === 6 ? [] : [{ start: 660, end: 900 }]));
const detail = (benefits: Partial<MerchantDetail['benefits']> = {}): MerchantDetail => ({
  ...merchantFixture(),
  description: '', phone: '', website: null, features: [], mealsServed: [], hours: [], menuImages: [], events: [], reviewsSummary: null, orderOnline: null,
  benefits: { timeZone: 'America/Los_Angeles', participating: true, participationStart: null, participationEnd: null, benefitHours: lunchWeekdays, blackoutDates: ['2026-12-25'], monthlyVisitLimit: 2, ...benefits },
});
/** 20:30 UTC on Friday 20 November 2026: 12:30 in Los Angeles (and already Saturday in Sydney). */
const NOW = new Date('2026-11-20T20:30:00Z');

describe('BenefitDays', () => {
  it("words today, the days and hours, the next blackout date and the limit in the restaurant's time", () => {
    renderWithAirline(<BenefitDays merchant={detail()} headingId="b" now={NOW} />, { member: null });
    const section = screen.getByRole('region', { name: 'When you earn here' });
    expect(section.textContent).toContain('Earns today until 3:00 PM');
    expect(within(section).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Rewards 11:00 AM\u20133:00 PM on weekdays', 'No rewards on weekends', 'No rewards on Dec 25', 'Rewards on your first 2 visits each month',
    ]);
    cleanup();
    // The same instant in Sydney is Saturday morning: no rewards today.
    renderWithAirline(<BenefitDays merchant={detail({ timeZone: 'Australia/Sydney' })} headingId="b" now={NOW} />, { member: null });
    expect(screen.getByRole('region', { name: 'When you earn here' }).textContent).toContain('No rewards today');
  });

  it("shows a card member's visits used this month from the visits call", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ merchantId: 42, month: '2026-11', used: 1, limit: 2 }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithAirline(<BenefitDays merchant={detail()} headingId="b" now={NOW} />, { member: makeMember({ memberType: 'EnrolledCardMember' }) });
    await waitFor(() => expect(screen.getByTestId('visits-used').textContent).toBe('1 of 2 rewarded visits used this month'));
    expect(fetchMock).toHaveBeenCalledWith('/api/Member/merchants/42/visits', expect.anything());
  });

  it('asks nothing for a visitor, or where there is no limit', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithAirline(<BenefitDays merchant={detail()} headingId="b" now={NOW} />, { member: null });
    renderWithAirline(<BenefitDays merchant={detail({ monthlyVisitLimit: null })} headingId="c" now={NOW} />, { member: makeMember({ memberType: 'EnrolledCardMember' }) });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByTestId('visits-used')).toBeNull();
  });
});

describe("BenefitDays: the member's own part", () => {
  it('says a restaurant the member\'s level does not open earns them nothing today, as the page\'s earn line does', () => {
    const acclaimed = { ...detail({ benefitHours: null, monthlyVisitLimit: null }), benefitAvailability: { campaignCodes: ['ACCL2'], available: true } };
    renderWithAirline(<BenefitDays merchant={acclaimed} headingId="h" now={NOW} />, { member: makeMember({ tierLevel: 0 }) });
    const today = screen.getByText('Not open to your membership level').closest('p')!;
    expect(today.getAttribute('data-earns-today')).toBe('false');
    cleanup();
    renderWithAirline(<BenefitDays merchant={acclaimed} headingId="h" now={NOW} />, { member: makeMember({ tierLevel: 2 }) });
    expect(screen.getByText('Earns today').closest('p')!.getAttribute('data-earns-today')).toBe('true');
  });
});
