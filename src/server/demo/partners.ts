import type { NewPartnerRow, PartnerRow } from '../db/schema';
import type {
  AppAnnouncementModal, CARD_TYPES, StoredCopyTokens, CustomerSupport, NavLinkConfig, PartnerTheme, RouteMeta, StoreLinks,
} from '#shared/schemas/partner';
import { renderPartnerLogo, type LogoMark } from '../modules/images/logo';
import type { EarnBasis } from '#shared/constants/rewards';

/** The 19 partner sites of spec §1, by code. */
export const PARTNER_CODES = [
  'american', 'caesars', 'choice', 'daak', 'delta', 'ftch', 'freespirit', 'fuelrewards', 'hilton', 'ihg',
  'jetblue', 'marriott', 'nosh', 'southwest', 'tgbk', 'tmobile', 'united', 'upromise', 'wynd',
] as const;
export type PartnerCode = (typeof PARTNER_CODES)[number];

/** Shapes the copy: airlines earn miles, hotels points, cash-back programmes dollars, credit ones statement credits. */
export type PartnerKind = 'airline' | 'hotel' | 'cashback' | 'credit';
type CardType = (typeof CARD_TYPES)[number];
type EarnRates = [number, number, number, number];

type Switches = Partial<Pick<NewPartnerRow,
  | 'homePage' | 'hasDiscoverPage' | 'hasReservationBonus' | 'openTableReservationsEnabled' | 'hasFlexOffers'
  | 'acclaimedEnabled' | 'acclaimed2Enabled' | 'hasPWAInstallBanner' | 'hasPartnerLoadedCards' | 'cmsPreview'
  | 'fullAddressRequired' | 'hasAutoEnroll' | 'emailOptInHidden' | 'hasPPN' | 'hasSmsOptIn' | 'hasSmsOptInV2' | 'hasVIP'
  | 'generalModalType' | 'showEarnRate' | 'hasMerchantFavourites' | 'showNetworkLogo'>>;

export type PartnerSeed = {
  code: PartnerCode;
  /** Site display name ("Delta Dining"). */
  name: string;
  kind: PartnerKind;
  currencyType: NewPartnerRow['currencyType'] & string;
  enrollmentType: 'direct' | 'sso' | 'none';
  /** Short brand ("Delta"), used as partnerName1. */
  brand: string;
  /** The dining programme ("SkyRewards Dining") and the parent loyalty programme ("SkyRewards"). */
  programName1: string;
  programName2: string;
  currency: { singular: string; plural: string };
  earnRates: EarnRates;
  /** What dines earn on; the whole bill (tax and tip included) unless said. */
  earnBasis?: EarnBasis;
  hub: { city: string; state: string; latitude: number; longitude: number };
  theme: PartnerTheme;
  mark: LogoMark;
  cards: readonly CardType[];
  switches: Switches;
  /** Index into the fictional 555-01xx range; also keeps phone numbers distinct. */
  phoneIndex: number;
  /** Help-centre URL instead of a support e-mail address. */
  supportUrl?: boolean;
  validator?: 'checkCharacter' | 'none';
  storeLinks?: boolean;
  /** The partner's own logos shown in the footer's chain (partner codes; only its own: issue 13). */
  logoChain?: string[];
  appAnnouncement?: boolean;
};

const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const HELVETICA = '"Helvetica Neue", Helvetica, Arial, sans-serif';
const SERIF = 'Georgia, "Times New Roman", Times, serif';
const PALATINO = '"Palatino Linotype", Palatino, "Book Antiqua", Georgia, serif';
const HUMANIST = '"Trebuchet MS", "Segoe UI", "Lucida Grande", sans-serif';
const GEOMETRIC = 'Futura, "Century Gothic", "Avenir Next", Avenir, sans-serif';
const ALL_CARDS: readonly CardType[] = ['AMEX', 'DISC', 'MAST', 'VISA'];

