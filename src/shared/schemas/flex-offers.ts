import { z } from 'zod';
import { ZMerchantIdParams } from './merchant';
import { ZPublicIdParams } from './member';

/**
 * Flex offers (issue 11 item 6, docs/api-flex-offers.md; §3 Flex offer: id, webMessageOfferAmount;
 * §7 GET /api/merchants/{merchantId}/flex-offers/members/{publicId}).
 */

/** The path: a restaurant and the signed-in member's own public id. */
export const ZFlexOfferParams = ZMerchantIdParams.extend(ZPublicIdParams.shape);

/** §3 Flex offer, with the dates it is good for. */
export const ZFlexOffer = z.object({
  id: z.number().describe('The offer id.'),
  webMessageOfferAmount: z.number().describe('The extra reward for a qualifying dine here while the offer lasts, in the programme\'s unit: miles or points (whole), dollars for cash-back and credit programmes.'),
  merchantId: z.number(),
  validFrom: z.string().describe('First day (restaurant-local, YYYY-MM-DD).'),
  validTo: z.string().describe('Last day, included (restaurant-local, YYYY-MM-DD).'),
});
export type FlexOffer = z.infer<typeof ZFlexOffer>;

/** A new offer (the offers job and the demo seed, through the service). */
export const ZNewFlexOffer = z.object({
  partnerId: z.number().int().positive(),
  merchantId: z.number().int().positive(),
  memberId: z.number().int().positive(),
  amount: z.number().int('The amount is a whole number of miles, points or cents.').positive('The amount must be more than 0.').max(100_000, 'The amount is too large.'),
  validFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD.'),
  validTo: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD.'),
  source: z.enum(['job', 'demo']),
}).refine((o) => o.validFrom <= o.validTo, { message: 'The offer must end on or after its first day.', path: ['validTo'] });
export type NewFlexOffer = z.infer<typeof ZNewFlexOffer>;
