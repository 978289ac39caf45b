import type { MerchantRow } from '../../db/schema';
import { HIGHLIGHTS, type MerchantDetail, type MerchantSummary, FEATURES, MEALS } from '#shared/schemas/merchant';
import { localNow, upcomingBlackouts } from '#shared/rules/merchant-benefits';
import { merchantTimeZone } from '../rewards/card-events';

const asHighlight = (h: string | null): MerchantSummary['details']['highlight'] =>
  (HIGHLIGHTS as readonly string[]).includes(h ?? '') ? (h as MerchantSummary['details']['highlight']) : null;

/** The columns a search tile needs (the search index reads only these). */
export const SUMMARY_COLUMNS = [
  'id', 'name', 'imageBaseUrl', 'imagePath', 'ratingOverall', 'ratingCount', 'priceRange', 'cuisines', 'highlight', 'address1',
  'city', 'state', 'zipCode', 'neighborhood', 'latitude', 'longitude', 'acclaimedLevel', 'campaignCodes', 'benefitsAvailable',
  'reservationProviders', 'origin', 'isNew', 'bonusText', 'offerTag',
] as const satisfies ReadonlyArray<keyof MerchantRow>;
export type SummaryRow = Pick<MerchantRow, (typeof SUMMARY_COLUMNS)[number]>;

export function toSummary(row: SummaryRow, distance: number | null = null): MerchantSummary {
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
    bonusText: row.bonusText,
    offerTag: row.offerTag,
  };
}

/** Blackout dates the detail names at most (the page words the next few). */
const BLACKOUTS_SENT = 10;

/** The detail; `now` dates the upcoming blackout dates in the restaurant's time zone. */
export function toDetail(row: MerchantRow, now = new Date()): MerchantDetail {
  const timeZone = merchantTimeZone(row.state);
  return {
    ...toSummary(row),
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
    benefits: {
      timeZone,
      participating: row.participating,
      participationStart: row.participationStart,
      participationEnd: row.participationEnd,
      benefitHours: row.benefitHours,
      blackoutDates: upcomingBlackouts(row.blackoutDates, localNow(now, timeZone).date, BLACKOUTS_SENT),
      monthlyVisitLimit: row.monthlyVisitLimit,
    },
  };
}