export const PARTNER_SEEDS: readonly PartnerSeed[] = [
  {
    code: 'american', name: 'American Dining', kind: 'airline', currencyType: 'Mile', enrollmentType: 'direct', brand: 'American',
    programName1: 'AirTrail Dining', programName2: 'AirTrail', currency: { singular: 'mile', plural: 'miles' }, earnRates: [1, 1, 3, 5],
    hub: { city: 'Dallas', state: 'TX', latitude: 32.7767, longitude: -96.797 },
    theme: { primary: '#0b3d6e', primaryText: '#ffffff', secondary: '#b0122b', accent: '#9da6ab', background: '#ffffff', surface: '#f4f6f8', text: '#1d2329', link: '#0b57a4', fontFamily: HELVETICA },
    mark: 'wing', cards: ALL_CARDS, phoneIndex: 1, storeLinks: true,
    switches: { hasSmsOptIn: true, hasVIP: true, openTableReservationsEnabled: true, hasReservationBonus: true, acclaimedEnabled: true, fullAddressRequired: true },
  },
  {
    code: 'caesars', name: 'Caesars Dining', kind: 'hotel', currencyType: 'Point', enrollmentType: 'direct', brand: 'Caesars',
    programName1: 'Forum Rewards Dining', programName2: 'Forum Rewards', currency: { singular: 'point', plural: 'points' }, earnRates: [2, 2, 4, 6],
    hub: { city: 'Las Vegas', state: 'NV', latitude: 36.1699, longitude: -115.1398 },
    theme: { primary: '#2b2116', primaryText: '#f2d27a', secondary: '#8a6d1f', accent: '#c9a23c', background: '#fffdf7', surface: '#f6f0e1', text: '#2b2116', link: '#7a5a00', fontFamily: SERIF },
    mark: 'laurel', cards: ALL_CARDS, phoneIndex: 2, logoChain: ['caesars'],
    switches: { homePage: 'discover', hasDiscoverPage: true, hasSmsOptIn: true, openTableReservationsEnabled: true, acclaimedEnabled: true, fullAddressRequired: true },
  },
  {
    code: 'choice', name: 'Choice Dining', kind: 'hotel', currencyType: 'Point', enrollmentType: 'direct', brand: 'Choice',
    programName1: 'Open Road Dining', programName2: 'Open Road Rewards', currency: { singular: 'point', plural: 'points' }, earnRates: [2, 2, 5, 8],
    hub: { city: 'Phoenix', state: 'AZ', latitude: 33.4484, longitude: -112.074 },
    theme: { primary: '#005a8c', primaryText: '#ffffff', secondary: '#b5541a', accent: '#ffcc4d', background: '#ffffff', surface: '#f2f7fa', text: '#1e2a32', link: '#005a8c', fontFamily: SANS },
    mark: 'key', cards: ALL_CARDS, phoneIndex: 3,
    switches: { openTableReservationsEnabled: true },
  },
  {
    code: 'daak', name: 'DAAK Dining', kind: 'cashback', currencyType: 'Dollar', enrollmentType: 'none', brand: 'DAAK',
    programName1: 'DAAK Dine & Earn', programName2: 'DAAK Rewards', currency: { singular: 'cash back', plural: 'cash back' }, earnRates: [2, 2, 3, 5],
    hub: { city: 'Los Angeles', state: 'CA', latitude: 34.0522, longitude: -118.2437 },
    theme: { primary: '#4b2e83', primaryText: '#ffffff', secondary: '#d1495b', accent: '#ffd23f', background: '#fcfbff', surface: '#f3effa', text: '#231942', link: '#5a35a0', fontFamily: GEOMETRIC },
    mark: 'diamond', cards: ALL_CARDS, phoneIndex: 4, validator: 'none',
    switches: { hasPPN: false, showEarnRate: false },
  },
  {
    code: 'delta', name: 'Delta Dining', kind: 'airline', currencyType: 'Mile', enrollmentType: 'sso', brand: 'Delta',
    programName1: 'SkyRewards Dining', programName2: 'SkyRewards', currency: { singular: 'mile', plural: 'miles' }, earnRates: [1, 1, 3, 5],
    hub: { city: 'Atlanta', state: 'GA', latitude: 33.749, longitude: -84.388 },
    theme: { primary: '#003366', primaryText: '#ffffff', secondary: '#c01933', accent: '#e3ad2b', background: '#ffffff', surface: '#f5f7fa', text: '#1a1a1a', link: '#0a5ea8', fontFamily: HELVETICA },
    mark: 'triangle', cards: ALL_CARDS, phoneIndex: 5, storeLinks: true, appAnnouncement: true,
    switches: {
      hasDiscoverPage: true, hasSmsOptIn: true, hasSmsOptInV2: true, hasVIP: true, hasAutoEnroll: true, openTableReservationsEnabled: true, hasReservationBonus: true,
      hasFlexOffers: true, acclaimedEnabled: true, acclaimed2Enabled: true, hasPWAInstallBanner: true, hasMerchantFavourites: true, cmsPreview: true,
    },
  },
  {
    code: 'ftch', name: 'FTCH Dining', kind: 'cashback', currencyType: 'Dollar', enrollmentType: 'direct', brand: 'FTCH',
    programName1: 'FTCH Cash Back Dining', programName2: 'FTCH Rewards', currency: { singular: 'cash back', plural: 'cash back' }, earnRates: [2, 2, 5, 5], earnBasis: 'preTip',
    hub: { city: 'Austin', state: 'TX', latitude: 30.2672, longitude: -97.7431 },
    theme: { primary: '#111111', primaryText: '#ffffff', secondary: '#f2b8a2', accent: '#e4572e', background: '#fafafa', surface: '#ffffff', text: '#111111', link: '#2b59c3', fontFamily: GEOMETRIC },
    mark: 'bolt', cards: ALL_CARDS, phoneIndex: 6,
    switches: { generalModalType: 'cash_back_launch', hasFlexOffers: true, fullAddressRequired: true },
  },
  {
    code: 'freespirit', name: 'Free Spirit Dining', kind: 'airline', currencyType: 'Mile', enrollmentType: 'direct', brand: 'Free Spirit',
    programName1: 'Free Flight Dining', programName2: 'Free Flight Club', currency: { singular: 'mile', plural: 'miles' }, earnRates: [1, 1, 2, 4],
    hub: { city: 'Fort Lauderdale', state: 'FL', latitude: 26.1224, longitude: -80.1373 },
    theme: { primary: '#ffe100', primaryText: '#1a1a1a', secondary: '#1a1a1a', accent: '#005b96', background: '#ffffff', surface: '#fffbe0', text: '#1a1a1a', link: '#005b96', fontFamily: GEOMETRIC },
    mark: 'circle', cards: ['MAST', 'VISA'], phoneIndex: 7,
    // The one partner whose forms do not offer the e-mail opt-in (§2): its terms include the programme's e-mails.
    switches: { hasPWAInstallBanner: true, emailOptInHidden: true },
  },
  {
    code: 'fuelrewards', name: 'Fuel Dining', kind: 'credit', currencyType: 'Credit', enrollmentType: 'direct', brand: 'Fuel',
    programName1: 'Full Tank Dining', programName2: 'Full Tank Savings', currency: { singular: 'fuel credit', plural: 'fuel credits' }, earnRates: [3, 3, 5, 5],
    hub: { city: 'Houston', state: 'TX', latitude: 29.7604, longitude: -95.3698 },
    theme: { primary: '#c8102e', primaryText: '#ffffff', secondary: '#ffc72c', accent: '#1f2a44', background: '#ffffff', surface: '#fff8e6', text: '#1f2a44', link: '#b0121f', fontFamily: SANS },
    mark: 'drop', cards: ['AMEX', 'MAST', 'VISA'], phoneIndex: 8,
    switches: {},
  },
  {
    code: 'hilton', name: 'Hilton Dining', kind: 'hotel', currencyType: 'Point', enrollmentType: 'direct', brand: 'Hilton',
    programName1: 'Hospitality Circle Dining', programName2: 'Hospitality Circle', currency: { singular: 'point', plural: 'points' }, earnRates: [3, 3, 6, 10],
    hub: { city: 'Nashville', state: 'TN', latitude: 36.1627, longitude: -86.7816 },
    theme: { primary: '#124a8f', primaryText: '#ffffff', secondary: '#8c7441', accent: '#c9b27c', background: '#ffffff', surface: '#f6f4ef', text: '#222222', link: '#124a8f', fontFamily: SERIF },
    mark: 'arch', cards: ALL_CARDS, phoneIndex: 9, storeLinks: true,
    switches: { hasVIP: true, openTableReservationsEnabled: true, hasReservationBonus: true, hasFlexOffers: true, acclaimedEnabled: true, hasMerchantFavourites: true },
  },
  {
    code: 'ihg', name: 'IHG Dining', kind: 'hotel', currencyType: 'Point', enrollmentType: 'direct', brand: 'IHG',
    programName1: 'Global Stays Dining', programName2: 'Global Stays Rewards', currency: { singular: 'point', plural: 'points' }, earnRates: [3, 3, 6, 8],
    hub: { city: 'Philadelphia', state: 'PA', latitude: 39.9526, longitude: -75.1652 },
    theme: { primary: '#a63c17', primaryText: '#ffffff', secondary: '#2b2b2b', accent: '#f4a261', background: '#ffffff', surface: '#fbf5f0', text: '#2b2b2b', link: '#9a3412', fontFamily: SANS },
    mark: 'hexagon', cards: ALL_CARDS, phoneIndex: 10,
    switches: { openTableReservationsEnabled: true },
  },
  {
    code: 'jetblue', name: 'JetBlue Dining', kind: 'airline', currencyType: 'Mile', enrollmentType: 'direct', brand: 'JetBlue',
    programName1: 'Horizon Hop Dining', programName2: 'Horizon Hop', currency: { singular: 'mile', plural: 'miles' }, earnRates: [1, 1, 3, 3],
    hub: { city: 'New York', state: 'NY', latitude: 40.7128, longitude: -74.006 },
    theme: { primary: '#0033a0', primaryText: '#ffffff', secondary: '#00a3e0', accent: '#ffc845', background: '#ffffff', surface: '#eef6fc', text: '#0b1f3a', link: '#0033a0', fontFamily: HUMANIST },
    mark: 'wing', cards: ALL_CARDS, phoneIndex: 11,
    switches: { openTableReservationsEnabled: true, hasMerchantFavourites: true },
  },
  {
    code: 'marriott', name: 'Marriott Dining', kind: 'hotel', currencyType: 'Point', enrollmentType: 'sso', brand: 'Marriott',
    programName1: 'Grand Stay Dining', programName2: 'Grand Stay Rewards', currency: { singular: 'point', plural: 'points' }, earnRates: [2, 2, 4, 6],
    hub: { city: 'Washington', state: 'DC', latitude: 38.9072, longitude: -77.0369 },
    theme: { primary: '#4a2c2a', primaryText: '#ffffff', secondary: '#9c3d2e', accent: '#ff8d6b', background: '#fffcf8', surface: '#f7efe8', text: '#1f1a17', link: '#9c3d2e', fontFamily: PALATINO },
    mark: 'crest', cards: ALL_CARDS, phoneIndex: 12,
    switches: {
      hasVIP: true, hasPartnerLoadedCards: true, openTableReservationsEnabled: true, acclaimedEnabled: true,
      acclaimed2Enabled: true, cmsPreview: true, showNetworkLogo: false,
    },
  },
  {
    code: 'nosh', name: 'Nosh', kind: 'cashback', currencyType: 'Dollar', enrollmentType: 'direct', brand: 'Nosh',
    programName1: 'Nosh Cash Back', programName2: 'Nosh Club', currency: { singular: 'cash back', plural: 'cash back' }, earnRates: [3, 3, 5, 5], earnBasis: 'preTip',
    hub: { city: 'San Francisco', state: 'CA', latitude: 37.7749, longitude: -122.4194 },
    theme: { primary: '#0f766e', primaryText: '#ffffff', secondary: '#c2410c', accent: '#fde68a', background: '#fffdf8', surface: '#ffffff', text: '#1c1917', link: '#0f766e', fontFamily: HUMANIST },
    mark: 'leaf', cards: ALL_CARDS, phoneIndex: 13, supportUrl: true, validator: 'none', storeLinks: true, appAnnouncement: true,
    switches: {
      homePage: 'discover', hasDiscoverPage: true, openTableReservationsEnabled: true, hasFlexOffers: true, acclaimedEnabled: true,
      hasPWAInstallBanner: true, hasMerchantFavourites: true, cmsPreview: true,
    },
  },
  {
    code: 'southwest', name: 'Southwest Dining', kind: 'airline', currencyType: 'Mile', enrollmentType: 'direct', brand: 'Southwest',
    programName1: 'Open Skies Dining', programName2: 'Open Skies Rewards', currency: { singular: 'mile', plural: 'miles' }, earnRates: [1, 1, 3, 5],
    hub: { city: 'Denver', state: 'CO', latitude: 39.7392, longitude: -104.9903 },
    theme: { primary: '#304cb2', primaryText: '#ffffff', secondary: '#ffbf27', accent: '#c8102e', background: '#ffffff', surface: '#f4f6fc', text: '#111b40', link: '#304cb2', fontFamily: SANS },
    mark: 'heart', cards: ['DISC', 'MAST', 'VISA'], phoneIndex: 14, storeLinks: true,
    switches: { hasSmsOptIn: true, hasVIP: true, hasPWAInstallBanner: true, hasMerchantFavourites: true },
  },
  {
    code: 'tgbk', name: 'TGBK Dining', kind: 'cashback', currencyType: 'Dollar', enrollmentType: 'none', brand: 'TGBK',
    programName1: 'Good Bites Rewards', programName2: 'Good Bites', currency: { singular: 'cash back', plural: 'cash back' }, earnRates: [1, 1, 2, 2],
    hub: { city: 'Minneapolis', state: 'MN', latitude: 44.9778, longitude: -93.265 },
    theme: { primary: '#14532d', primaryText: '#ffffff', secondary: '#a16207', accent: '#86efac', background: '#ffffff', surface: '#f0fdf4', text: '#102a1c', link: '#166534', fontFamily: SANS },
    mark: 'square', cards: ALL_CARDS, phoneIndex: 15, validator: 'none', logoChain: ['tgbk'],
    switches: { hasPPN: false },
  },
  {
    code: 'tmobile', name: 'T-Mobile Dining', kind: 'credit', currencyType: 'Credit', enrollmentType: 'direct', brand: 'T-Mobile',
    programName1: 'Connected Table', programName2: 'Connected Perks', currency: { singular: 'dining credit', plural: 'dining credits' }, earnRates: [5, 5, 10, 10],
    hub: { city: 'Seattle', state: 'WA', latitude: 47.6062, longitude: -122.3321 },
    theme: { primary: '#b0005e', primaryText: '#ffffff', secondary: '#1f1f1f', accent: '#ff9fd0', background: '#ffffff', surface: '#fdf2f8', text: '#1a1a1a', link: '#a10058', fontFamily: GEOMETRIC },
    mark: 'ring', cards: ['MAST', 'VISA'], phoneIndex: 16, validator: 'none', storeLinks: true,
    switches: {
      homePage: 'discover', hasDiscoverPage: true, hasSmsOptIn: true, hasSmsOptInV2: true, hasAutoEnroll: true, hasPartnerLoadedCards: true,
      hasPWAInstallBanner: true, fullAddressRequired: true,
    },
  },
  {
    code: 'united', name: 'United Dining', kind: 'airline', currencyType: 'Mile', enrollmentType: 'sso', brand: 'United',
    programName1: 'Skyline Miles Dining', programName2: 'Skyline Miles', currency: { singular: 'mile', plural: 'miles' }, earnRates: [1, 1, 3, 5],
    hub: { city: 'Chicago', state: 'IL', latitude: 41.8781, longitude: -87.6298 },
    theme: { primary: '#002244', primaryText: '#ffffff', secondary: '#0b5ea8', accent: '#6cace4', background: '#ffffff', surface: '#f1f5fa', text: '#1b2733', link: '#005daa', fontFamily: HELVETICA },
    mark: 'globe', cards: ALL_CARDS, phoneIndex: 17, storeLinks: true,
    switches: {
      hasSmsOptInV2: true, hasVIP: true, hasAutoEnroll: true, hasPartnerLoadedCards: true, openTableReservationsEnabled: true,
      hasReservationBonus: true, acclaimedEnabled: true,
    },
  },
  {
    code: 'upromise', name: 'Upromise Dining', kind: 'cashback', currencyType: 'Dollar', enrollmentType: 'direct', brand: 'Upromise',
    programName1: 'College Saver Dining', programName2: 'College Saver', currency: { singular: 'college savings', plural: 'college savings' }, earnRates: [2, 2, 3, 3],
    hub: { city: 'Boston', state: 'MA', latitude: 42.3601, longitude: -71.0589 },
    theme: { primary: '#5b2d8e', primaryText: '#ffffff', secondary: '#3f7d20', accent: '#ffd100', background: '#ffffff', surface: '#f7f3fb', text: '#24172f', link: '#5b2d8e', fontFamily: SANS },
    mark: 'star', cards: ALL_CARDS, phoneIndex: 18, logoChain: ['upromise'],
    switches: { hasPartnerLoadedCards: true, hasMerchantFavourites: true, fullAddressRequired: true },
  },
  {
    code: 'wynd', name: 'WYND Dining', kind: 'hotel', currencyType: 'Point', enrollmentType: 'direct', brand: 'WYND',
    programName1: 'Journey Rewards Dining', programName2: 'Journey Rewards', currency: { singular: 'point', plural: 'points' }, earnRates: [2, 2, 5, 8],
    hub: { city: 'Salt Lake City', state: 'UT', latitude: 40.7608, longitude: -111.891 },
    theme: { primary: '#005a9c', primaryText: '#ffffff', secondary: '#00777f', accent: '#f2a900', background: '#ffffff', surface: '#f0f6fa', text: '#14213d', link: '#00588f', fontFamily: SANS },
    mark: 'compass', cards: ALL_CARDS, phoneIndex: 19,
    switches: {},
  },
];

