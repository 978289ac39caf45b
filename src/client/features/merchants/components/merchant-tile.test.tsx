// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cmsItem, partnerFixture } from '#client/test/partner-fixture';
import { merchantFixture } from '#client/test/merchant-fixture';
import { makeMember } from '#client/test/member-fixture';
import { expectNoAxeViolations } from '#client/test/axe';
import { renderWithAirline as renderWithProviders, testQueryClient } from '#client/test/render';
import { ToastProvider } from '#client/components/toast';
import { MerchantTile } from './merchant-tile';

afterEach(cleanup);

const popupPages = {
  popup: [
    cmsItem('acclaimed_2', { title: 'Unlock Select', body_text: 'Opt in to <strong>emails</strong> to earn at acclaimed restaurants.', cta_text: 'Opt in', cta_url: '/account/user_profile' }),
    cmsItem('acclaimed_3', { title: 'Go VIP', body_text: 'VIP members earn here.', cta_text: 'Learn more', cta_url: '/earn/vip-upgrade' }),
  ],
};

describe('MerchantTile', () => {
  it('shows every element of a merchant', () => {
    const limited = { ...merchantFixture().benefits, monthlyVisitLimit: 2 };
    renderWithProviders(<MerchantTile merchant={merchantFixture({ earnMultiplier: 2, bonusText: '2X', offerTag: 'Limited', benefits: limited })} />);
    const tile = screen.getByRole('article', { name: 'Blue Plate Diner' });
    const link = within(tile).getByRole('link', { name: 'Blue Plate Diner' });
    expect(link.getAttribute('href')).toBe('/merchants/42');
    expect(within(tile).getByRole('heading', { level: 3, name: 'Blue Plate Diner' })).toBeTruthy();

    const img = within(tile).getByRole('img', { name: 'Photo of Blue Plate Diner' });
    expect(img.getAttribute('src')).toBe('https://img.example.com/tile/merchants/42.jpg');
    expect(img.getAttribute('width')).toBe('400');
    expect(img.getAttribute('height')).toBe('250');
    expect(img.getAttribute('loading')).toBe('lazy');

    expect(within(tile).getByText('Acclaimed')).toBeTruthy();
    expect(within(tile).getByText('New')).toBeTruthy();
    expect(within(tile).getByText('★ 4.5 (120)').getAttribute('aria-hidden')).toBe('true');
    expect(within(tile).getByText('Rated 4.5 out of 5 from 120 reviews')).toBeTruthy();
    expect(within(tile).getByText('$$').getAttribute('aria-hidden')).toBe('true');
    expect(within(tile).getByText('Price level 2 of 4')).toBeTruthy();
    expect(within(tile).getByText('American / Diner')).toBeTruthy();
    expect(within(tile).getByText('Chicago · The Loop')).toBeTruthy();
    expect(within(tile).getByText('1.2 mi')).toBeTruthy();
    expect(within(tile).getByText('1.2 miles away')).toBeTruthy();
    expect(within(tile).getByText('2X')).toBeTruthy();
    expect(within(tile).getByText('Limited')).toBeTruthy();
  });

  it('fetches a priority picture at once with high priority, others lazily', () => {
    renderWithProviders(<><MerchantTile merchant={merchantFixture()} priorityImage /><MerchantTile merchant={merchantFixture({ id: 43, name: 'Second' })} /></>);
    const first = screen.getByRole('img', { name: 'Photo of Blue Plate Diner' });
    expect(first.getAttribute('loading')).toBeNull();
    expect(first.getAttribute('fetchpriority')).toBe('high');
    // Its box is reserved before the picture arrives, like every tile's.
    expect(first.getAttribute('width')).toBe('400');
    expect(first.getAttribute('height')).toBe('250');
    const second = screen.getByRole('img', { name: 'Photo of Second' });
    expect(second.getAttribute('loading')).toBe('lazy');
    expect(second.getAttribute('fetchpriority')).toBeNull();
  });

  it('asks an anonymous visitor to sign in and offers no unlock', () => {
    renderWithProviders(<MerchantTile merchant={merchantFixture()} />, { pages: popupPages });
    expect(screen.getByText('Sign in to see offers')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /unlock access/i })).toBeNull();
  });

  it('shows the earning text of the member tier', () => {
    renderWithProviders(<MerchantTile merchant={merchantFixture({ acclaimedLevel: null, earnMultiplier: 1 })} />, { member: makeMember({ tierLevel: 3 }) });
    expect(screen.getByText('5 miles per $1')).toBeTruthy();
  });

  it('hides the earn rate when the partner does not show it', () => {
    renderWithProviders(<MerchantTile merchant={merchantFixture()} />, { partner: partnerFixture({ showEarnRate: false }) });
    expect(screen.queryByText('Sign in to see offers')).toBeNull();
  });

  it('handles unrated, unpriced, unflagged merchants', () => {
    const m = merchantFixture({
      acclaimedLevel: null, distance: null, bonusText: null, offerTag: null,
      details: { rating: { overallRating: 0, numberOfRatings: 0 }, priceRange: 0, cuisines: [], highlight: null },
    });
    renderWithProviders(<MerchantTile merchant={m} />);
    expect(screen.getByText('Not yet rated')).toBeTruthy();
    expect(screen.queryByText(/Price level/)).toBeNull();
    expect(screen.queryByText('Acclaimed')).toBeNull();
    expect(screen.queryByText('New')).toBeNull();
    expect(screen.queryByText(/ mi$/)).toBeNull();
  });

  it('labels highlights and hides Acclaimed without the partner flags', () => {
    const m = merchantFixture({ details: { ...merchantFixture().details, highlight: 'leavingSoon' } });
    renderWithProviders(<MerchantTile merchant={m} />, { partner: partnerFixture({ acclaimedEnabled: false, acclaimed2Enabled: false }) });
    expect(screen.getByText('Leaving soon')).toBeTruthy();
    expect(screen.queryByText('Acclaimed')).toBeNull();
  });

  it('sets a fixed width when asked', () => {
    renderWithProviders(<MerchantTile merchant={merchantFixture()} width={200} />);
    expect(screen.getByRole('article').style.width).toBe('200px');
  });

  it('opens the next-tier popup from Unlock access to earn', async () => {
    const user = userEvent.setup();
    const vipOnly = merchantFixture({ acclaimedLevel: 3, benefitAvailability: { campaignCodes: ['ACCL3'], available: true } });
    renderWithProviders(<MerchantTile merchant={vipOnly} />, { pages: popupPages, member: makeMember({ tierLevel: 2 }) });
    const button = await screen.findByRole('button', { name: 'Unlock access to earn at Blue Plate Diner' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Go VIP' });
    expect(within(dialog).getByText('VIP members earn here.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe('/earn/vip-upgrade');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('uses the tier 2 popup below OptedIn and strips HTML from its text', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MerchantTile merchant={merchantFixture()} />, { pages: popupPages, member: makeMember({ tierLevel: 0 }) });
    await user.click(await screen.findByRole('button', { name: /unlock access to earn/i }));
    const dialog = screen.getByRole('dialog', { name: 'Unlock Select' });
    expect(within(dialog).getByText('Opt in to emails to earn at acclaimed restaurants.')).toBeTruthy();
  });

  describe('earn text by the signed-in member\'s tier (§2)', () => {
    const plain = merchantFixture({ acclaimedLevel: null, benefitAvailability: { campaignCodes: [], available: true } });

    it.each([
      [0, '1 mile per $1'],
      [1, '1 mile per $1 once you activate'],
      [2, '3 miles per $1'],
      [3, '5 miles per $1'],
    ])('tier %i reads "%s"', (tierLevel, text) => {
      renderWithProviders(<MerchantTile merchant={plain} />, { member: makeMember({ tierLevel }) });
      expect(within(screen.getByRole('list', { name: 'Offers' })).getByText(text)).toBeTruthy();
      expect(screen.queryByText('Sign in to see offers')).toBeNull();
    });

    it('a visitor is asked to sign in', () => {
      renderWithProviders(<MerchantTile merchant={plain} />, { member: null });
      expect(screen.getByText('Sign in to see offers')).toBeTruthy();
    });

    it("a known visitor (arrived with their public id) reads their own tier's text, NonActivated included", () => {
      const queryClient = testQueryClient();
      queryClient.setQueryData(['known-visitor', 'kv-1'], { publicId: 'kv-1', tierLevel: 1, hasWebProfile: false, active: true });
      renderWithProviders(<MerchantTile merchant={plain} />, { member: null, route: '/search?public_id=kv-1', queryClient });
      expect(within(screen.getByRole('list', { name: 'Offers' })).getByText('1 mile per $1 once you activate')).toBeTruthy();
      expect(screen.queryByText('Sign in to see offers')).toBeNull();
    });

    it('a known visitor whose account is not active is a visitor', () => {
      const queryClient = testQueryClient();
      queryClient.setQueryData(['known-visitor', 'kv-2'], { publicId: 'kv-2', tierLevel: 2, hasWebProfile: true, active: false });
      renderWithProviders(<MerchantTile merchant={plain} />, { member: null, route: '/search?public_id=kv-2', queryClient });
      expect(screen.getByText('Sign in to see offers')).toBeTruthy();
    });

    it('on a partner without members nobody is asked to sign in; a known visitor there still reads their tier', () => {
      const none = partnerFixture({ enrollmentType: 'none' });
      renderWithProviders(<MerchantTile merchant={plain} />, { member: null, partner: none });
      expect(screen.queryByText('Sign in to see offers')).toBeNull();
      expect(screen.queryByText(/per \$1/)).toBeNull();
      expect(screen.getByRole('article', { name: 'Blue Plate Diner' })).toBeTruthy();
      cleanup();
      const queryClient = testQueryClient();
      queryClient.setQueryData(['known-visitor', 'kv-3'], { publicId: 'kv-3', tierLevel: 2, hasWebProfile: false, active: true });
      renderWithProviders(<MerchantTile merchant={plain} />, { member: null, partner: none, route: '/search?public_id=kv-3', queryClient });
      expect(within(screen.getByRole('list', { name: 'Offers' })).getByText('3 miles per $1')).toBeTruthy();
    });
  });

  describe("'Unlock access to earn' by the member's tier (§2)", () => {
    const select = merchantFixture({ acclaimedLevel: 2, benefitAvailability: { campaignCodes: ['ACCL2'], available: true } });
    const vip = merchantFixture({ acclaimedLevel: 3, benefitAvailability: { campaignCodes: ['ACCL3'], available: true } });
    const seasonal = merchantFixture({ acclaimedLevel: 1, benefitAvailability: { campaignCodes: ['SUMMER'], available: true } });
    const unlock = () => screen.findByRole('button', { name: /Unlock access to earn/ });
    const noUnlock = async () => {
      await screen.findByRole('list', { name: 'Offers' });
      expect(screen.queryByRole('button', { name: /Unlock access to earn/ })).toBeNull();
    };

    it('offers Select (popup 2) to a member below Select at a Select restaurant', async () => {
      const user = userEvent.setup();
      renderWithProviders(<MerchantTile merchant={select} />, { member: makeMember({ tierLevel: 0 }), pages: popupPages });
      await user.click(await unlock());
      expect(screen.getByRole('dialog', { name: 'Unlock Select' })).toBeTruthy();
      await expectNoAxeViolations();
    });

    it('offers nothing to a Select member at a Select restaurant, and VIP (popup 3) at a VIP one', async () => {
      renderWithProviders(<MerchantTile merchant={select} />, { member: makeMember({ tierLevel: 2 }), pages: popupPages });
      await noUnlock();
      cleanup();
      const user = userEvent.setup();
      renderWithProviders(<MerchantTile merchant={vip} />, { member: makeMember({ tierLevel: 2 }), pages: popupPages });
      await user.click(await unlock());
      expect(screen.getByRole('dialog', { name: 'Go VIP' })).toBeTruthy();
    });

    it('offers nothing to a VIP, to a visitor, for campaigns open to every tier, or without acclaimed v2', async () => {
      renderWithProviders(<MerchantTile merchant={vip} />, { member: makeMember({ tierLevel: 3 }), pages: popupPages });
      await noUnlock();
      cleanup();
      renderWithProviders(<MerchantTile merchant={vip} />, { member: null, pages: popupPages });
      await noUnlock();
      cleanup();
      renderWithProviders(<MerchantTile merchant={seasonal} />, { member: makeMember({ tierLevel: 0 }), pages: popupPages });
      await noUnlock();
      cleanup();
      renderWithProviders(<MerchantTile merchant={select} />, { member: makeMember({ tierLevel: 0 }), pages: popupPages, partner: partnerFixture({ acclaimed2Enabled: false }) });
      await noUnlock();
    });
  });
});

describe('MerchantTile heart', () => {
  it('carries the heart named after the restaurant where the partner has favourites, above the tile link, with no axe issue', async () => {
    const { container } = renderWithProviders(<ToastProvider><MerchantTile merchant={merchantFixture()} /></ToastProvider>, {
      member: null, partner: partnerFixture({ hasMerchantFavourites: true }),
    });
    // The heart's code comes after the first paint (deferred-favorite-button.tsx).
    const heart = await screen.findByRole('button', { name: 'Favorite Blue Plate Diner' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(within(screen.getByRole('article')).getByRole('button', { name: 'Favorite Blue Plate Diner' })).toBe(heart);
    await expectNoAxeViolations(container);
  });

  it('has no heart where the partner has none', () => {
    renderWithProviders(<MerchantTile merchant={merchantFixture()} />, { member: null, partner: partnerFixture({ hasMerchantFavourites: false }) });
    expect(screen.queryByRole('button', { name: /^Favorite/ })).toBeNull();
  });
});

describe('MerchantTile: what a dine there now earns (rules/rewards/policy.ts)', () => {
  const lunchOnly = (now: 'in' | 'out') => merchantFixture({
    acclaimedLevel: null, benefitAvailability: { campaignCodes: [], available: true },
    benefits: {
      ...merchantFixture().benefits, timeZone: 'UTC',
      // The window is the current UTC hour, or the hours around it: the tile reads the restaurant's own clock.
      benefitHours: Array.from({ length: 7 }, () => (now === 'in' ? [{ start: 0, end: 1440 }] : [])),
    },
  });

  it('says a visit now earns nothing when the restaurant gives no rewards now, for members and visitors alike', () => {
    renderWithProviders(<MerchantTile merchant={lunchOnly('out')} />, { member: makeMember({ tierLevel: 2 }) });
    const offers = screen.getByRole('list', { name: 'Offers' });
    expect(within(offers).getByText('No rewards at this time')).toBeTruthy();
    expect(within(offers).queryByText(/per \$1/)).toBeNull();
    cleanup();
    renderWithProviders(<MerchantTile merchant={lunchOnly('out')} />, { member: null });
    expect(screen.getByText('No rewards at this time')).toBeTruthy();
    expect(screen.queryByText('Sign in to see offers')).toBeNull();
  });

  it('doubles the rate at a 2X restaurant, as the engine pays it', () => {
    renderWithProviders(<MerchantTile merchant={merchantFixture({ ...lunchOnly('in'), earnMultiplier: 2, bonusText: '2X' })} />, { member: makeMember({ tierLevel: 2 }) });
    expect(within(screen.getByRole('list', { name: 'Offers' })).getByText('6 miles per $1')).toBeTruthy();
  });

  it("replaces the rate with 'not open to your level' where the tier lacks the restaurant's campaign", () => {
    const accl2 = merchantFixture({ acclaimedLevel: 2, benefitAvailability: { campaignCodes: ['ACCL2'], available: true } });
    renderWithProviders(<MerchantTile merchant={accl2} />, { member: makeMember({ tierLevel: 0 }) });
    expect(screen.getByText('Not open to your membership level')).toBeTruthy();
    expect(screen.queryByText('1 mile per $1')).toBeNull();
  });
});
