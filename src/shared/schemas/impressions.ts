import { z } from 'zod';

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
  userAgent: z.string().max(512, 'userAgent must be 512 characters or fewer.'),
  path: z.string().max(512).optional(),
  merchantId: z.number().int().positive().max(2147483647, 'merchantId is too large.').optional(),
});
export type Impression = z.infer<typeof ZImpression>;
export const ZImpressionsRequest = z.array(ZImpression).min(1, 'Send at least one impression.').max(50, 'Send at most 50 impressions at a time.');
export const ZImpressionsResponse = z.object({ accepted: z.number() });