const SEED_BY_CODE: ReadonlyMap<string, PartnerSeed> = new Map(PARTNER_SEEDS.map((p) => [p.code, p]));

export function partnerSeed(code: string): PartnerSeed | undefined {
  return SEED_BY_CODE.get(code.toLowerCase());
}

/** Where a member finds the partner number, in the partner's words (shown next to the joining form's field). */
function partnerNumberHelp(seed: PartnerSeed): string {
  const label = `${seed.programName2} number`;
  if (seed.kind === 'airline') return `Your ${label} is on your ${seed.programName2} card, in the ${seed.brand} app and at the top of your ${seed.brand} account page.`;
  if (seed.kind === 'hotel') return `Your ${label} is in the ${seed.brand} app and on your ${seed.programName2} account page.`;
  return `Your ${label} is on your ${seed.programName2} account page and in the ${seed.brand} app.`;
}

function copyStates(seed: PartnerSeed): StoredCopyTokens {
  const { singular, plural } = seed.currency;
  return {
    currencySingular: singular,
    currencyPlural: plural,
    bonusCurrencySingular: `bonus ${singular}`,
    bonusCurrencyPlural: `bonus ${plural}`,
    partnerNumberLabel: `${seed.programName2} number`,
    partnerNumberHelp: partnerNumberHelp(seed),
    programName1: seed.programName1,
    programName2: seed.programName2,
    partnerName1: seed.brand,
    partnerName2: seed.name,
    staySignedInLabel: 'Keep me signed in',
  };
}

