import type { CurrencyType, EnrollmentType } from '../constants/partner';
import type { CustomerSupport, FeatureFlagsResponse, PartnerConfig } from '../schemas/partner';
import type { Member } from '../schemas/member';
import { TIER_LEVELS } from '../constants/member';

/**
 * The one home of "does this partner …?" (§1 switches, §5 rules). Pages and server code ask these
 * questions, never the raw partner fields, so a rule changes in one place. Each function takes
 * only the fields it reads: the server's partner row and the page's partner configuration both fit.
 */

type Named = { name: string; copyStates: { programName1?: string } };
type Enrolling = { enrollmentType: EnrollmentType };
type Addressed = { fullAddressRequired: boolean; currencyType: CurrencyType };
type SmsSwitches = { hasSmsOptIn: boolean; hasSmsOptInV2: boolean };
type Currency = { currencyType: CurrencyType };

/** The programme's name in copy: the partner's programme name, else the partner's name. */
export function programName(partner: Named): string {
  return partner.copyStates.programName1 || partner.name;
}

/** Members sign in on our own form with a password (direct partners). */
export function canSignInWithPassword(partner: Enrolling): boolean {
  return partner.enrollmentType === 'direct';
}

/** Members sign in at the partner's identity provider (OpenID Connect). */
export function usesSingleSignOn(partner: Enrolling): boolean {
  return partner.enrollmentType === 'sso';
}

/** There are members at all: sign-in (either kind), joining, activation and the account centre. */
export function hasMembers(partner: Enrolling): boolean {
  return partner.enrollmentType !== 'none';
}

/** Visitors join on our own form (direct partners; sso partners join at their provider). */
export function canJoinHere(partner: Enrolling): boolean {
  return partner.enrollmentType === 'direct';
}

/** Forgotten passwords are recovered here (only where the password is ours). */
export function canRecoverPassword(partner: Enrolling): boolean {
  return partner.enrollmentType === 'direct';
}

/**
 * §2: the profile and joining forms offer the e-mail opt-in, except for a partner whose programme's
 * terms include its e-mails (members of that partner join opted in and keep their stored choice).
 */
export function emailOptInOffered(partner: { emailOptInHidden: boolean }): boolean {
  return !partner.emailOptInHidden;
}

/** §5: a full postal address is asked for, except by credit-type partners. */
export function fullAddressRequired(partner: Addressed): boolean {
  return partner.fullAddressRequired && partner.currencyType !== 'Credit';
}

/** §5 SMS consent: not offered, the first version (v1) or the explicit second one (v2). */
export type SmsConsentVersion = 'none' | 'v1' | 'v2';

export function smsConsentVersion(partner: SmsSwitches): SmsConsentVersion {
  if (partner.hasSmsOptInV2) return 'v2';
  return partner.hasSmsOptIn ? 'v1' : 'none';
}

/** SMS opt-in is offered at all (either version). */
export function smsOptInOffered(partner: SmsSwitches): boolean {
  return smsConsentVersion(partner) !== 'none';
}

/** §1 table reservations: the partner's members book tables on restaurant pages (the reservation calls answer 404 elsewhere). */
export function takesTableReservations(partner: { openTableReservationsEnabled: boolean }): boolean {
  return partner.openTableReservationsEnabled;
}

/** §1 merchant favourites: members keep favourite restaurants (the heart, the account list; the favourites calls answer 404 elsewhere). */
/** §1 flex offers: per-member extra offers at restaurants (needs members to offer them to). */
export function offersFlexOffers(partner: { hasFlexOffers: boolean; enrollmentType: EnrollmentType }): boolean {
  return partner.hasFlexOffers && hasMembers(partner);
}

export function offersFavorites(partner: { hasMerchantFavourites: boolean; enrollmentType: EnrollmentType }): boolean {
  return partner.hasMerchantFavourites && hasMembers(partner);
}

/**
 * Cash-back partners (Dollar and Credit currencies): rewards are cents, gathered in a balance and
 * paid as statement credits at the payout breakpoint (§3 credit record, §9), instead of miles or
 * points posted to the partner's loyalty ledger.
 */
export function paysStatementCredits(partner: Currency): boolean {
  return partner.currencyType === 'Dollar' || partner.currencyType === 'Credit';
}

/** §9 the balance (cents) at which a cash-back partner pays a member's statement credit: the partner's payout breakpoint (a console setting). */
export function payoutBreakpointCents(partner: { payoutBreakpointCents: number }): number {
  return partner.payoutBreakpointCents;
}

/** The switches §3 "feature flags" are made from: fields of both the partner row and the page's configuration. */
export type FeatureSwitches = Enrolling & SmsSwitches & {
  hasVIP: boolean; hasAutoEnroll: boolean; hasPartnerLoadedCards: boolean; openTableReservationsEnabled: boolean; hasFlexOffers: boolean;
  acclaimedEnabled: boolean; acclaimed2Enabled: boolean; hasPWAInstallBanner: boolean; hasReservationBonus: boolean; hasDiscoverPage: boolean;
  hasMerchantFavourites: boolean; cmsPreview: boolean;
};

/**
 * §3 feature flags (authFlags, filters, partnerFeatureFlags): what GET /api/feature-flags answers
 * and what the page reads from the configuration injected into it (the search filters, below),
 * made by this one function so the two never disagree. The page does not make the call: its
 * configuration arrives with the HTML, so it never waits for a second request before its first
 * screen (docs/api-partners.md).
 */
export function featureFlagsOf(p: FeatureSwitches): FeatureFlagsResponse {
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
      reservations: takesTableReservations(p),
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

/** §6: VIP members have their own support line where the partner configures one. */
export function customerSupportFor(partner: Pick<PartnerConfig, 'customerSupport' | 'vipCustomerSupport'>, member: Pick<Member, 'tierLevel'> | null): CustomerSupport {
  if (member?.tierLevel === TIER_LEVELS.VIP && partner.vipCustomerSupport) return partner.vipCustomerSupport;
  return partner.customerSupport;
}
