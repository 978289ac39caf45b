import type { NoAvailabilityReason, ReservationLimits } from '#shared/rules/reservations';
import type { Db } from '../../db/client';
import type { RestaurantClock } from './clock';

/**
 * The reservation provider interface (docs/api-reservations.md, "Providers"): our own engine
 * (native-provider.ts, the default) and a real booking system reached over HTTP (an OpenTable-style
 * partner API, open-table-provider.ts) both answer it, so a restaurant moves from one to the other
 * by its reservation_settings row. The member-level rules (idempotency keys, the two-hour overlap
 * at one restaurant, listing, tenancy) stay in reservations.service.ts for every provider.
 */

/** The restaurant as providers see it. */
export type ProviderRestaurant = {
  merchantId: number;
  /** The provider's own id of the restaurant (OpenTable rid); null for ours. */
  providerRef: string | null;
  clock: RestaurantClock;
};

export type SlotQuery = { date: string; time: string; partySize: number; now: number };

export type ProviderSlot = { time: string; startsAt: number };

export type ProviderAvailability = {
  slots: ProviderSlot[];
  /** Set when slots is empty (§4 state). */
  reason?: NoAvailabilityReason;
  limits: ReservationLimits;
};

export type Guest = { firstName: string; lastName: string; email: string; phone: string };

export type TakeRequest = SlotQuery & {
  /** Our reservation row (inserted first by the service when the provider is transactional). */
  reservationId: number;
  /** Its member: the table periods name the reservation by its key (id, member_id). */
  memberId: number;
  /** Unique per booking and the same on a retry: the provider's idempotency key (OpenTable's X-Request-Id). */
  requestId: string;
  guest: Guest;
  specialRequest: string;
  /** Hold for this many minutes instead of booking (confirm later); null books at once. */
  holdMinutes: number | null;
};

/** Who is coming and what they asked for: a provider that books a hold at confirm sends them then. */
export type ConfirmRequest = { guest: Guest; specialRequest: string };

export type Taken = {
  /** The provider's confirmation number (or hold token while held). */
  providerRef: string;
  startsAt: number;
  endsAt: number;
  /** Our engine: the table's number in the floor plan. */
  tableNo: number | null;
  holdExpiresAt: number | null;
};

export type ProviderRef = { reservationId: number; providerRef: string | null; requestId: string; date: string; time: string; partySize: number };

/** Why a provider refused to take, confirm or cancel; the service maps each to one §8 message. */
export type ProviderFailure = 'unavailable' | 'overlap' | 'accountDeactivated' | 'holdExpired' | 'providerDown' | NoAvailabilityReason;

export class ProviderError extends Error {
  constructor(public readonly failure: ProviderFailure, message?: string) {
    super(message ?? failure);
  }
}

export interface ReservationProvider {
  readonly kind: 'native' | 'openTable';
  /**
   * True when taking a slot runs inside the service's database transaction (our engine: the
   * restaurant is locked, the reservation row exists, the table periods go in the same commit).
   * False for a provider over the network: it is called outside any transaction, with a request id
   * that makes a retry safe, and the row is written after it answers.
   */
  readonly transactional: boolean;
  availability(db: Db, restaurant: ProviderRestaurant, query: SlotQuery): Promise<ProviderAvailability>;
  take(db: Db, restaurant: ProviderRestaurant, request: TakeRequest): Promise<Taken>;
  /** Turns a hold into a booking (with the guest and the special request); throws holdExpired when the hold is gone. */
  confirm(db: Db, restaurant: ProviderRestaurant, ref: ProviderRef, request: ConfirmRequest): Promise<{ providerRef: string }>;
  /** Cancels a booking or releases a hold: the table is free again. Cancelling twice is not an error. */
  cancel(db: Db, restaurant: ProviderRestaurant, ref: ProviderRef): Promise<void>;
}