function phone(prefix: '800' | '888', index: number): { href: string; formatted: string } {
  const line = String(100 + index).padStart(4, '0');
  return { href: `tel:+1${prefix}555${line}`, formatted: `1-${prefix}-555-${line}` };
}

function domain(seed: PartnerSeed): string {
  return `${seed.code}.example.com`;
}

function customerSupport(seed: PartnerSeed): CustomerSupport {
  if (seed.supportUrl) {
    return { phone: phone('800', seed.phoneIndex), email: { href: `https://help.${domain(seed)}/contact`, display: `help.${domain(seed)}` } };
  }
  const address = `dining@${domain(seed)}`;
  return { phone: phone('800', seed.phoneIndex), email: { href: `mailto:${address}`, display: address } };
}

function vipSupport(seed: PartnerSeed): CustomerSupport {
  const address = `vip-dining@${domain(seed)}`;
  return { phone: phone('888', seed.phoneIndex + 40), email: { href: `mailto:${address}`, display: address } };
}

function routeMeta(seed: PartnerSeed, hasDiscover: boolean): RouteMeta {
  const { name, programName1, currency } = seed;
  const keywords = [name, programName1, `earn ${currency.plural}`, 'dining rewards', 'restaurants', 'linked card'].join(', ');
  const meta: RouteMeta = {
    '/': { title: `${name} | Earn ${currency.plural} when you dine out`, description: `Join ${programName1} and earn ${currency.plural} at thousands of restaurants, bars and clubs with the card you already carry.`, keywords },
    '/how-it-works': { title: `How it works | ${name}`, description: `Link a card, dine at participating restaurants and earn ${currency.plural} with ${programName1}. Here is how.`, keywords: `${keywords}, how it works` },
    '/search': { title: `Find restaurants | ${name}`, description: `Search restaurants near you that earn ${currency.plural} with ${programName1}.`, keywords: `${keywords}, restaurant search` },
    '/merchants/:merchantId': { title: `Restaurant details | ${name}`, description: `Menus, hours, reviews and the ${currency.plural} you can earn at this ${name} restaurant.`, keywords },
    '/not_found': { title: `Page not found | ${name}`, description: `We couldn't find that page on ${name}.` },
    '/error': { title: `Something went wrong | ${name}`, description: `${name} ran into a problem. Please try again shortly.` },
  };
  if (hasDiscover) {
    meta['/discover'] = { title: `Discover restaurants | ${name}`, description: `Discover new favourites nearby and earn ${currency.plural} with ${programName1}.`, keywords: `${keywords}, discover` };
  } else {
    meta['/discover'] = { title: `Discover | ${name}`, description: `Restaurants that earn ${currency.plural} with ${programName1}.` };
  }
  return meta;
}

