import {
  availability, blockStarts, dayNumber, minutesOf, turnMinutes, weekdayOf, type EngineSettings, type TableSpec,
} from '#shared/rules/reservations';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import type { ReservationSettingsRow } from '../../db/schema';
import { deleteBlocks, engineState, insertBlocks } from './reservations.repo';
import {
  ProviderError, type ConfirmRequest, type ProviderAvailability, type ProviderRef, type ProviderRestaurant, type ReservationProvider, type SlotQuery,
  type TakeRequest, type Taken,
} from './provider';

const DAY = 86_400_000;

export function engineSettings(row: ReservationSettingsRow): EngineSettings {
  return {
    minPartySize: row.minParty, maxPartySize: row.maxParty, maxDaysInAdvance: row.bookingWindowDays, cutoffMinutes: row.cutoffMinutes,
    pacingParties: row.pacingParties, pacingCovers: row.pacingCovers, turnTimes: row.turnTimes, closedDates: row.closedDates,
  };
}

/**
 * Our own engine (the default provider): tables with sizes, shifts by weekday, turn times by
 * party size, pacing per 15 minutes, party-size limits, a booking window with a cut-off, and holds.
 * Availability is computed from the database in one statement (reservations.repo.ts engineState)
 * and the pure rules (src/shared/rules/reservations.ts). Taking a slot runs inside the service's
 * transaction with the restaurant locked, and each 15-minute period of the chosen table is a row
 * whose primary key no second reservation can share.
 */
export class NativeProvider implements ReservationProvider {
  readonly kind = 'native' as const;
  readonly transactional = true;
  private readonly settings: EngineSettings;
  private readonly tables: TableSpec[];

  constructor(private readonly row: ReservationSettingsRow) {
    this.settings = engineSettings(row);
    this.tables = row.tables.map((t) => ({ id: t.no, minCovers: t.minCovers, maxCovers: t.maxCovers }));
  }

  private async compute(db: Db, restaurant: ProviderRestaurant, query: SlotQuery) {
    const day = dayNumber(query.date);
    if (day === null || minutesOf(query.time) === null) throw new ProviderError('none', 'Bad date or time.');
    // The local day with margin for any offset and for turns that run past midnight.
    const state = await engineState(db, { merchantId: restaurant.merchantId, fromMs: (day - 1) * DAY, toMs: (day + 2) * DAY });
    const weekday = weekdayOf(query.date);
    return availability({
      settings: this.settings, ...state, shifts: this.row.shifts.filter((s) => s.weekday === weekday), tables: this.tables, date: query.date, time: query.time, partySize: query.partySize,
      today: restaurant.clock.today(query.now), now: query.now, toInstant: restaurant.clock.toInstant,
    });
  }

  async availability(db: Db, restaurant: ProviderRestaurant, query: SlotQuery): Promise<ProviderAvailability> {
    const result = await this.compute(db, restaurant, query);
    return {
      slots: result.slots.map((s) => ({ time: s.time, startsAt: s.startsAt })),
      ...(result.reason ? { reason: result.reason } : {}),
      limits: {
        minPartySize: this.settings.minPartySize, maxPartySize: this.settings.maxPartySize,
        maxDaysInAdvance: this.settings.maxDaysInAdvance, cutoffMinutes: this.settings.cutoffMinutes,
      },
    };
  }

  async take(db: Db, restaurant: ProviderRestaurant, request: TakeRequest): Promise<Taken> {
    const result = await this.compute(db, restaurant, request);
    if (result.reason && result.reason !== 'none') throw new ProviderError(result.reason);
    const slot = result.slots.find((s) => s.time === request.time);
    if (!slot) throw new ProviderError('unavailable');
    const turn = turnMinutes(this.settings.turnTimes, request.partySize);
    try {
      await insertBlocks(db, blockStarts(slot.startsAt, turn).map((at) => ({ merchantId: restaurant.merchantId, tableNo: slot.tableId, blockStart: new Date(at), reservationId: request.reservationId, memberId: request.memberId })));
    } catch (err) {
      // The primary key of the table periods: another reservation has one of them.
      if (isUniqueViolation(err)) throw new ProviderError('unavailable');
      throw err;
    }
    return {
      providerRef: '', startsAt: slot.startsAt, endsAt: slot.startsAt + turn * 60_000, tableNo: slot.tableId,
      holdExpiresAt: request.holdMinutes === null ? null : request.now + request.holdMinutes * 60_000,
    };
  }

  async confirm(_db: Db, _restaurant: ProviderRestaurant, ref: ProviderRef, _request: ConfirmRequest): Promise<{ providerRef: string }> {
    // The table periods are already ours (the guest and the request are on our row); the service checks the hold has not expired (under the lock).
    return { providerRef: ref.providerRef ?? '' };
  }

  async cancel(db: Db, _restaurant: ProviderRestaurant, ref: ProviderRef): Promise<void> {
    await deleteBlocks(db, ref.reservationId);
  }

  get holdMinutes(): number {
    return this.row.holdMinutes;
  }
}

