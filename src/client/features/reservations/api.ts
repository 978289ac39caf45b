import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Reservation, ReservationList, ReservationRequest } from '#shared/schemas/reservations';
import { API_PATHS } from '#shared/api-paths';
import { ApiError, call } from '#client/lib/api';
import { newIdempotencyKey } from '#client/lib/idempotency-key';
import type { ReservationSearch } from './rules';

/**
 * Table reservation calls (docs/api-reservations.md). The member's list sits under 'member' so
 * signing out drops it with the rest of the member's data.
 */
export const RESERVATIONS_QUERY_KEY = ['member', 'reservations'] as const;

/** `who`: the signed-in member (public id and tier), or null: the earn marks are theirs, so signing in or out, or a new tier, asks again. */
export const availabilityKey = (merchantId: number, s: ReservationSearch, who: string | null) => ['availability', merchantId, s.date, s.time, s.partySize, who] as const;

/**
 * A restaurant's times on a day with what each earns, and the open slots around a time (anyone may
 * ask; a member gets their own marks); `enabled` false for a party the widget sends to the phone.
 */
export function useAvailability(merchantId: number, search: ReservationSearch, opts: { enabled: boolean; who: string | null }) {
  return useQuery({
    queryKey: availabilityKey(merchantId, search, opts.who),
    queryFn: ({ signal }) => call(API_PATHS.availability, {
      params: { merchantId },
      query: { date: search.date, ...(search.time ? { time: search.time } : {}), partySize: search.partySize }, signal,
    }),
    enabled: opts.enabled,
    // The last answer stays while the next is asked (the time menu keeps its choices and focus).
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

/** A booking attempt: its body and its Idempotency-Key (new per attempt, the same on a retry of it). */
export type BookingAttempt = { key: string; body: ReservationRequest };

export function newAttempt(body: ReservationRequest): BookingAttempt {
  return { key: newIdempotencyKey(), body };
}

/** Holds (or books) the attempt's slot; the same attempt sent twice books once (the server answers the first result). */
export function takeReservation(attempt: BookingAttempt): Promise<Reservation> {
  return call(API_PATHS.reserve, { body: attempt.body, headers: { 'idempotency-key': attempt.key } });
}

/** Books a held table; a special request written while it was held goes with it. */
export function confirmReservation(id: number, specialRequest?: string): Promise<Reservation> {
  return call(API_PATHS.confirmReservation, { params: { id }, ...(specialRequest !== undefined ? { body: { specialRequest } } : {}) });
}

export function cancelReservation(id: number): Promise<Reservation> {
  return call(API_PATHS.cancelReservation, { params: { id } });
}

export function useReservations(enabled: boolean) {
  return useQuery({
    queryKey: RESERVATIONS_QUERY_KEY,
    queryFn: ({ signal }) => call(API_PATHS.reservations, { signal }),
    enabled,
  });
}

/** Cancels a reservation; the member's list and the restaurant's availability are asked again. */
export function useCancelReservation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => cancelReservation(id),
    onSuccess: (r) => {
      client.setQueryData<ReservationList>(RESERVATIONS_QUERY_KEY, (list) => list && { reservations: list.reservations.map((x) => (x.id === r.id ? r : x)) });
      void client.invalidateQueries({ queryKey: RESERVATIONS_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['availability', r.merchant.id] });
    },
  });
}

/** Status (0 when the server was not reached) and the server's `code` of a failed call. */
export function errorParts(error: unknown): { status: number; code: string | undefined; message: string } {
  if (error instanceof ApiError) {
    const body = error.body as { code?: unknown } | undefined;
    return { status: error.status, code: typeof body?.code === 'string' ? body.code : undefined, message: error.message };
  }
  return { status: 0, code: undefined, message: '' };
}