function navLinks(hasDiscover: boolean): NavLinkConfig[] {
  const links: NavLinkConfig[] = [
    { text_desktop: 'Find restaurants', text_mobile: 'Search restaurants', url: '/search' },
    { text_desktop: 'How it works', text_mobile: 'How it works', url: '/how-it-works' },
  ];
  if (hasDiscover) links.unshift({ text_desktop: 'Discover', text_mobile: 'Discover nearby', url: '/discover' });
  return links;
}

function storeLinks(seed: PartnerSeed): StoreLinks {
  return {
    ios: `https://apps.example.com/us/app/${seed.code}-dining/id${1400000000 + seed.phoneIndex * 7919}`,
    android: `https://play.example.com/store/apps/details?id=com.example.${seed.code}.dining`,
  };
}

function appAnnouncement(seed: PartnerSeed): AppAnnouncementModal {
  return {
    title: `Dine smarter with the ${seed.name} app`,
    body: `Find restaurants near you, see what you'll earn before you order and track your ${seed.currency.plural} on the go.`,
    ctaText: 'Get the app',
    ctaUrl: storeLinks(seed).ios,
  };
}

/** An insertable partner row whose switches the demo accounts depend on are always set. */
export type DemoPartnerRow = NewPartnerRow & Pick<PartnerRow, 'enrollmentType' | 'hasSmsOptIn' | 'hasSmsOptInV2'>;

