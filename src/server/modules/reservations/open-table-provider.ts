import { AVAILABILITY_SPAN_MINUTES, minutesOf, type NoAvailabilityReason } from '#shared/rules/reservations';
import type { Db } from '../../db/client';
import {
  ProviderError, type ConfirmRequest, type Guest, type ProviderAvailability, type ProviderRef, type ProviderRestaurant, type ReservationProvider, type SlotQuery,
  type TakeRequest, type Taken,
} from './provider';

/**
 * A real booking system over HTTP, shaped on OpenTable's partner API (research
 * rewards-reservations-scale.md §2.1; confirm the shapes against the partner documentation when
 * access is granted): availability per restaurant id with `noTimesReasons` and the limits,
 * slot locks for holds, bookings and cancellations, each POST carrying `X-Request-Id` so that a
 * retry books once. The wire contract is in docs/api-reservations.md ("OpenTable-style provider").
 */

export type OpenTableConfig = {
  /** e.g. https://platform.opentable.com (production) or https://platform.otqa.com (pre-production). */
  baseUrl: string;
  /** OAuth 2.0 client-credentials access token. */
  accessToken: string;
  /** Per call; the member waits for it. */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** OpenTable's no-availability reasons → the §4 states. */
const REASONS: Record<string, NoAvailabilityReason> = {
  NoTimesExist: 'none', BlockedDay: 'none', TooFarInAdvance: 'tooFar', AboveMaxPartySize: 'tooBig', BelowMinPartySize: 'tooSmall',
  EarlyCutoff: 'tooClose', SameDayCutoff: 'tooClose',
};

type AvailabilityBody = {
  times_available?: Array<{ time: string }>;
  noTimesReasons?: string[];
  minPartySize?: number;
  maxPartySize?: number;
  maxDaysInAdvance?: number;
  earlyCutoffMinutes?: number;
};

/** A remote booking takes the table for this long as far as our overlap rule knows. */
const REMOTE_TURN_MINUTES = 120;

export class OpenTableProvider implements ReservationProvider {
  readonly kind = 'openTable' as const;
  readonly transactional = false;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly config: OpenTableConfig) {
    this.fetchFn = config.fetch ?? fetch;
  }

  private async call(method: string, path: string, opts: { query?: Record<string, string>; body?: unknown; requestId?: string } = {}) {
    const url = new URL(path, this.config.baseUrl);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await this.fetchFn(url, {
        method,
        headers: {
          authorization: `Bearer ${this.config.accessToken}`,
          accept: 'application/json',
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(opts.requestId ? { 'x-request-id': opts.requestId } : {}),
        },
        ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 5000),
      });
    } catch {
      throw new ProviderError('providerDown');
    }
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? JSON.parse(text) as Record<string, unknown> : {};
    } catch {
      if (res.ok) throw new ProviderError('providerDown');
    }
    return { status: res.status, json };
  }

  private rid(restaurant: ProviderRestaurant): string {
    if (!restaurant.providerRef) throw new ProviderError('providerDown', 'The restaurant has no OpenTable id.');
    return encodeURIComponent(restaurant.providerRef);
  }

  async availability(_db: Db, restaurant: ProviderRestaurant, query: SlotQuery): Promise<ProviderAvailability> {
    const { status, json } = await this.call('GET', `/v2/availability/${this.rid(restaurant)}`, {
      query: {
        party_size: String(query.partySize), start_date_time: `${query.date}T${query.time}`,
        forward_minutes: String(AVAILABILITY_SPAN_MINUTES), backward_minutes: String(AVAILABILITY_SPAN_MINUTES),
      },
    });
    if (status !== 200) throw new ProviderError('providerDown');
    const body = json as AvailabilityBody;
    const limits = {
      minPartySize: body.minPartySize ?? 1, maxPartySize: body.maxPartySize ?? 20,
      maxDaysInAdvance: body.maxDaysInAdvance ?? 365, cutoffMinutes: body.earlyCutoffMinutes ?? 0,
    };
    const slots = (body.times_available ?? []).flatMap((t) => {
      const [date, time] = t.time.split('T');
      const hhmm = (time ?? '').slice(0, 5);
      const minutes = minutesOf(hhmm);
      if (!date || minutes === null) return [];
      return [{ time: hhmm, startsAt: restaurant.clock.toInstant(date, minutes), date }];
    }).filter((s) => s.date === query.date).map(({ time, startsAt }) => ({ time, startsAt }));
    if (slots.length > 0) return { slots, limits };
    const reason = (body.noTimesReasons ?? []).map((r) => REASONS[r]).find((r) => r !== undefined) ?? 'none';
    return { slots: [], reason, limits };
  }

  async take(_db: Db, restaurant: ProviderRestaurant, request: TakeRequest): Promise<Taken> {
    const minutes = minutesOf(request.time);
    if (minutes === null) throw new ProviderError('unavailable');
    const startsAt = restaurant.clock.toInstant(request.date, minutes);
    const dateTime = `${request.date}T${request.time}`;
    if (request.holdMinutes !== null) {
      const { status, json } = await this.call('POST', `/v2/booking/${this.rid(restaurant)}/slot_locks`, {
        requestId: `${request.requestId}:lock`, body: { date_time: dateTime, party_size: request.partySize },
      });
      if (status !== 200 && status !== 201) throw this.failure(status, json);
      const expires = Date.parse(String(json.expires_at ?? ''));
      return {
        providerRef: `lock:${String(json.reservation_token)}`, startsAt, endsAt: startsAt + REMOTE_TURN_MINUTES * 60_000, tableNo: null,
        holdExpiresAt: Number.isNaN(expires) ? request.now + request.holdMinutes * 60_000 : expires,
      };
    }
    const ref = await this.book(restaurant, { requestId: request.requestId, dateTime, partySize: request.partySize, guest: request.guest, specialRequest: request.specialRequest });
    return { providerRef: ref, startsAt, endsAt: startsAt + REMOTE_TURN_MINUTES * 60_000, tableNo: null, holdExpiresAt: null };
  }

  /** The booking itself (at once, or of a slot lock at confirm): OpenTable takes the guest and the special request here. */
  private async book(restaurant: ProviderRestaurant, opts: { requestId: string; dateTime: string; partySize: number; token?: string; guest: Guest; specialRequest: string }): Promise<string> {
    const { guest } = opts;
    const { status, json } = await this.call('POST', `/v2/booking/${this.rid(restaurant)}/reservations`, {
      requestId: opts.requestId,
      body: {
        date_time: opts.dateTime, party_size: opts.partySize,
        ...(opts.token ? { reservation_token: opts.token } : {}),
        first_name: guest.firstName, last_name: guest.lastName, email_address: guest.email, phone_number: guest.phone,
        special_request: opts.specialRequest,
      },
    });
    if (status !== 200 && status !== 201) throw this.failure(status, json);
    return String(json.confirmation_number);
  }

  private failure(status: number, json: Record<string, unknown>): ProviderError {
    const error = String(json.error ?? '');
    if (status === 403 || /deactivated/i.test(error)) return new ProviderError('accountDeactivated');
    if (status === 409 && /overlap/i.test(error)) return new ProviderError('overlap');
    if (status === 404 || status === 410) return new ProviderError('holdExpired');
    if (status === 409 || status === 400) return new ProviderError('unavailable');
    return new ProviderError('providerDown');
  }

  async confirm(_db: Db, restaurant: ProviderRestaurant, ref: ProviderRef, request: ConfirmRequest): Promise<{ providerRef: string }> {
    if (!ref.providerRef?.startsWith('lock:')) return { providerRef: ref.providerRef ?? '' };
    // The slot lock named no one: the booking of it carries the guest and the special request.
    const confirmation = await this.book(restaurant, {
      requestId: ref.requestId, dateTime: `${ref.date}T${ref.time}`, partySize: ref.partySize, token: ref.providerRef.slice(5), ...request,
    });
    return { providerRef: confirmation };
  }

  async cancel(_db: Db, restaurant: ProviderRestaurant, ref: ProviderRef): Promise<void> {
    if (!ref.providerRef) return;
    const path = ref.providerRef.startsWith('lock:')
      ? `/v2/booking/${this.rid(restaurant)}/slot_locks/${encodeURIComponent(ref.providerRef.slice(5))}`
      : `/v2/booking/${this.rid(restaurant)}/reservations/${encodeURIComponent(ref.providerRef)}`;
    const { status } = await this.call('DELETE', path, { requestId: `${ref.requestId}:cancel` });
    // Gone already (cancelled before, or a lock that expired): the table is free either way.
    if (status >= 300 && status !== 404 && status !== 410) throw new ProviderError('providerDown');
  }
}
