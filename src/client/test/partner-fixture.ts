import type { CmsItem, ContentName } from '#shared/schemas/cms';
import { CONTENT_NAMES } from '#shared/schemas/cms';
import type { PartnerConfig } from '#shared/schemas/partner';
import { filterContentItems } from '#shared/rules/content-filters';
import { replaceTokens, replaceTokensDeep, tokenValues } from '#shared/rules/copy-tokens';
import type { ContentState } from '../features/content/content-provider';

/** A complete partner configuration for component tests; override what a test is about. */
export function makePartnerConfig(overrides: Partial<PartnerConfig> = {}): PartnerConfig {
  return {
    code: 'test',
    name: 'Test Dining',
    enrollmentType: 'direct',
    homePage: 'home',
    hasDiscoverPage: true,
    hasReservationBonus: false,
    openTableReservationsEnabled: false,
    hasFlexOffers: false,
    acclaimedEnabled: true,
    acclaimed2Enabled: false,
    hasPWAInstallBanner: false,
    hasPartnerLoadedCards: false,
    cardTypesAccepted: ['AMEX', 'DISC', 'MAST', 'VISA'],
    cmsPreview: false,
    cmsRoute: '/api/cms',
    currencyType: 'Mile',
    fullAddressRequired: false,
    hasAutoEnroll: false,
    emailOptInHidden: false,
    hasPPN: true,
    hasSmsOptIn: false,
    hasSmsOptInV2: false,
    hasVIP: true,
    vipQualifyingDines: 11,
    generalModalType: null,
    routeMeta: { '/': { title: 'Test Dining' } },
    minimumAppVersion: null,
    appAnnouncementModal: null,
    showEarnRate: true,
    copyStates: {
      currencySingular: 'mile',
      currencyPlural: 'miles',
      bonusCurrencySingular: 'bonus mile',
      bonusCurrencyPlural: 'bonus miles',
      partnerNumberLabel: 'Member number',
      programName1: 'Test Dining Rewards',
      programName2: 'Test Rewards',
      partnerName1: 'Test',
      partnerName2: 'Test Airlines',
      earnBasis: 'the whole bill, tax and tip included',
      vipDines: '11',
      maxPartySize: '18',
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
    customerSupport: {
      phone: { href: 'tel:+18005550100', formatted: '1-800-555-0100' },
      email: { href: 'mailto:help@test.example', display: 'help@test.example' },
    },
    vipCustomerSupport: null,
    shortCode: '97082',
    hasMerchantFavourites: false,
    partnerNumberValidator: 'checkCharacter',
    earnRates: [1, 1, 3, 5],
    earnBasis: 'wholeBill',
    theme: {
      primary: '#1b4f8a',
      primaryText: '#ffffff',
      secondary: '#0e2a47',
      accent: '#c8102e',
      background: '#ffffff',
      surface: '#f4f5f7',
      text: '#1d1d1f',
      link: '#0b5cad',
      fontFamily: 'system-ui, sans-serif',
    },
    logoUrl: '/partner/logo.svg',
    logoChain: [],
    showNetworkLogo: true,
    storeLinks: { ios: 'https://apps.example.com/ios/test', android: 'https://apps.example.com/android/test' },
    navLinks: [],
    mapTileUrl: '/tiles/{z}/{x}/{y}.png',
    cardFrameOrigin: 'http://localhost:3001',
    environment: 'test',
    ...overrides,
  };
}

/**
 * An airline partner earning miles (Test Air) with the second acclaimed tier, OpenTable and no
 * discover page: the partner of the search and merchant tests.
 */
export function partnerFixture(overrides: Partial<PartnerConfig> = {}): PartnerConfig {
  const base = makePartnerConfig();
  return makePartnerConfig({
    code: 'test-air',
    name: 'Test Air',
    hasDiscoverPage: false,
    openTableReservationsEnabled: true,
    acclaimed2Enabled: true,
    cardTypesAccepted: ['VISA', 'MAST'],
    routeMeta: {},
    copyStates: { ...base.copyStates, programName1: 'Test Dining', programName2: 'Test Dining Rewards', partnerName1: 'Test Air' },
    customerSupport: { phone: base.customerSupport.phone, email: { href: 'mailto:help@example.com', display: 'help@example.com' } },
    partnerNumberValidator: 'none',
    theme: { primary: '#003366', primaryText: '#ffffff', secondary: '#336699', accent: '#ffcc00', background: '#ffffff', surface: '#ffffff', text: '#1a1a1a', link: '#0b5cad', fontFamily: 'system-ui' },
    logoUrl: '/logo.svg',
    storeLinks: null,
    mapTileUrl: '',
    ...overrides,
  });
}

let nextItemId = 1;
/** A published content item. */
export function cmsItem(slug: string, fields: Record<string, unknown>): CmsItem {
  return { id: nextItemId++, slug, status: 'published', updatedAt: '2024-01-01T00:00:00.000Z', fields };
}

export type ItemInput = { slug: string; fields: Record<string, unknown>; status?: CmsItem['status'] };

/**
 * A ContentProvider value: the given pages (items as {slug, fields}), every other page empty,
 * §3 filters applied and copy tokens replaced as the real content gate does.
 */
export function makeContentState(pages: Partial<Record<ContentName, ItemInput[]>> = {}, partner: PartnerConfig = makePartnerConfig()): ContentState {
  const values = tokenValues(partner.copyStates);
  let id = 1;
  const all = {} as Record<ContentName, CmsItem[]>;
  for (const name of CONTENT_NAMES) {
    const items: CmsItem[] = (pages[name] ?? []).map((i) => ({
      id: id++,
      slug: i.slug,
      status: i.status ?? 'published',
      updatedAt: '2026-01-01T00:00:00.000Z',
      fields: i.fields,
    }));
    all[name] = filterContentItems(name, replaceTokensDeep(items, values));
  }
  return { pages: all, failed: false, copy: (text: string) => replaceTokens(text, values) };
}
