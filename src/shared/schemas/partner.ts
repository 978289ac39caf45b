import { z } from 'zod';

import { CARD_TYPES, CURRENCY_TYPES, ENROLLMENT_TYPES } from '../constants/partner';
import { EARN_BASES } from '../constants/rewards';

export * from '../constants/partner';

export const ZCopyTokens = z.object({
  currencySingular: z.string(),
  currencyPlural: z.string(),
  bonusCurrencySingular: z.string(),
  bonusCurrencyPlural: z.string(),
  partnerNumberLabel: z.string(),
  /** Where a member finds the partner number ('Your SkyRewards number is on your SkyRewards card and in the Delta app.'); a generic sentence when absent. */
  partnerNumberHelp: z.string().optional(),
  programName1: z.string(),
  programName2: z.string(),
  partnerName1: z.string(),
  partnerName2: z.string(),
  currentEarning0: z.string(),
  currentEarning1: z.string(),
  currentEarning2: z.string(),
  currentEarning3: z.string(),
  properEarning0: z.string(),
  properEarning1: z.string(),
  properEarning2: z.string(),
  properEarning3: z.string(),
  staySignedInLabel: z.string(),
  /** What a dine earns on, in the programme's words (the partner's earn basis, rules/rewards/policy.ts). */
  earnBasis: z.string(),
  /** Qualified dines in a calendar year that make a member VIP ('11'). */
  vipDines: z.string(),
  /** The largest party booked online (rules/reservations MAX_PARTY_SIZE, the widget's last choice): '18'. */
  maxPartySize: z.string(),
});
export type CopyTokens = z.infer<typeof ZCopyTokens>;
/**
 * Tokens made from the partner's settings by the earning policy, never stored: the rates the engine
 * pays (current/proper earning 0–3), the earn basis and the VIP count.
 */
export const DERIVED_COPY_TOKENS = [
  'currentEarning0', 'currentEarning1', 'currentEarning2', 'currentEarning3', 'properEarning0', 'properEarning1', 'properEarning2', 'properEarning3',
  'earnBasis', 'vipDines', 'maxPartySize',
] as const;
export type StoredCopyTokens = Omit<CopyTokens, (typeof DERIVED_COPY_TOKENS)[number]>;

export const ZCustomerSupport = z.object({
  phone: z.object({ href: z.string(), formatted: z.string() }),
  email: z.object({ href: z.string(), display: z.string() }),
});
export type CustomerSupport = z.infer<typeof ZCustomerSupport>;

export const ZPartnerTheme = z.object({
  primary: z.string(),
  primaryText: z.string(),
  secondary: z.string(),
  accent: z.string(),
  background: z.string(),
  surface: z.string(),
  text: z.string(),
  link: z.string(),
  fontFamily: z.string(),
});
export type PartnerTheme = z.infer<typeof ZPartnerTheme>;

export const ZRouteMetaEntry = z.object({
  title: z.string(),
  description: z.string().optional(),
  keywords: z.string().optional(),
});
/** Keyed by route path ('/', '/search', '/merchants/:merchantId' …). */
export const ZRouteMeta = z.record(z.string(), ZRouteMetaEntry);
export type RouteMeta = z.infer<typeof ZRouteMeta>;

export const ZStoreLinks = z.object({ ios: z.string(), android: z.string() });
export type StoreLinks = z.infer<typeof ZStoreLinks>;

export const ZAppAnnouncementModal = z.object({ title: z.string(), body: z.string(), ctaText: z.string(), ctaUrl: z.string() });
export type AppAnnouncementModal = z.infer<typeof ZAppAnnouncementModal>;

export const ZNavLinkConfig = z.object({ text_desktop: z.string(), text_mobile: z.string(), url: z.string() });
export type NavLinkConfig = z.infer<typeof ZNavLinkConfig>;

