import type { AppConfig } from '../../config';
import type { PartnerRow } from '../../db/schema';
import type { FeatureFlagsResponse, PartnerConfig } from '#shared/schemas/partner';
import { canRecoverPassword, canSignInWithPassword, hasMembers } from '#shared/rules/partner-features';

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
    generalModalType: p.generalModalType,
    routeMeta: p.routeMeta,
    minimumAppVersion: p.minimumAppVersion,
    appAnnouncementModal: p.appAnnouncementModal ?? null,
    showEarnRate: p.showEarnRate,
    typeformCode: p.typeformCode,
    copyStates: p.copyStates,
    customerSupport: p.customerSupport,
    vipCustomerSupport: p.vipCustomerSupport ?? null,
    shortCode: p.shortCode,
    hasMerchantFavourites: p.hasMerchantFavourites,
    partnerNumberValidator: p.partnerNumberValidator === 'none' ? 'none' : 'checkCharacter',
    adsPrefix: p.adsPrefix,
    earnRates: p.earnRates,
    theme: p.theme,
    logoUrl: '/partner/logo.svg',
    // The chain names partners by code; the browser gets their logo addresses.
    logoChain: p.logoChain.map((code) => `/partner/logos/${encodeURIComponent(code)}.svg`),
    showNetworkLogo: p.showNetworkLogo,
    storeLinks: p.storeLinks ?? null,
    navLinks: p.navLinks,
    defaultLocation: { latitude: p.defaultLatitude, longitude: p.defaultLongitude },
    mapTileUrl: config.mapTileUrl,
    cardFrameOrigin: config.cardFrameOrigin,
    environment: config.env,
    adminEmulationOrigin: config.adminEmulationOrigin,
    apiBase: config.apiBase,
    extraPagePaths: config.extraPagePaths,
    maintenanceMode: config.maintenanceMode || p.maintenanceMode,
  };
}

export function featureFlags(p: PartnerRow): FeatureFlagsResponse {
  return {
    authFlags: {
      enrollmentType: p.enrollmentType,
      signInEnabled: canSignInWithPassword(p),
      joinEnabled: hasMembers(p),
      recoverEnabled: canRecoverPassword(p),
    },
    filters: {
      acclaimed: p.acclaimedEnabled || p.acclaimed2Enabled,
      benefitsFor: true,
      features: true,
      isNew: true,
      mealsServed: true,
      priceRange: true,
      reservations: p.openTableReservationsEnabled,
    },
    partnerFeatureFlags: {
      smsOptIn: p.hasSmsOptIn,
      smsOptInV2: p.hasSmsOptInV2,
      vip: p.hasVIP,
      autoEnroll: p.hasAutoEnroll,
      partnerLoadedCards: p.hasPartnerLoadedCards,
      tableReservations: p.openTableReservationsEnabled,
      flexOffers: p.hasFlexOffers,
      acclaimed: p.acclaimedEnabled,
      acclaimed2: p.acclaimed2Enabled,
      pwaInstallBanner: p.hasPWAInstallBanner,
      reservationBonus: p.hasReservationBonus,
      discoverPage: p.hasDiscoverPage,
      merchantFavourites: p.hasMerchantFavourites,
      cmsPreview: p.cmsPreview,
    },
  };
}
