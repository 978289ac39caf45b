// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MerchantDetail } from '#shared/schemas/merchant';
import { MerchantRoute } from './merchant-route';
import type { Member } from '#shared/schemas/member';
import type { PartnerConfig } from '#shared/schemas/partner';
import { renderWithProviders } from '../../test/render';
import { makeMember } from '../../test/member-fixture';
import { cmsItem, makePartnerConfig } from '../../test/partner-fixture';
import { expectNoAxeViolations } from '../../test/axe';
import { track } from '../../lib/impressions';

vi.mock('../../lib/impressions', () => ({ track: vi.fn() }));

const merchant: MerchantDetail = {
  id: 42,
  name: 'Trattoria Uno',
  images: { imageBaseUrl: '/img/merchants', imagePath: 'italian-1.svg' },
  details: { rating: { overallRating: 4.46, numberOfRatings: 128 }, priceRange: 2, cuisines: ['Italian', 'Pizza'], highlight: 'new' },
  location: { address: { address1: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601' }, neighborhood: 'The Loop', latitude: 41.8853, longitude: -87.6216 },
  distance: null,
  acclaimedLevel: 2,
  benefitAvailability: { campaignCodes: [], available: true },
  reservationProviders: { openTable: { rid: '123' } },
  origin: 'seed',
  isNew: true,
  bonusText: null,
  offerTag: null,
  earnMultiplier: 1,
  description: 'Hand-made pasta.',
  phone: '3125550100',
  website: 'https://www.trattoria.example/',
  features: ['dineIn', 'takeout'],
  mealsServed: ['lunch', 'dinner'],
  hours: [
    { day: 'Sun', open: null, close: null },
    { day: 'Mon', open: '11:00', close: '22:00' },
    { day: 'Tue', open: '11:00', close: '22:00' },
    { day: 'Wed', open: '11:00', close: '22:00' },
    { day: 'Thu', open: '11:00', close: '22:00' },
    { day: 'Fri', open: '11:00', close: '23:30' },
    { day: 'Sat', open: '12:00', close: '23:30' },
  ],
  menuImages: [{ path: 'menu-1.svg', alt: 'Dinner menu' }],
  events: [{ title: 'Wine night', date: '2026-03-05', description: 'Six wines, six plates.' }],
  reviewsSummary: { highlights: ['Great pasta'], recommendPercent: 92, reviews: [{ author: 'Sam', rating: 5, text: 'Lovely.', date: '2026-01-10' }] },
  orderOnline: null,
  benefits: { timeZone: 'America/Chicago', participating: true, participationStart: null, participationEnd: null, benefitHours: null, blackoutDates: [], monthlyVisitLimit: null },
};

function mockFetch(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, statusText: status === 404 ? 'Not Found' : status === 200 ? 'OK' : 'Internal Server Error', headers: { 'content-type': 'application/json' } })));
}

function renderMerchant(id = '42', opts: { member?: Member | null; partner?: Partial<PartnerConfig> } = {}) {
  return renderWithProviders(<MerchantRoute />, {
    route: `/merchants/${id}`,
    path: '/merchants/:merchantId',
    member: opts.member ?? null,
    partner: makePartnerConfig(opts.partner),
    pages: { popup: [cmsItem('acclaimed_2', { title: 'Unlock Select', body_text: 'Opt in to emails to earn here.' })] },
  });
}

