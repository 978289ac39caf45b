import { describe, expect, it } from 'vitest';
import {
  canJoinHere, canRecoverPassword, canSignInWithPassword, customerSupportFor, emailOptInOffered, featureFlagsOf, fullAddressRequired, hasMembers, offersFavorites,
  offersFlexOffers, payoutBreakpointCents, paysStatementCredits, programName, smsConsentVersion, smsOptInOffered, takesTableReservations, usesSingleSignOn,
  type FeatureSwitches,
} from './partner-features';
import type { CustomerSupport } from '../schemas/partner';

describe('partner features', () => {
  it('names the programme: its own name, else the partner\'s', () => {
    expect(programName({ name: 'Hilton', copyStates: { programName1: 'Hilton Honors Dining' } })).toBe('Hilton Honors Dining');
    expect(programName({ name: 'Hilton', copyStates: { programName1: '' } })).toBe('Hilton');
    expect(programName({ name: 'Hilton', copyStates: {} })).toBe('Hilton');
  });

  it.each([
    ['direct', { signIn: true, sso: false, members: true, join: true, recover: true }],
    ['sso', { signIn: false, sso: true, members: true, join: false, recover: false }],
    ['none', { signIn: false, sso: false, members: false, join: false, recover: false }],
  ] as const)('answers the enrolment questions for %s partners', (enrollmentType, expected) => {
    const p = { enrollmentType };
    expect({ signIn: canSignInWithPassword(p), sso: usesSingleSignOn(p), members: hasMembers(p), join: canJoinHere(p), recover: canRecoverPassword(p) }).toEqual(expected);
  });

  it('asks for a full address only where the partner wants it and does not pay credits', () => {
    expect(fullAddressRequired({ fullAddressRequired: true, currencyType: 'Mile' })).toBe(true);
    expect(fullAddressRequired({ fullAddressRequired: true, currencyType: 'Credit' })).toBe(false);
    expect(fullAddressRequired({ fullAddressRequired: false, currencyType: 'Point' })).toBe(false);
  });

  it('tells which SMS consent the partner offers', () => {
    expect(smsConsentVersion({ hasSmsOptIn: false, hasSmsOptInV2: false })).toBe('none');
    expect(smsConsentVersion({ hasSmsOptIn: true, hasSmsOptInV2: false })).toBe('v1');
    expect(smsConsentVersion({ hasSmsOptIn: true, hasSmsOptInV2: true })).toBe('v2');
    expect(smsConsentVersion({ hasSmsOptIn: false, hasSmsOptInV2: true })).toBe('v2');
    expect(smsOptInOffered({ hasSmsOptIn: false, hasSmsOptInV2: false })).toBe(false);
    expect(smsOptInOffered({ hasSmsOptIn: true, hasSmsOptInV2: false })).toBe(true);
    expect(smsOptInOffered({ hasSmsOptIn: false, hasSmsOptInV2: true })).toBe(true);
  });

  it.each([
    ['Dollar', true], ['Credit', true], ['Mile', false], ['Point', false],
  ] as const)('pays statement credits for %s partners: %s', (currencyType, expected) => {
    expect(paysStatementCredits({ currencyType })).toBe(expected);
  });
});

describe('switches that need members, and the payout breakpoint', () => {
  it.each(['direct', 'sso', 'none'] as const)('flex offers and favourites need the switch and members (%s)', (enrollmentType) => {
    const members = enrollmentType !== 'none';
    expect(offersFlexOffers({ hasFlexOffers: true, enrollmentType })).toBe(members);
    expect(offersFlexOffers({ hasFlexOffers: false, enrollmentType })).toBe(false);
    expect(offersFavorites({ hasMerchantFavourites: true, enrollmentType })).toBe(members);
    expect(offersFavorites({ hasMerchantFavourites: false, enrollmentType })).toBe(false);
  });

  it('offers the e-mail opt-in unless hidden; table reservations by their switch; the partner\'s own breakpoint', () => {
    expect(emailOptInOffered({ emailOptInHidden: false })).toBe(true);
    expect(emailOptInOffered({ emailOptInHidden: true })).toBe(false);
    expect(takesTableReservations({ openTableReservationsEnabled: true })).toBe(true);
    expect(takesTableReservations({ openTableReservationsEnabled: false })).toBe(false);
    expect(payoutBreakpointCents({ payoutBreakpointCents: 1234 })).toBe(1234);
  });
});

