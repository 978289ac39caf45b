import { z } from 'zod';
import { zQueryBool, zQueryList } from './common';

import { CURRENT_LOCATION, DAYS, DEFAULT_RADIUS_MILES, FEATURES, HIGHLIGHTS, MAX_PAGE_SIZE, MEALS, SORTS } from '../constants/merchant';

export * from '../constants/merchant';

export const ZMerchantHours = z.array(z.object({
  day: z.enum(DAYS),
  /** 'HH:MM' 24-hour local time; both null means closed that day. */
  open: z.string().nullable(),
  close: z.string().nullable(),
}));
export type MerchantHours = z.infer<typeof ZMerchantHours>;
export const ZMerchantMenuImage = z.object({ path: z.string(), alt: z.string() });
export type MerchantMenuImage = z.infer<typeof ZMerchantMenuImage>;
export const ZMerchantEvent = z.object({ title: z.string(), date: z.string(), description: z.string() });
export type MerchantEvent = z.infer<typeof ZMerchantEvent>;
export const ZMerchantReviewsSummary = z.object({
  highlights: z.array(z.string()),
  recommendPercent: z.number(),
  reviews: z.array(z.object({ author: z.string(), rating: z.number(), text: z.string(), date: z.string() })),
});
export type MerchantReviewsSummary = z.infer<typeof ZMerchantReviewsSummary>;
/**
 * Where the restaurant takes orders online (the §2 order-online dialog): the ordering page of each
 * way it hands an order over; null where it does not offer that way online.
 */
export const ZMerchantOrderOnline = z.object({
  delivery: z.string().nullable().describe('Ordering page for delivery, or null.'),
  takeout: z.string().nullable().describe('Ordering page for takeout (pickup), or null.'),
});
export type MerchantOrderOnline = z.infer<typeof ZMerchantOrderOnline>;
export const ZReservationProviders = z.object({ openTable: z.object({ rid: z.string() }).optional() });
export type ReservationProviders = z.infer<typeof ZReservationProviders>;

const zLatitude = z.coerce.number({ message: 'Latitude must be a number.' }).min(-90, 'Latitude must be between -90 and 90.').max(90, 'Latitude must be between -90 and 90.');
const zLongitude = z.coerce.number({ message: 'Longitude must be a number.' }).min(-180, 'Longitude must be between -180 and 180.').max(180, 'Longitude must be between -180 and 180.');

/** GET /api/v2/Merchants/Search query (§3 merchant search request). */
export const ZMerchantSearchRequest = z.object({
  location: z.string().trim().max(100, 'Location must be 100 characters or fewer.').optional()
    .describe(`City, state or ZIP code to search around (geocoded offline). Required unless latitude and longitude are given: a search needs a location or coordinates ('${CURRENT_LOCATION}' counts as no location).`),
  latitude: zLatitude.optional().describe('Search centre, degrees (-90 to 90). Give latitude and longitude together; they take the place of location.'),
  longitude: zLongitude.optional().describe('Search centre, degrees (-180 to 180). Give latitude and longitude together; they take the place of location.'),
  radius: z.coerce.number({ message: 'Radius must be a number of miles.' }).min(0.1, 'Radius must be at least 0.1 miles.').max(100, 'Radius must be 100 miles or less.').optional()
    .describe(`Miles around the centre, 0.1 to 100; ${DEFAULT_RADIUS_MILES} when left out.`),
  restaurantOrCuisine: z.string().trim().max(100, 'Restaurant or cuisine must be 100 characters or fewer.').optional(),
  acclaimed: zQueryBool.optional(),
  benefitsFor: zQueryBool.optional(),
  features: zQueryList(z.enum(FEATURES, { message: `Features must be among: ${FEATURES.join(', ')}.` })).optional(),
  isNew: zQueryBool.optional(),
  mealsServed: zQueryList(z.enum(MEALS, { message: `Meals must be among: ${MEALS.join(', ')}.` })).optional(),
  priceRange: zQueryList(z.coerce.number().int().min(1, 'Price range is 1 to 4.').max(4, 'Price range is 1 to 4.')).optional(),
  reservations: zQueryBool.optional(),
  sortBy: z.enum(SORTS, { message: `Sort by one of: ${SORTS.join(', ')}.` }).optional(),
  pageNo: z.coerce.number({ message: 'Page number must be a number.' }).int('Page number must be a whole number.').min(1, 'Page number starts at 1.').max(10000, 'Page number is too large.').optional(),
  pageSize: z.coerce.number({ message: 'Page size must be a number.' }).int('Page size must be a whole number.').min(1, 'Page size is at least 1.').max(MAX_PAGE_SIZE, `Page size is at most ${MAX_PAGE_SIZE}.`).optional(),
  campaignCode: z.string().trim().max(40, 'Campaign code must be 40 characters or fewer.').regex(/^[A-Za-z0-9_-]*$/, 'Campaign code may contain letters, digits, - and _ only.').optional(),
}).superRefine((q, ctx) => {
  const hasLat = q.latitude !== undefined;
  const hasLng = q.longitude !== undefined;
  const usableText = q.location && q.location !== CURRENT_LOCATION;
  if (hasLat !== hasLng) {
    ctx.addIssue({ code: 'custom', path: [hasLat ? 'longitude' : 'latitude'], message: 'Give both latitude and longitude.' });
  } else if (!usableText && !hasLat) {
    ctx.addIssue({ code: 'custom', path: ['location'], message: 'Enter city, state or ZIP code.' });
  }
});
export type MerchantSearchRequest = z.input<typeof ZMerchantSearchRequest>;
export type MerchantSearchQuery = z.output<typeof ZMerchantSearchRequest>;