beforeEach(() => vi.spyOn(console, 'info').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MerchantRoute', () => {
  it('shows a busy skeleton, then the merchant, and records a merchant view', async () => {
    mockFetch(200, merchant);
    const { container } = renderMerchant();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Trattoria Uno' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/merchants/42', expect.anything());
    expect(screen.getByText('Italian / Pizza')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to see offers' }).getAttribute('href')).toBe('/login');
    expect(screen.getByText('Acclaimed')).toBeTruthy();
    // Below the head, each part in its idle turn (merchant-detail-view.tsx, Later).
    expect((await screen.findByRole('link', { name: '312-555-0100' })).getAttribute('href')).toBe('tel:+13125550100');
    const site = screen.getByRole('link', { name: /trattoria\.example/ });
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toContain('noopener');
    const hours = await screen.findByRole('table', { name: 'Opening hours' });
    expect(within(hours).getAllByRole('row')).toHaveLength(7);
    expect(within(hours).getByRole('rowheader', { name: /Sunday/ }).nextElementSibling!.textContent).toBe('Closed');
    expect(hours.querySelectorAll('[aria-current="date"]')).toHaveLength(1);
    await waitFor(() => expect(track).toHaveBeenCalledWith(expect.objectContaining({ eventType: 'merchantView', merchantId: 42 })));
  });

  it('does not say a restaurant takes reservations where the partner books no tables', async () => {
    mockFetch(200, merchant);
    renderMerchant();
    expect(await screen.findByRole('heading', { level: 1, name: 'Trattoria Uno' })).toBeTruthy();
    expect(screen.queryByText('This restaurant takes reservations.')).toBeNull();
  });

  it('says in one line that a restaurant takes reservations where the partner books tables but has no members to book', async () => {
    mockFetch(200, merchant);
    renderMerchant('42', { partner: { openTableReservationsEnabled: true, enrollmentType: 'none' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Trattoria Uno' })).toBeTruthy();
    expect(screen.getByText('This restaurant takes reservations.')).toBeTruthy();
  });

  it('opens a menu image in a dialog', async () => {
    mockFetch(200, merchant);
    const user = userEvent.setup();
    renderMerchant();
    await user.click(await screen.findByRole('button', { name: /Dinner menu/ }));
    const dialog = screen.getByRole('dialog', { name: 'Dinner menu' });
    expect(within(dialog).getByRole('img', { name: 'Dinner menu' }).getAttribute('src')).toBe('/img/merchants/menu/menu-1.svg');
  });

  it('shows the not-found screen for an unknown merchant', async () => {
    mockFetch(404, { statusCode: 404, error: 'Not Found', message: 'No such merchant.' });
    renderMerchant('999');
    expect(await screen.findByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
  });

  it('shows the not-found screen for an id that is not a number, without calling the API', () => {
    mockFetch(200, merchant);
    renderMerchant('abc');
    expect(screen.getByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server-error screen when the call fails', async () => {
    mockFetch(500, { statusCode: 500, error: 'Internal Server Error', message: 'Boom' });
    renderMerchant();
    expect(await screen.findByRole('heading', { level: 1, name: 'Looks like this page is still simmering' })).toBeTruthy();
  });

  it("shows the signed-in member's earn text, as text (§2)", async () => {
    mockFetch(200, merchant);
    renderMerchant('42', { member: makeMember({ tierLevel: 2 }) });
    const offers = await screen.findByRole('list', { name: 'Offers' });
    expect(within(offers).getByText('3 miles per $1')).toBeTruthy();
    expect(within(offers).queryByRole('link')).toBeNull();
    expect(screen.queryByText('Sign in to see offers')).toBeNull();
  });

  it("offers 'Unlock access to earn' where the member's tier lacks the restaurant's campaign (§2)", async () => {
    mockFetch(200, { ...merchant, benefitAvailability: { campaignCodes: ['ACCL2'], available: true } });
    renderMerchant('42', { member: makeMember({ tierLevel: 0 }), partner: { acclaimed2Enabled: true } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unlock access to earn at Trattoria Uno' }));
    expect(screen.getByRole('dialog', { name: 'Unlock Select' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it("offers no unlock to a member whose tier has the restaurant's campaign", async () => {
    mockFetch(200, { ...merchant, benefitAvailability: { campaignCodes: ['ACCL2'], available: true } });
    renderMerchant('42', { member: makeMember({ tierLevel: 2 }), partner: { acclaimed2Enabled: true } });
    expect(await screen.findByText('3 miles per $1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Unlock access/ })).toBeNull();
  });
});