describe('featureFlagsOf: the one source of GET /api/feature-flags and the page\'s filters', () => {
  const off: FeatureSwitches = {
    enrollmentType: 'direct', hasSmsOptIn: false, hasSmsOptInV2: false, hasVIP: false, hasAutoEnroll: false, hasPartnerLoadedCards: false,
    openTableReservationsEnabled: false, hasFlexOffers: false, acclaimedEnabled: false, acclaimed2Enabled: false, hasPWAInstallBanner: false,
    hasReservationBonus: false, hasDiscoverPage: false, hasMerchantFavourites: false, cmsPreview: false,
  };
  const flagOf: Record<string, keyof FeatureSwitches> = {
    smsOptIn: 'hasSmsOptIn', smsOptInV2: 'hasSmsOptInV2', vip: 'hasVIP', autoEnroll: 'hasAutoEnroll', partnerLoadedCards: 'hasPartnerLoadedCards',
    tableReservations: 'openTableReservationsEnabled', flexOffers: 'hasFlexOffers', acclaimed: 'acclaimedEnabled', acclaimed2: 'acclaimed2Enabled',
    pwaInstallBanner: 'hasPWAInstallBanner', reservationBonus: 'hasReservationBonus', discoverPage: 'hasDiscoverPage', merchantFavourites: 'hasMerchantFavourites',
    cmsPreview: 'cmsPreview',
  };

  it('with every switch off: the flags off, the filters every partner has on', () => {
    expect(featureFlagsOf(off)).toEqual({
      authFlags: { enrollmentType: 'direct', signInEnabled: true, joinEnabled: true, recoverEnabled: true },
      filters: { acclaimed: false, benefitsFor: true, features: true, isNew: true, mealsServed: true, priceRange: true, reservations: false },
      partnerFeatureFlags: Object.fromEntries(Object.keys(flagOf).map((k) => [k, false])),
    });
  });

  it.each(Object.entries(flagOf))('the %s flag is its own switch (%s), and nothing else', (flag, field) => {
    const flags = featureFlagsOf({ ...off, [field]: true }).partnerFeatureFlags as Record<string, boolean>;
    expect(Object.entries(flags).filter(([, on]) => on).map(([k]) => k)).toEqual([flag]);
  });

  it('the acclaimed filter shows with either acclaimed campaign; the reservations filter with table reservations; sso and none partners\' auth flags', () => {
    expect(featureFlagsOf({ ...off, acclaimedEnabled: true }).filters.acclaimed).toBe(true);
    expect(featureFlagsOf({ ...off, acclaimed2Enabled: true }).filters.acclaimed).toBe(true);
    expect(featureFlagsOf({ ...off, openTableReservationsEnabled: true }).filters.reservations).toBe(true);
    expect(featureFlagsOf({ ...off, enrollmentType: 'sso' }).authFlags).toEqual({ enrollmentType: 'sso', signInEnabled: false, joinEnabled: true, recoverEnabled: false });
    expect(featureFlagsOf({ ...off, enrollmentType: 'none' }).authFlags).toEqual({ enrollmentType: 'none', signInEnabled: false, joinEnabled: false, recoverEnabled: false });
  });
});

describe('customerSupportFor', () => {
  const line = (phone: string): CustomerSupport => ({ phone: { formatted: phone, href: `tel:${phone}` }, email: { display: 'help@example.com', href: 'mailto:help@example.com' } });
  const partner = { customerSupport: line('1-800-555-0100'), vipCustomerSupport: line('1-800-555-0199') };
  it('gives VIP members the VIP line where there is one, everyone else the usual line', () => {
    expect(customerSupportFor(partner, { tierLevel: 3 })).toBe(partner.vipCustomerSupport);
    expect(customerSupportFor(partner, { tierLevel: 2 })).toBe(partner.customerSupport);
    expect(customerSupportFor(partner, null)).toBe(partner.customerSupport);
    expect(customerSupportFor({ ...partner, vipCustomerSupport: null }, { tierLevel: 3 })).toBe(partner.customerSupport);
  });
});
