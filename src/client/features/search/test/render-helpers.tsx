import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import type { CmsItem, ContentName } from '../../../../shared/schemas/cms';
import { CONTENT_NAMES } from '../../../../shared/schemas/cms';
import type { PartnerConfig } from '../../../../shared/schemas/partner';
import type { MerchantSummary } from '../../../../shared/schemas/merchant';
import { replaceTokens, tokenValues } from '../../../../shared/rules/copy-tokens';
import { PartnerProvider } from '../../../lib/partner';
import { ContentProvider, type ContentState } from '../../content/content-provider';

/** A complete partner (an airline earning miles) for component tests. */
export function partnerFixture(overrides: Partial<PartnerConfig> = {}): PartnerConfig {
  return {
    code: 'test-air',
    name: 'Test Air',
    enrollmentType: 'direct',
    homePage: 'home',
    hasDiscoverPage: false,
    hasReservationBonus: false,
    openTableReservationsEnabled: true,
    hasFlexOffers: false,
    acclaimedEnabled: true,
    acclaimed2Enabled: true,
    hasPWAInstallBanner: false,
    hasPartnerLoadedCards: false,
    cardTypesAccepted: ['VISA', 'MAST'],
    cmsPreview: false,
    cmsRoute: '/api/cms',
    currencyType: 'Mile',
    fullAddressRequired: false,
    hasAutoEnroll: false,
    hasPPN: true,
    hasSmsOptIn: false,
    hasSmsOptInV2: false,
    hasVIP: true,
    generalModalType: null,
    routeMeta: {},
    minimumAppVersion: null,
    appAnnouncementModal: null,
    showEarnRate: true,
    typeformCode: null,
    copyStates: {
      currencySingular: 'mile',
      currencyPlural: 'miles',
      bonusCurrencySingular: 'bonus mile',
      bonusCurrencyPlural: 'bonus miles',
      partnerNumberLabel: 'Member number',
      programName1: 'Test Dining',
      programName2: 'Test Dining Rewards',
      partnerName1: 'Test Air',
      partnerName2: 'Test Airlines',
      currentEarning0: '1 mile per $1',
      currentEarning1: '1 mile per $1',
      currentEarning2: '3 miles per $1',
      currentEarning3: '5 miles per $1',
      properEarning0: '1 Mile per $1',
      properEarning1: '1 Mile per $1',
      properEarning2: '3 Miles per $1',
      properEarning3: '5 Miles per $1',
      staySignedInLabel: 'Keep me signed in',
    },
    customerSupport: { phone: { href: 'tel:+18005550100', formatted: '1-800-555-0100' }, email: { href: 'mailto:help@example.com', display: 'help@example.com' } },
    vipCustomerSupport: null,
    shortCode: '97082',
    hasMerchantFavourites: false,
    partnerNumberValidator: 'none',
    adsPrefix: 'test',
    earnRates: [1, 1, 3, 5],
    theme: { primary: '#003366', primaryText: '#ffffff', secondary: '#336699', accent: '#ffcc00', background: '#ffffff', surface: '#ffffff', text: '#1a1a1a', link: '#0b5cad', fontFamily: 'system-ui' },
    logoUrl: '/logo.svg',
    logoChain: [],
    showNetworkLogo: true,
    storeLinks: null,
    navLinks: [],
    defaultLocation: { latitude: 40.7577, longitude: -73.9857 },
    mapTileUrl: '',
    cardFrameOrigin: 'http://localhost:3001',
    environment: 'test',
    ...overrides,
  };
}

let nextItemId = 1;
export function cmsItem(slug: string, fields: Record<string, unknown>): CmsItem {
  return { id: nextItemId++, slug, status: 'published', updatedAt: '2024-01-01T00:00:00.000Z', fields };
}

export function contentFixture(partner: PartnerConfig, pages: Partial<Record<ContentName, CmsItem[]>> = {}): ContentState {
  const all = Object.fromEntries(CONTENT_NAMES.map((n) => [n, pages[n] ?? []])) as Record<ContentName, CmsItem[]>;
  const values = tokenValues(partner.copyStates);
  return { pages: all, failed: false, copy: (text: string) => replaceTokens(text, values) };
}

export function merchantFixture(overrides: Partial<MerchantSummary> = {}): MerchantSummary {
  return {
    id: 42,
    name: 'Blue Plate Diner',
    images: { imageBaseUrl: 'https://img.example.com/', imagePath: 'merchants/42.jpg' },
    details: {
      rating: { overallRating: 4.5, numberOfRatings: 120 },
      priceRange: 2,
      cuisines: ['American', 'Diner'],
      highlight: 'new',
    },
    location: {
      address: { address1: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601' },
      neighborhood: 'The Loop',
      latitude: 41.88,
      longitude: -87.63,
    },
    distance: 1.24,
    acclaimedLevel: 2,
    benefitAvailability: { campaignCodes: ['ACC2'], available: true },
    reservationProviders: {},
    origin: 'seed',
    isNew: true,
    bonusText: '50 bonus miles on your first dine',
    offerTag: 'Weekend offer',
    ...overrides,
  };
}

type RenderOptions = {
  partner?: PartnerConfig;
  pages?: Partial<Record<ContentName, CmsItem[]>>;
  route?: string;
  queryClient?: QueryClient;
};

export function Providers({ children, partner, pages, route = '/', queryClient }: RenderOptions & { children: ReactNode }) {
  const p = partner ?? partnerFixture();
  const qc = queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return (
    <PartnerProvider partner={p}>
      <ContentProvider value={contentFixture(p, pages)}>
        <QueryClientProvider client={qc}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </QueryClientProvider>
      </ContentProvider>
    </PartnerProvider>
  );
}

export function renderWithProviders(ui: ReactElement, opts: RenderOptions = {}) {
  return render(ui, { wrapper: ({ children }) => <Providers {...opts}>{children}</Providers> });
}