/**
 * When dines here earn (the engine's qualification data, docs/rewards-engine.md §4), for the page
 * to word with rules/merchant-benefits in the restaurant's time zone.
 */
export const ZMerchantBenefits = z.object({
  timeZone: z.string().describe("The restaurant's IANA time zone: days, hours and dates below are its local ones."),
  participating: z.boolean(),
  participationStart: z.string().nullable().describe('First local day of participation (YYYY-MM-DD), when known.'),
  participationEnd: z.string().nullable().describe('Last local day of participation (YYYY-MM-DD), when known.'),
  benefitHours: z.array(z.array(z.object({ start: z.number(), end: z.number() }))).nullable()
    .describe('Reward windows per weekday (0 Sunday … 6 Saturday), [start, end) minutes after local midnight; null: all day every day.'),
  blackoutDates: z.array(z.string()).describe('Upcoming local dates without rewards (YYYY-MM-DD), today included, soonest first.'),
  monthlyVisitLimit: z.number().nullable().describe('Rewarded visits per member per calendar month; null: no limit.'),
});
export type MerchantBenefits = z.infer<typeof ZMerchantBenefits>;

export const ZMerchantSummary = z.object({
  id: z.number(),
  name: z.string(),
  images: z.object({ imageBaseUrl: z.string(), imagePath: z.string() }),
  details: z.object({
    rating: z.object({ overallRating: z.number(), numberOfRatings: z.number() }),
    priceRange: z.number(),
    cuisines: z.array(z.string()),
    highlight: z.enum(HIGHLIGHTS).nullable(),
  }),
  location: z.object({
    address: z.object({ address1: z.string(), city: z.string(), state: z.string(), zipCode: z.string() }),
    neighborhood: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  }),
  /** Miles from the search centre, one decimal. */
  distance: z.number().nullable(),
  acclaimedLevel: z.number().nullable(),
  benefitAvailability: z.object({ campaignCodes: z.array(z.string()), available: z.boolean() }),
  reservationProviders: ZReservationProviders,
  origin: z.string(),
  isNew: z.boolean(),
  /** The limited-time earn multiplier as a tag ('2X'), made from earnMultiplier; null for none. */
  bonusText: z.string().nullable(),
  /** §3 offer type: 'Limited' where rewarded visits per month are limited; null otherwise. */
  offerTag: z.string().nullable(),
  earnMultiplier: z.number().describe('Dines here earn the tier\'s rate times this (a limited-time offer); 1 for none.'),
  benefits: ZMerchantBenefits,
});
export type MerchantSummary = z.infer<typeof ZMerchantSummary>;

export const ZMerchantSearchResponse = z.object({
  merchants: z.array(ZMerchantSummary),
  totalCount: z.number(),
  pageNo: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
  /** The centre searched, after geocoding; label is what the user typed, normalised. */
  location: z.object({ latitude: z.number(), longitude: z.number(), label: z.string(), radius: z.number() }),
});
export type MerchantSearchResponse = z.infer<typeof ZMerchantSearchResponse>;

export const ZMerchantIdParams = z.object({
  merchantId: z.coerce.number({ message: 'Merchant id must be a number.' }).int('Merchant id must be a whole number.').positive('Merchant id must be positive.').max(2147483647, 'Merchant id is too large.'),
});


export const ZMerchantDetail = ZMerchantSummary.extend({
  description: z.string(),
  phone: z.string(),
  website: z.string().nullable(),
  features: z.array(z.enum(FEATURES)),
  mealsServed: z.array(z.enum(MEALS)),
  hours: ZMerchantHours,
  menuImages: z.array(ZMerchantMenuImage),
  events: z.array(ZMerchantEvent),
  reviewsSummary: ZMerchantReviewsSummary.nullable(),
  /** Null: the restaurant takes no orders online. */
  orderOnline: ZMerchantOrderOnline.nullable(),
});
export type MerchantDetail = z.infer<typeof ZMerchantDetail>;


/** GET /api/Member/merchants/{merchantId}/visits: the member's rewarded visits here this month. */
export const ZMerchantVisits = z.object({
  merchantId: z.number(),
  month: z.string().describe("The restaurant's current local month (YYYY-MM)."),
  used: z.number().describe('Qualified (rewarded) visits of the member here this month, as the monthly visit limit counts them.'),
  limit: z.number().nullable().describe('Rewarded visits per member per month; null: no limit.'),
});
export type MerchantVisits = z.infer<typeof ZMerchantVisits>;