/** What the server injects into index.html for the partner of the request's host (§3 partner config). */
export const ZPartnerConfig = z.object({
  code: z.string(),
  name: z.string(),
  enrollmentType: z.enum(ENROLLMENT_TYPES),
  homePage: z.enum(['home', 'discover']),
  hasDiscoverPage: z.boolean(),
  hasReservationBonus: z.boolean(),
  openTableReservationsEnabled: z.boolean(),
  hasFlexOffers: z.boolean(),
  acclaimedEnabled: z.boolean(),
  acclaimed2Enabled: z.boolean(),
  hasPWAInstallBanner: z.boolean(),
  hasPartnerLoadedCards: z.boolean(),
  cardTypesAccepted: z.array(z.enum(CARD_TYPES)),
  cmsPreview: z.boolean(),
  cmsRoute: z.string(),
  currencyType: z.enum(CURRENCY_TYPES),
  fullAddressRequired: z.boolean(),
  hasAutoEnroll: z.boolean(),
  emailOptInHidden: z.boolean(),
  hasPPN: z.boolean(),
  hasSmsOptIn: z.boolean(),
  hasSmsOptInV2: z.boolean(),
  hasVIP: z.boolean(),
  /** The VIP threshold: qualified dines in a calendar year that make a member VIP. */
  vipQualifyingDines: z.number().int(),
  generalModalType: z.string().nullable(),
  routeMeta: ZRouteMeta,
  minimumAppVersion: z.string().nullable(),
  appAnnouncementModal: ZAppAnnouncementModal.nullable(),
  showEarnRate: z.boolean(),
  copyStates: ZCopyTokens,
  customerSupport: ZCustomerSupport,
  vipCustomerSupport: ZCustomerSupport.nullable(),
  shortCode: z.string(),
  hasMerchantFavourites: z.boolean(),
  partnerNumberValidator: z.enum(['checkCharacter', 'none']),
  earnRates: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /** What a dine earns on: the whole bill (tax and tip included) or the bill before tip. */
  earnBasis: z.enum(EARN_BASES),
  theme: ZPartnerTheme,
  /** URL of the partner's logo (served by the app). */
  logoUrl: z.string(),
  logoChain: z.array(z.string()),
  showNetworkLogo: z.boolean(),
  storeLinks: ZStoreLinks.nullable(),
  navLinks: z.array(ZNavLinkConfig),
  mapTileUrl: z.string(),
  /** Origin of the secure card-entry frame (docs/api-cards.md). */
  cardFrameOrigin: z.string(),
  /** Environment of the deployment, so the client can hide staging-only pieces. */
  environment: z.enum(['development', 'production', 'test']),
  /** Origin of the operator console whose exit message signs an emulated member out (§4); absent or null: none. */
  adminEmulationOrigin: z.string().nullable().optional(),
  /** Global API base (§7): prefix of every /api call; absent or '' = this site. */
  apiBase: z.string().optional(),
  /** §2 extra paths of the global setting (EXTRA_PAGE_PATHS), each showing the shared content-page screen; absent: none. */
  extraPagePaths: z.array(z.string()).optional(),
  /** §2 maintenance notice instead of the pages: the partner's switch or the global MAINTENANCE_MODE; absent: off. */
  maintenanceMode: z.boolean().optional(),
});
export type PartnerConfig = z.infer<typeof ZPartnerConfig>;

export const ZFeatureFlagsResponse = z.object({
  authFlags: z.object({
    enrollmentType: z.enum(ENROLLMENT_TYPES),
    signInEnabled: z.boolean(),
    joinEnabled: z.boolean(),
    recoverEnabled: z.boolean(),
  }),
  filters: z.object({
    acclaimed: z.boolean(),
    benefitsFor: z.boolean(),
    features: z.boolean(),
    isNew: z.boolean(),
    mealsServed: z.boolean(),
    priceRange: z.boolean(),
    reservations: z.boolean(),
  }),
  partnerFeatureFlags: z.record(z.string(), z.boolean()),
});
export type FeatureFlagsResponse = z.infer<typeof ZFeatureFlagsResponse>;

export const ZDefaultUserLocationResponse = z.object({ latitude: z.number(), longitude: z.number() });
