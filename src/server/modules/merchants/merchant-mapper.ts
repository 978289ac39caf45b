import type { MerchantRow } from '../../db/schema';
import { HIGHLIGHTS, type MerchantBenefits, type MerchantDetail, type MerchantSummary, FEATURES, MEALS } from '#shared/schemas/merchant';
import { localNow } from '#shared/rules/local-now';
import { upcomingBlackouts } from '#shared/rules/merchant-benefits';
import { merchantTimeZone } from '#shared/rules/rewards/local-time';

const asHighlight = (h: string | null): MerchantSummary['details']['highlight'] =>
  (HIGHLIGHTS as readonly string[]).includes(h ?? '') ? (h as MerchantSummary['details']['highlight']) : null;

/** The columns a search tile needs (the search index reads only these). */
export const SUMMARY_COLUMNS = [
  'id', 'name', 'imageBaseUrl', 'imagePath', 'ratingOverall', 'ratingCount', 'priceRange', 'cuisines', 'highlight', 'address1',
  'city', 'state', 'zipCode', 'neighborhood', 'latitude', 'longitude', 'acclaimedLevel', 'campaignCodes', 'benefitsAvailable',
  'reservationProviders', 'origin', 'isNew', 'earnMultiplier',
  // When a dine here earns (the earning policy decides the tile's earn line with them).
  'participating', 'participationStart', 'participationEnd', 'benefitHours', 'blackoutDates', 'monthlyVisitLimit',
] as const satisfies ReadonlyArray<keyof MerchantRow>;
export type SummaryRow = Pick<MerchantRow, (typeof SUMMARY_COLUMNS)[number]>;

/** Blackout dates the answers name at most (the page words the next few). */
const BLACKOUTS_SENT = 10;

/**
 * When dines here earn, as the calls give it: the qualification data in the restaurant's time
 * zone, the blackout dates from yesterday on (a search index built yesterday still covers today).
 */
export function benefitsOf(row: Pick<MerchantRow, 'state' | 'participating' | 'benefitsAvailable' | 'participationStart' | 'participationEnd' | 'benefitHours' | 'blackoutDates' | 'monthlyVisitLimit'>, now = new Date()): MerchantBenefits {
  const timeZone = merchantTimeZone(row.state);
  return {
    timeZone,
    // A restaurant that has used up its rewards capacity earns nothing: it is not taking part now.
    participating: row.participating && row.benefitsAvailable,
    participationStart: row.participationStart,
    participationEnd: row.participationEnd,
    benefitHours: row.benefitHours,
    blackoutDates: upcomingBlackouts(row.blackoutDates, localNow(new Date(now.getTime() - 86_400_000), timeZone).date, BLACKOUTS_SENT),
    monthlyVisitLimit: row.monthlyVisitLimit,
  };
}

/** The tile's bonus tag of an earn multiplier ('2X'), and its §3 offer type of a monthly visit limit. */
const bonusTag = (multiplier: number) => (multiplier > 1 ? `${multiplier}X` : null);
const offerTag = (monthlyVisitLimit: number | null) => (monthlyVisitLimit !== null && monthlyVisitLimit > 0 ? 'Limited' : null);

export function toSummary(row: SummaryRow, distance: number | null = null, now = new Date()): MerchantSummary {
  return {
    id: row.id,
    name: row.name,
    images: { imageBaseUrl: row.imageBaseUrl, imagePath: row.imagePath },
    details: {
      rating: { overallRating: row.ratingOverall, numberOfRatings: row.ratingCount },
      priceRange: row.priceRange,
      cuisines: row.cuisines,
      highlight: asHighlight(row.highlight),
    },
    location: {
      address: { address1: row.address1, city: row.city, state: row.state, zipCode: row.zipCode },
      neighborhood: row.neighborhood,
      latitude: row.latitude,
      longitude: row.longitude,
    },
    distance,
    acclaimedLevel: row.acclaimedLevel,
    benefitAvailability: { campaignCodes: row.campaignCodes, available: row.benefitsAvailable },
    reservationProviders: row.reservationProviders,
    origin: row.origin,
    isNew: row.isNew,
    bonusText: bonusTag(row.earnMultiplier),
    offerTag: offerTag(row.monthlyVisitLimit),
    earnMultiplier: row.earnMultiplier,
    benefits: benefitsOf(row, now),
  };
}

/** The detail; `now` dates the upcoming blackout dates in the restaurant's time zone. */
export function toDetail(row: MerchantRow, now = new Date()): MerchantDetail {
  return {
    ...toSummary(row, null, now),
    description: row.description,
    phone: row.phone,
    website: row.website,
    features: row.features.filter((f): f is (typeof FEATURES)[number] => (FEATURES as readonly string[]).includes(f)),
    mealsServed: row.mealsServed.filter((m): m is (typeof MEALS)[number] => (MEALS as readonly string[]).includes(m)),
    hours: row.hours,
    menuImages: row.menuImages,
    events: row.events,
    reviewsSummary: row.reviewsSummary,
    orderOnline: row.orderOnline && (row.orderOnline.delivery || row.orderOnline.takeout) ? row.orderOnline : null,
  };
}
