import { z } from 'zod';
import { IMPRESSION_BATCH_MAX, IMPRESSION_TEXT_MAX } from '../constants/impressions';

export const IMPRESSION_EVENT_TYPES = [
  'pageView', 'search', 'carousel', 'locationPredictionRequest', 'merchantView', 'cardFrameLoadFailed',
  'reservationDefaultSearch', 'reservationUserSearch', 'reservationNoAvailability',
  'reservationCardBookingFailure', 'reservationCardBookingSuccess', 'reservationCardLoginPrompt',
  'reservationCardSlotSelected', 'reservationCardUserSubmit',
  'reservationNonCardBookingFailure', 'reservationNonCardBookingSuccess', 'reservationNonCardLoginPrompt',
  'reservationNonCardSlotSelected', 'reservationNonCardUserSubmit', 'reservationFailedDependency',
] as const;

export const ZImpression = z.object({
  eventType: z.enum(IMPRESSION_EVENT_TYPES, { message: 'Unknown event type.' }),
  channel: z.literal('web', { message: 'Channel must be web.' }),
  dateTime: z.iso.datetime({ offset: true, message: 'dateTime must be an ISO 8601 date and time.' }),
  userAgent: z.string().max(IMPRESSION_TEXT_MAX, `userAgent must be ${IMPRESSION_TEXT_MAX} characters or fewer.`),
  path: z.string().max(IMPRESSION_TEXT_MAX, `path must be ${IMPRESSION_TEXT_MAX} characters or fewer.`).optional(),
  merchantId: z.number().int().positive().max(2147483647, 'merchantId is too large.').optional(),
});
export type Impression = z.infer<typeof ZImpression>;
export const ZImpressionsRequest = z.array(ZImpression).min(1, 'Send at least one impression.').max(IMPRESSION_BATCH_MAX, `Send at most ${IMPRESSION_BATCH_MAX} impressions at a time.`);
export const ZImpressionsResponse = z.object({ accepted: z.number() });
