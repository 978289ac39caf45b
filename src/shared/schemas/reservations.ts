import { z } from 'zod';
import { NOT_EARNED_REASONS, type NotEarnedReason } from '../constants/rewards';
import {
  MAX_PARTY_SIZE, MAX_SPECIAL_REQUEST, NO_AVAILABILITY_REASONS, RESERVATION_STATUSES, dayNumber, minutesOf,
} from '../rules/reservations';
import { noControlButLines } from '../rules/text';
import { zIdempotencyHeaders } from './common';

/**
 * Table reservations (§4 reservation flow, §5 date range, §8 errors, §9 constants;
 * docs/api-reservations.md). Dates and times are the restaurant's local date and time.
 */

const zDate = z.string({ message: 'Date is required (YYYY-MM-DD).' })
  .refine((v) => dayNumber(v) !== null, 'Date must be a real date written YYYY-MM-DD.');
const zTime = z.string({ message: 'Time is required (HH:mm).' })
  .refine((v) => minutesOf(v) !== null, 'Time must be a 24-hour time written HH:mm, e.g. 19:00.');
const zPartySize = z.coerce.number({ message: 'Party size must be a number.' })
  .int('Party size must be a whole number.')
  .min(1, 'Party size must be at least 1.')
  .max(MAX_PARTY_SIZE, `Party size must be ${MAX_PARTY_SIZE} or fewer; for larger parties please call the restaurant.`);

/** GET /api/merchants/{merchantId}/availability */
export const ZAvailabilityQuery = z.object({
  date: zDate.describe("The restaurant's local date, from its today to its booking window's last day (`window`)."),
  time: zTime.optional().describe('The time wanted, local; slots up to two hours either side are listed. Left out, or a time the restaurant does not seat that day: 19:00 where it seats then (§9), else its first time that day.'),
  partySize: zPartySize.describe(`Guests, 1 to ${MAX_PARTY_SIZE} (§9 default 2).`),
});
export type AvailabilityQuery = z.output<typeof ZAvailabilityQuery>;

/**
 * What a dine at a time would earn (issue 24), decided by the earning policy
 * (rules/rewards/policy.ts bookingOutlook) for the signed-in member, or for a visitor the
 * restaurant's outcome only (kind signIn when it rewards then).
 */
export const ZEarnMark = z.object({
  kind: z.enum(['earns', 'notEarned', 'signIn']),
  tier: z.number().nullable().describe('kind earns: the tier the dine earns at.'),
  rate: z.number().nullable().describe("kind earns: the tier's rate (per $1 on Mile and Point partners, % on Dollar and Credit)."),
  deferred: z.boolean().describe('kind earns: paid only once the member activates.'),
  reason: z.enum(Object.keys(NOT_EARNED_REASONS) as [NotEarnedReason, ...NotEarnedReason[]]).nullable().describe('kind notEarned: why not.'),
  unlockTier: z.number().nullable().describe('reason tierLacksAccess: the tier that opens the restaurant.'),
  bonus: z.number().nullable().describe("The reservation bonus a dine then adds by honouring the booking (partner's unit; cents on Dollar and Credit partners); null: none."),
  reservationBonus: z.number().nullable().describe("The partner's reservation bonus, earned or not at this time; null where it pays none."),
  window: z.object({ from: z.string(), until: z.string().nullable() }).nullable()
    .describe("kind earns or signIn: the restaurant's reward window holding this time, HH:mm local (until null: to the end of the day). A dine earns when the card is paid before `until`."),
  payBy: z.string().nullable().describe('HH:mm: window.until where it falls within two hours of this time (PAY_BY_NOTICE_MINUTES), so the mark names the time to pay by.'),
  noRewardsOn: z.number().nullable().describe('reason outsideBenefitHours on a weekday without any reward hours: that weekday (0 Sunday … 6 Saturday).'),
});
export type EarnMark = z.infer<typeof ZEarnMark>;

export const ZAvailabilitySlot = z.object({
  time: z.string().describe('HH:mm, local.'),
  dateTime: z.string().describe('The same slot as an ISO 8601 date-time with the restaurant\'s offset.'),
  earn: ZEarnMark,
});
export type AvailabilitySlot = z.infer<typeof ZAvailabilitySlot>;

export const ZTimeChoice = z.object({ time: z.string().describe('HH:mm, local.'), earn: ZEarnMark });
export type TimeChoice = z.infer<typeof ZTimeChoice>;