export function buildPartnerRow(seed: PartnerSeed): DemoPartnerRow {
  const s = seed.switches;
  const hasDiscover = s.hasDiscoverPage ?? s.homePage === 'discover';
  const hasVIP = s.hasVIP ?? false;
  const hasStore = seed.storeLinks ?? false;
  return {
    code: seed.code,
    name: seed.name,
    hosts: [],
    enrollmentType: seed.enrollmentType,
    homePage: s.homePage ?? 'home',
    hasDiscoverPage: hasDiscover,
    hasReservationBonus: s.hasReservationBonus ?? false,
    openTableReservationsEnabled: s.openTableReservationsEnabled ?? false,
    hasFlexOffers: s.hasFlexOffers ?? false,
    acclaimedEnabled: s.acclaimedEnabled ?? false,
    acclaimed2Enabled: s.acclaimed2Enabled ?? false,
    hasPWAInstallBanner: s.hasPWAInstallBanner ?? false,
    hasPartnerLoadedCards: s.hasPartnerLoadedCards ?? false,
    cardTypesAccepted: [...seed.cards],
    cmsPreview: s.cmsPreview ?? false,
    cmsRoute: '/api/cms',
    currencyType: seed.currencyType,
    fullAddressRequired: s.fullAddressRequired ?? false,
    hasAutoEnroll: s.hasAutoEnroll ?? false,
    emailOptInHidden: s.emailOptInHidden ?? false,
    hasPPN: s.hasPPN ?? true,
    hasSmsOptIn: s.hasSmsOptIn ?? false,
    hasSmsOptInV2: s.hasSmsOptInV2 ?? false,
    hasVIP,
    generalModalType: s.generalModalType ?? null,
    routeMeta: routeMeta(seed, hasDiscover),
    minimumAppVersion: hasStore ? `3.${seed.phoneIndex % 4}.0` : null,
    appAnnouncementModal: seed.appAnnouncement ? appAnnouncement(seed) : null,
    showEarnRate: s.showEarnRate ?? true,
    copyStates: copyStates(seed),
    customerSupport: customerSupport(seed),
    vipCustomerSupport: hasVIP ? vipSupport(seed) : null,
    shortCode: '97082',
    hasMerchantFavourites: s.hasMerchantFavourites ?? false,
    partnerNumberValidator: seed.validator ?? 'checkCharacter',
    earnRates: [...seed.earnRates] as EarnRates,
    earnBasis: seed.earnBasis ?? 'wholeBill',
    theme: { ...seed.theme },
    logoSvg: renderPartnerLogo({ code: seed.code, name: seed.name, theme: seed.theme, mark: seed.mark }),
    logoChain: seed.logoChain ? [...seed.logoChain] : [],
    showNetworkLogo: s.showNetworkLogo ?? true,
    storeLinks: hasStore ? storeLinks(seed) : null,
    navLinks: navLinks(hasDiscover),
    defaultLatitude: seed.hub.latitude,
    defaultLongitude: seed.hub.longitude,
  };
}

/** One insertable row per partner of §1, in PARTNER_CODES order. */
export function buildPartners(): DemoPartnerRow[] {
  return PARTNER_SEEDS.map(buildPartnerRow);
}
