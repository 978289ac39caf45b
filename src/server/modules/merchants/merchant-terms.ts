import { sql } from 'drizzle-orm';
import { restaurantTerms, type RestaurantTerms } from '#shared/rules/rewards/policy';

/**
 * A restaurant's earning terms as the earning policy reads them (rules/rewards/policy.ts), from its
 * row: the one reading of the columns for the engine, the claim matcher and the booking widget's
 * marks. A restaurant out of rewards capacity (benefits_available false) is not taking part.
 */
export const MERCHANT_TERMS_COLUMNS = sql.raw(
  'participating, benefits_available, participation_start, participation_end, benefit_hours, blackout_dates, monthly_visit_limit, campaign_codes, earn_multiplier',
);

export type MerchantTermsRow = {
  participating: unknown; benefits_available: unknown; participation_start: unknown; participation_end: unknown; benefit_hours: unknown;
  blackout_dates: unknown; monthly_visit_limit: unknown; campaign_codes: unknown; earn_multiplier: unknown;
};

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function termsOfRow(r: MerchantTermsRow): RestaurantTerms {
  return restaurantTerms({
    participating: Boolean(r.participating) && Boolean(r.benefits_available),
    participationStart: text(r.participation_start),
    participationEnd: text(r.participation_end),
    benefitHours: json<RestaurantTerms['benefitHours'] | null>(r.benefit_hours),
    blackoutDates: (r.blackout_dates as string[] | null) ?? [],
    monthlyVisitLimit: r.monthly_visit_limit === null || r.monthly_visit_limit === undefined ? null : Number(r.monthly_visit_limit),
  }, (r.campaign_codes as string[] | null) ?? [], r.earn_multiplier === null || r.earn_multiplier === undefined ? 1 : Number(r.earn_multiplier));
}