export const ZReservationLimits = z.object({
  minPartySize: z.number(),
  maxPartySize: z.number().describe('Largest party booked online; larger parties call the restaurant.'),
  maxDaysInAdvance: z.number(),
  cutoffMinutes: z.number().describe('No booking closer than this to the slot.'),
});

export const ZAvailabilityResponse = z.object({
  merchantId: z.number(),
  date: z.string(),
  time: z.string().describe('The time the slots are around: the one asked for when the restaurant seats then, else the default (see the query).'),
  partySize: z.number(),
  window: z.object({ first: z.string(), last: z.string() })
    .describe("The dates the restaurant takes bookings for: its today (its own time zone) to its booking window's last day, YYYY-MM-DD."),
  times: z.array(ZTimeChoice).describe('The times to choose from that day: every half hour of its shifts, each with what a dine then earns; empty when it seats nobody that day.'),
  slots: z.array(ZAvailabilitySlot),
  reason: z.enum(NO_AVAILABILITY_REASONS).optional()
    .describe('Only when there are no slots (§4): none (no times, or a closed day), tooSmall, tooBig, tooFar (beyond maxDaysInAdvance), tooClose (inside the cut-off, or past).'),
  limits: ZReservationLimits,
  phone: z.string().describe("The restaurant's phone, for parties too big to book online."),
});
export type AvailabilityResponse = z.infer<typeof ZAvailabilityResponse>;

/** POST /api/Member/Reservations */
const zSpecialRequest = z.string().trim().max(MAX_SPECIAL_REQUEST, `Special requests must be ${MAX_SPECIAL_REQUEST} characters or fewer.`)
  .refine(noControlButLines, 'Please remove special characters from the special request.');

export const ZReservationRequest = z.object({
  merchantId: z.number({ message: 'Merchant id is required.' }).int('Merchant id must be a whole number.').positive('Merchant id must be positive.').max(2147483647, 'Merchant id is too large.'),
  date: zDate,
  time: zTime,
  partySize: zPartySize,
  specialRequest: zSpecialRequest.default(''),
  hold: z.boolean().default(false).describe('true: hold the table for a few minutes (status held, holdExpiresAt) until POST …/{id}/Confirm; false: book at once.'),
});
export type ReservationRequest = z.input<typeof ZReservationRequest>;

/** POST /api/Member/Reservations/{id}/Confirm (a body is optional) */
export const ZConfirmReservationRequest = z.object({
  specialRequest: zSpecialRequest.optional()
    .describe('Given at confirm (the member writes it while the table is held): replaces the one given with the hold; left out, that one stays.'),
});

/** POST /api/Member/Reservations: its Idempotency-Key. */
export const ZReservationIdempotencyHeaders = zIdempotencyHeaders('booking',
  'A new random value per booking attempt (e.g. a UUID), the same on a retry: the same key and body answer the same reservation; the same key with another body is 422.');

export const ZReservationIdParams = z.object({
  id: z.coerce.number({ message: 'Reservation id must be a number.' }).int('Reservation id must be a whole number.').positive('Reservation id must be positive.').max(Number.MAX_SAFE_INTEGER, 'Reservation id is too large.'),
});

export const ZReservation = z.object({
  id: z.number(),
  confirmationNumber: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  /** upcoming: held or booked and not yet started; past: started, cancelled or expired. */
  section: z.enum(['upcoming', 'past']),
  merchant: z.object({
    id: z.number(), name: z.string(), address1: z.string(), city: z.string(), state: z.string(), zipCode: z.string(), phone: z.string(),
  }),
  date: z.string().describe('Local date, YYYY-MM-DD.'),
  time: z.string().describe('Local time, HH:mm.'),
  dateTime: z.string().describe('ISO 8601 with the restaurant\'s offset (for the calendar file).'),
  endsAt: z.string().describe('When the table is expected back (ISO 8601, UTC).'),
  partySize: z.number(),
  specialRequest: z.string(),
  holdExpiresAt: z.string().nullable(),
  cancellable: z.boolean(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  earn: ZEarnMark.optional().describe('Answers of holding, booking and confirming only: what a dine at the reservation\'s time earns (issue 24).'),
});
export type Reservation = z.infer<typeof ZReservation>;

export const ZReservationList = z.object({ reservations: z.array(ZReservation) });
export type ReservationList = z.infer<typeof ZReservationList>;
