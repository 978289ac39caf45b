import type { AppConfig } from '../../config';
import type { PartnerRow } from '../../db/schema';
import type { CopyTokens, FeatureFlagsResponse, PartnerConfig } from '#shared/schemas/partner';
import { MAX_PARTY_SIZE } from '#shared/rules/reservations';
import { earnBasisText, earningTokens, type EarningSettings } from '#shared/rules/rewards/policy';
import { featureFlagsOf } from '#shared/rules/partner-features';

/** The earning policy's settings of a partner row (rules/rewards/policy.ts). */
export function earningSettingsOf(p: Pick<PartnerRow, 'earnRates' | 'hasVIP' | 'earnBasis' | 'acclaimed2Enabled' | 'vipQualifyingDines'>): EarningSettings {
  return { earnRates: p.earnRates, hasVIP: p.hasVIP, earnBasis: p.earnBasis, acclaimed2Enabled: p.acclaimed2Enabled, vipQualifyingDines: p.vipQualifyingDines };
}

/**
 * §3 copy tokens: the stored ones (names of the currency, programme, partner) and those the earning
 * policy makes from the settings (the rates the engine pays, the earn basis, the VIP count), so a
 * word on a page never drifts from what the engine does.
 */
export function copyTokensOf(p: Pick<PartnerRow, 'copyStates' | 'currencyType' | 'earnRates' | 'hasVIP' | 'earnBasis' | 'acclaimed2Enabled' | 'vipQualifyingDines'>): CopyTokens {
  const currency = { type: p.currencyType, singular: p.copyStates.currencySingular, plural: p.copyStates.currencyPlural };
  return {
    ...p.copyStates,
    ...earningTokens(earningSettingsOf(p), currency),
    earnBasis: earnBasisText(p.earnBasis),
    vipDines: String(p.vipQualifyingDines),
    maxPartySize: String(MAX_PARTY_SIZE),
  };
}

/** The partner configuration the browser sees (§3); internal columns stay on the server. */
export function toPartnerConfig(p: PartnerRow, config: AppConfig): PartnerConfig {
  return {
    code: p.code,
    name: p.name,
    enrollmentType: p.enrollmentType,
    homePage: p.homePage,
    hasDiscoverPage: p.hasDiscoverPage,
    hasReservationBonus: p.hasReservationBonus,
    openTableReservationsEnabled: p.openTableReservationsEnabled,
    hasFlexOffers: p.hasFlexOffers,
    acclaimedEnabled: p.acclaimedEnabled,
    acclaimed2Enabled: p.acclaimed2Enabled,
    hasPWAInstallBanner: p.hasPWAInstallBanner,
    hasPartnerLoadedCards: p.hasPartnerLoadedCards,
    cardTypesAccepted: p.cardTypesAccepted as PartnerConfig['cardTypesAccepted'],
    cmsPreview: p.cmsPreview,
    cmsRoute: p.cmsRoute,
    currencyType: p.currencyType,
    fullAddressRequired: p.fullAddressRequired,
    hasAutoEnroll: p.hasAutoEnroll,
    emailOptInHidden: p.emailOptInHidden,
    hasPPN: p.hasPPN,
    hasSmsOptIn: p.hasSmsOptIn,
    hasSmsOptInV2: p.hasSmsOptInV2,
    hasVIP: p.hasVIP,
    vipQualifyingDines: p.vipQualifyingDines,
    generalModalType: p.generalModalType,
    routeMeta: p.routeMeta,
    minimumAppVersion: p.minimumAppVersion,
    appAnnouncementModal: p.appAnnouncementModal ?? null,
    showEarnRate: p.showEarnRate,
    copyStates: copyTokensOf(p),
    customerSupport: p.customerSupport,
    vipCustomerSupport: p.vipCustomerSupport ?? null,
    shortCode: p.shortCode,
    hasMerchantFavourites: p.hasMerchantFavourites,
    partnerNumberValidator: p.partnerNumberValidator === 'none' ? 'none' : 'checkCharacter',
    earnRates: p.earnRates,
    earnBasis: p.earnBasis,
    theme: p.theme,
    logoUrl: '/partner/logo.svg',
    // The chain names partners by code; the browser gets their logo addresses.
    logoChain: p.logoChain.map((code) => `/partner/logos/${encodeURIComponent(code)}.svg`),
    showNetworkLogo: p.showNetworkLogo,
    storeLinks: p.storeLinks ?? null,
    navLinks: p.navLinks,
    mapTileUrl: config.mapTileUrl,
    cardFrameOrigin: config.cardFrameOrigin,
    environment: config.env,
    adminEmulationOrigin: config.adminEmulationOrigin,
    apiBase: config.apiBase,
    extraPagePaths: config.extraPagePaths,
    maintenanceMode: config.maintenanceMode || p.maintenanceMode,
  };
}

/** GET /api/feature-flags: the §3 flags of the shared rule (the page reads the same from its configuration). */
export function featureFlags(p: PartnerRow): FeatureFlagsResponse {
  return featureFlagsOf(p);
}
