// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MerchantDetail } from '#shared/schemas/merchant';
import type { AvailabilityResponse, EarnMark, Reservation } from '#shared/schemas/reservations';
import { RESERVATION_MESSAGES } from '#shared/rules/reservations';
import { setCsrfToken } from '#client/lib/csrf';
import { browserLocation } from '#client/lib/browser-location';
import { renderWithProviders } from '#client/test/render';
import { makePartnerConfig } from '#client/test/partner-fixture';
import { makeMember } from '#client/test/member-fixture';
import { merchantFixture } from '#client/test/merchant-fixture';
import { readLoginRedirect } from '../../session/arrival-storage';
import { restaurantToday } from '../rules';
import { ReservationWidget } from './reservation-widget';
import { HOLD_ENDED_MESSAGE, holdDeadline } from './reservation-modal';

const tracked = vi.hoisted(() => [] as string[]);
vi.mock('#client/lib/impressions', () => ({ track: (e: { eventType: string }) => { tracked.push(e.eventType); } }));

const partner = makePartnerConfig({ openTableReservationsEnabled: true, enrollmentType: 'direct' });
const merchant: MerchantDetail = {
  ...merchantFixture({ reservationProviders: { openTable: { rid: '1234' } } }),
  description: '', phone: '(312) 555-0100', website: null, features: [], mealsServed: [], hours: [], menuImages: [], events: [], reviewsSummary: null,
  orderOnline: null,
  benefits: { timeZone: 'America/Chicago', participating: true, participationStart: null, participationEnd: null, benefitHours: null, blackoutDates: [], monthlyVisitLimit: null },
} as MerchantDetail;
const today = restaurantToday('America/Chicago');
const lastDay = new Date(Date.parse(`${today}T00:00:00Z`) + 60 * 86_400_000).toISOString().slice(0, 10);
const limits = { minPartySize: 1, maxPartySize: 6, maxDaysInAdvance: 60, cutoffMinutes: 60 };

/** What the server marks: a lunch-only rewarding restaurant (3 miles per $1 and a 50-mile reservation bonus at lunch, nothing at dinner). */
const EARNS: EarnMark = {
  kind: 'earns', tier: 2, rate: 3, deferred: false, reason: null, unlockTier: null, bonus: 50, reservationBonus: 50, window: { from: '11:30', until: '15:00' }, payBy: null, noRewardsOn: null,
};
const NOT_NOW: EarnMark = {
  kind: 'notEarned', tier: null, rate: null, deferred: false, reason: 'outsideBenefitHours', unlockTier: null, bonus: null, reservationBonus: 50, window: null, payBy: null, noRewardsOn: null,
};
const LUNCH = ['11:30', '12:00', '12:30', '13:00', '13:30', '14:00'];
const DINNER = ['17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30'];
const TIMES = [...LUNCH.map((time) => ({ time, earn: EARNS })), ...DINNER.map((time) => ({ time, earn: NOT_NOW }))];
const slot = (time: string, earn: EarnMark = NOT_NOW) => ({ time, dateTime: `${today}T${time}:00-06:00`, earn });

function availability(over: Partial<AvailabilityResponse> = {}): AvailabilityResponse {
  return {
    merchantId: 42, date: today, time: '19:00', partySize: 2, limits, phone: '(312) 555-0100', window: { first: today, last: lastDay }, times: TIMES,
    slots: [slot('18:45'), slot('19:00')],
    ...over,
  };
}

function reservation(over: Partial<Reservation> = {}): Reservation {
  return {
    id: 17, confirmationNumber: 'R3F9A0C12B7DE', status: 'held', section: 'upcoming',
    merchant: { id: 42, name: 'Blue Plate Diner', address1: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601', phone: '(312) 555-0100' },
    date: today, time: '19:00', dateTime: `${today}T19:00:00-06:00`, endsAt: `${today}T02:30:00.000Z`, partySize: 2, specialRequest: '',
    holdExpiresAt: new Date(Date.now() + 5 * 60_000).toISOString(), cancellable: true, createdAt: new Date().toISOString(), cancelledAt: null,
    ...over,
  };
}

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };
type Reply = { status: number; body: unknown } | 'network';
function stubFetch(handler: (call: Call) => Reply | Promise<Reply>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    const call = { url, method: init.method ?? 'GET', headers: (init.headers ?? {}) as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const r = await handler(call);
    if (r === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
  }));
  return calls;
}

beforeEach(() => { setCsrfToken('test-csrf'); sessionStorage.clear(); localStorage.clear(); tracked.length = 0; });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

function renderWidget(opts: { member?: ReturnType<typeof makeMember> | null; route?: string; partnerOver?: Parameters<typeof makePartnerConfig>[0]; m?: MerchantDetail } = {}) {
  return renderWithProviders(<ReservationWidget merchant={opts.m ?? merchant} />, {
    partner: opts.partnerOver ? makePartnerConfig(opts.partnerOver) : partner,
    member: opts.member === undefined ? makeMember() : opts.member,
    route: opts.route ?? '/merchants/42',
  });
}

const availabilityCalls = (calls: Call[]) => calls.filter((c) => c.url.includes('/availability'));

describe('ReservationWidget', () => {
  it('is not there without the partner switch or for a restaurant without reservations', () => {
    const calls = stubFetch(() => ({ status: 200, body: availability() }));
    renderWidget({ partnerOver: { openTableReservationsEnabled: false } });
    expect(screen.queryByRole('heading', { name: 'Reserve a table' })).toBeNull();
    cleanup();
    renderWidget({ m: { ...merchant, reservationProviders: {} } });
    expect(screen.queryByRole('heading', { name: 'Reserve a table' })).toBeNull();
    cleanup();
    renderWidget({ partnerOver: { openTableReservationsEnabled: true, enrollmentType: 'none' } });
    expect(screen.queryByRole('heading', { name: 'Reserve a table' })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('asks for the restaurant\'s today for 2 (§9) at the day\'s default time, says it is loading, then offers the shift times and lists the slots', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const calls = stubFetch(async () => { await gate; return { status: 200, body: availability() }; });
    renderWidget();
    expect((screen.getByLabelText('Party size') as HTMLSelectElement).value).toBe('2');
    const date = screen.getByLabelText('Date') as HTMLInputElement;
    expect(date.value).toBe(today);
    // Never yesterday; until the restaurant's window is known, the longest any restaurant has.
    expect(date.min).toBe(today);
    expect(screen.getByRole('status').textContent).toContain('Looking for tables');
    release();
    const list = await screen.findByRole('list', { name: /Available on/ });
    expect(within(list).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Reserve 6:45 PM, No rewards at this time', 'Reserve 7:00 PM, No rewards at this time']);
    expect(within(list).getAllByRole('button')[0]!.textContent).toBe('6:45 PM\u2715No rewards at this time');
    expect(availabilityCalls(calls)[0]!.url).toBe(`/api/merchants/42/availability?date=${today}&partySize=2`);
    // The server's choice of time (19:00, inside a shift); the window is the restaurant's.
    const time = screen.getByLabelText('Time') as HTMLSelectElement;
    expect(time.value).toBe('19:00');
    expect([...time.options].map((o) => o.value)).toEqual([...LUNCH, ...DINNER]);
    expect(time.options[0]!.textContent).toBe('11:30 AM \u2013 earns rewards');
    expect(time.options[6]!.textContent).toBe('5:00 PM \u2013 no rewards');
    expect(date.max).toBe(lastDay);
    expect(tracked).toEqual(['reservationDefaultSearch']);
  });

  it('marks each slot with what a dine then earns (not by colour alone) and names the times that earn', async () => {
    const calls = stubFetch((c) => {
      const lunch = new URL(c.url, 'http://x').searchParams.get('time') === '12:00';
      return { status: 200, body: lunch ? availability({ time: '12:00', slots: [slot('11:45', EARNS), slot('12:00', EARNS)] }) : availability() };
    });
    renderWidget();
    await screen.findByRole('list', { name: /Available on/ });
    expect(screen.getByText('On this day, meals paid between 11:30 AM and 3:00 PM earn rewards.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '12:00' } });
    const earning = await screen.findByRole('button', { name: 'Reserve 12:00 PM, Earns 3 miles per $1 + 50 bonus miles' });
    expect(earning.getAttribute('data-earns')).toBe('true');
    expect(earning.querySelector('[aria-hidden="true"]')!.textContent).toBe('\u2713');
    expect(availabilityCalls(calls).at(-1)!.url).toContain('time=12%3A00');
    expect(tracked).toEqual(['reservationDefaultSearch', 'reservationUserSearch']);
  });

  it('offers no times on a day the restaurant seats nobody', async () => {
    stubFetch(() => ({ status: 200, body: availability({ times: [], slots: [], reason: 'none' }) }));
    renderWidget();
    await waitFor(() => expect(document.querySelector('[data-reason="closed"]')?.textContent).toMatch(/^No reservations on .*\. Please choose another date\.$/));
    expect((screen.getByLabelText('Time') as HTMLSelectElement).disabled).toBe(true);
  });

  it('counts today where the restaurant is, not where the browser is', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 03:30 UTC on 21 November: still the 20th in Chicago, already the 21st in Sydney.
    vi.setSystemTime(new Date('2026-11-21T03:30:00Z'));
    try {
      stubFetch(() => ({ status: 200, body: availability() }));
      renderWidget();
      expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-11-20');
      cleanup();
      renderWidget({ m: { ...merchant, benefits: { ...merchant.benefits, timeZone: 'Australia/Sydney' } } });
      expect((screen.getByLabelText('Date') as HTMLInputElement).min).toBe('2026-11-21');
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['tooSmall', 'This restaurant takes parties of 1 or more online.'],
    ['tooBig', 'Parties of more than 6 cannot book online; please call the restaurant at (312) 555-0100.'],
    ['tooFar', 'Reservations open 60 days ahead.'],
    ['tooClose', 'Online booking closes 60 minutes before.'],
    ['none', 'No tables around this time. Try another time or date.'],
  ] as const)('shows the %s state (§4) and records no availability', async (reason, text) => {
    stubFetch(() => ({ status: 200, body: availability({ slots: [], reason }) }));
    renderWidget();
    await waitFor(() => expect(document.querySelector(`[data-reason="${reason}"]`)?.textContent).toContain(text));
    expect(screen.queryByRole('list', { name: /Available on/ })).toBeNull();
    expect(tracked).toContain('reservationNoAvailability');
  });

  it('asks again when the party changes (a user search) and sends parties past 18 to the phone without asking', async () => {
    const calls = stubFetch((c) => {
      const party = Number(new URL(c.url, 'http://x').searchParams.get('partySize'));
      return { status: 200, body: party > 6 ? availability({ partySize: party, slots: [], reason: 'tooBig' }) : availability({ partySize: party }) };
    });
    renderWidget();
    await screen.findByRole('list', { name: /Available on/ });
    fireEvent.change(screen.getByLabelText('Party size'), { target: { value: '8' } });
    await waitFor(() => expect(document.querySelector('[data-reason="tooBig"]')).not.toBeNull());
    expect(tracked).toEqual(['reservationDefaultSearch', 'reservationUserSearch', 'reservationNoAvailability']);
    const before = availabilityCalls(calls).length;
    fireEvent.change(screen.getByLabelText('Party size'), { target: { value: '19' } });
    expect(await screen.findByText('For parties of more than 18, please call the restaurant at (312) 555-0100.')).toBeTruthy();
    expect(availabilityCalls(calls)).toHaveLength(before);
  });

  it('keeps a date outside §5 out of the search and says which dates may be chosen', async () => {
    const calls = stubFetch(() => ({ status: 200, body: availability() }));
    renderWidget();
    await screen.findByRole('list', { name: /Available on/ });
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2099-01-01' } });
    expect(screen.getByText(/^Choose a date from .* up to 60 days ahead\.$/)).toBeTruthy();
    expect(screen.getByLabelText('Date').getAttribute('aria-invalid')).toBe('true');
    expect(availabilityCalls(calls).length).toBeGreaterThan(0);
    expect(availabilityCalls(calls).every((c) => !c.url.includes('2099'))).toBe(true);
  });

  it('asks a visitor to sign in (§6) and remembers the restaurant, date, time, party and slot', async () => {
    stubFetch(() => ({ status: 200, body: availability() }));
    renderWidget({ member: null });
    fireEvent.click(await screen.findByRole('button', { name: /^Reserve 7:00 PM/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to reserve' });
    expect(dialog.textContent).toContain('7:00 PM');
    expect(dialog.textContent).toContain('2 guests');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(readLoginRedirect('/nowhere')).toBe(`/merchants/42?date=${today}&time=19%3A00&party=2&slot=19%3A00`);
    expect(tracked).toContain('reservationNonCardLoginPrompt');
  });

  it('sends a visitor of a single sign-on partner to its sign-in with the same slot as returnTo', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    stubFetch(() => ({ status: 200, body: availability() }));
    renderWidget({ member: null, partnerOver: { openTableReservationsEnabled: true, enrollmentType: 'sso' } });
    fireEvent.click(await screen.findByRole('button', { name: /^Reserve 6:45 PM/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to reserve' });
    expect(within(dialog).queryByRole('button', { name: 'Join' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    const back = `/merchants/42?date=${today}&time=19%3A00&party=2&slot=18%3A45`;
    expect(assign).toHaveBeenCalledWith(`/auth/sso/start?returnTo=${encodeURIComponent(back)}`);
    assign.mockRestore();
  });

  it('holds the slot with an Idempotency-Key, books it on Reserve, and shows the confirmation with the calendar file', async () => {
    const calls = stubFetch((c) => {
      if (c.url.includes('/availability')) return { status: 200, body: availability() };
      if (c.url === '/api/Member/Reservations' && c.method === 'POST') return { status: 201, body: reservation() };
      if (c.url === '/api/Member/Reservations/17/Confirm') return { status: 200, body: reservation({ status: 'booked', holdExpiresAt: null, specialRequest: 'A window seat, please' }) };
      return { status: 200, body: { reservations: [] } };
    });
    renderWidget({ member: makeMember({ memberType: 'EnrolledCardMember' }) });
    fireEvent.click(await screen.findByRole('button', { name: /^Reserve 7:00 PM/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reserve at Blue Plate Diner' });
    await within(dialog).findByText(/holding this table for you for 5 minutes/);
    const hold = calls.find((c) => c.method === 'POST' && c.url === '/api/Member/Reservations')!;
    expect(hold.body).toEqual({ merchantId: 42, date: today, time: '19:00', partySize: 2, hold: true });
    expect(hold.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(hold.headers['x-xsrf-token']).toBe('test-csrf');
    // A special request written while the table is held goes with the booking.
    const request = within(dialog).getByRole('textbox', { name: /Special requests/ });
    expect(request.getAttribute('maxlength')).toBe('200');
    fireEvent.change(request, { target: { value: '  A window seat, please ' } });
    expect(within(dialog).getByText(/24 of 200 characters/)).toBeTruthy();
    const reserve = within(dialog).getByRole('button', { name: 'Reserve' });
    fireEvent.click(reserve);
    fireEvent.click(reserve);
    const booked = await screen.findByRole('dialog', { name: 'You\u2019re booked' });
    expect(calls.find((c) => c.url.endsWith('/Confirm'))!.body).toEqual({ specialRequest: 'A window seat, please' });
    expect(booked.textContent).toContain('R3F9A0C12B7DE');
    for (const text of ['Blue Plate Diner', '1 Main St, Chicago, IL 60601', '7:00 PM', '2 guests', 'A window seat, please']) expect(booked.textContent).toContain(text);
    expect(calls.filter((c) => c.url.endsWith('/Confirm'))).toHaveLength(1);
    expect(within(booked).getByRole('button', { name: 'Add to calendar' })).toBeTruthy();
    expect(within(booked).getByRole('link', { name: 'My reservations' }).getAttribute('href')).toBe('/account/reservations');
    expect(tracked).toEqual(expect.arrayContaining(['reservationCardSlotSelected', 'reservationCardUserSubmit', 'reservationCardBookingSuccess']));
  });

  it('warns plainly on the hold step when the chosen time earns nothing, and why', async () => {
    stubFetch((c) => {
      if (c.url.includes('/availability')) return { status: 200, body: availability() };
      if (c.method === 'POST') return { status: 201, body: reservation({ earn: NOT_NOW }) };
      return { status: 200, body: {} };
    });
    renderWidget({ member: makeMember({ memberType: 'EnrolledCardMember' }) });
    fireEvent.click(await screen.findByRole('button', { name: /^Reserve 7:00 PM/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reserve at Blue Plate Diner' });
    await within(dialog).findByText(/holding this table/);
    const warning = within(dialog).getByTestId('earn-notice');
    expect(warning.textContent).toBe('!Warning: A dine at this time earns no miles and no reservation bonus. Why: No rewards at this time.');
    expect(warning.getAttribute('data-earns')).toBe('false');
  });

  it('says what the booked time earns, with the reservation bonus, on the hold and on the confirmation', async () => {
    stubFetch((c) => {
      if (c.url.includes('/availability')) return { status: 200, body: availability({ time: '12:00', slots: [slot('12:00', EARNS)] }) };
      if (c.url.endsWith('/Confirm')) return { status: 200, body: reservation({ time: '12:00', status: 'booked', holdExpiresAt: null, earn: EARNS }) };
      if (c.method === 'POST') return { status: 201, body: reservation({ time: '12:00', earn: EARNS }) };
      return { status: 200, body: { reservations: [] } };
    });
    renderWidget({ member: makeMember({ memberType: 'EnrolledCardMember' }), route: `/merchants/42?date=${today}&time=12:00` });
    fireEvent.click(await screen.findByRole('button', { name: 'Reserve 12:00 PM, Earns 3 miles per $1 + 50 bonus miles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reserve at Blue Plate Diner' });
    await within(dialog).findByText(/holding this table/);
    const sentence = 'A dine at this time earns 3 miles per $1, plus 50 bonus miles as a reservation bonus, if you pay by 3:00 PM (rewards here end at 3:00 PM and go by the time you pay).';
    expect(within(dialog).getByTestId('earn-notice').textContent).toBe(`\u2713Rewards: ${sentence}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reserve' }));
    const booked = await screen.findByRole('dialog', { name: 'You\u2019re booked' });
    expect(within(booked).getByTestId('earn-notice').textContent).toContain(sentence);
  });

  it('tells a visitor before signing in when the chosen time earns nothing', async () => {
    stubFetch(() => ({ status: 200, body: availability() }));
    renderWidget({ member: null });
    fireEvent.click(await screen.findByRole('button', { name: /^Reserve 7:00 PM/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to reserve' });
    expect(within(dialog).getByTestId('earn-notice').textContent).toContain('earns no miles');
  });

  it('times a hold by the server\'s own length from the moment it arrived (a browser clock that is off changes nothing)', () => {
    const received = Date.parse('2026-11-23T12:00:00Z');
    expect(holdDeadline({ createdAt: '2026-11-23T11:50:00.000Z', holdExpiresAt: '2026-11-23T11:55:00.000Z' }, received)).toBe(received + 5 * 60_000);
    expect(holdDeadline({ createdAt: 'not a date', holdExpiresAt: '2026-11-23T12:03:00.000Z' }, received)).toBe(received + 3 * 60_000);
    expect(holdDeadline({ createdAt: '2026-11-23T11:50:00.000Z', holdExpiresAt: null }, received)).toBeNull();
    expect(holdDeadline({ createdAt: '2026-11-23T11:50:00.000Z', holdExpiresAt: 'garbage' }, received)).toBeNull();
  });

  it('counts the hold down, says when one minute is left, and when the hold runs out offers a new hold (a new attempt)', async () => {
    const calls = stubFetch((c) => {
      if (c.url.includes('/availability')) return { status: 200, body: availability() };
      // The server's clock 10 minutes behind this browser's: the 2-second hold still lasts 2 seconds here.
      if (c.method === 'POST' && c.url === '/api/Member/Reservations') {
        const serverNow = Date.now() - 10 * 60_000;
        return { status: 201, body: reservation({ createdAt: new Date(serverNow).toISOString(), holdExpiresAt: new Date(serverNow + 2_000).toISOString() }) };
      }
      return { status: 200, body: {} };
    });
    renderWidget({ member: makeMember({ memberType: 'EnrolledCardMember' }) });
    fireEvent.click(await screen.findByRole('button', { name: /^Reserve 7:00 PM/ }));
    const dialog = await screen.findByRole('dialog');
    const timer = await within(dialog).findByRole('timer');
    expect(timer.textContent).toMatch(/^0:0[12]$/);
    expect(within(dialog).getByText('One minute left to reserve this table.').getAttribute('aria-live')).toBe('polite');
    expect((await within(dialog).findByRole('alert', {}, { timeout: 4_000 })).textContent).toBe(HOLD_ENDED_MESSAGE);
    expect(within(dialog).queryByRole('timer')).toBeNull();
    // The ended hold is released (a browser clock ahead of the server's must not leave it live), and focus moves to Try again.
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/Member/Reservations/17')).toBe(true));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Try again'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByRole('timer');
    const holds = calls.filter((c) => c.method === 'POST' && c.url === '/api/Member/Reservations');
    expect(holds).toHaveLength(2);
    expect(holds[0]!.headers['idempotency-key']).not.toBe(holds[1]!.headers['idempotency-key']);
  });

  it('retries a hold that did not reach the server with the same key, so it books once', async () => {
    let attempts = 0;
    const calls = stubFetch((c) => {
      if (c.url.includes('/availability')) return { status: 200, body: availability() };
      if (c.method === 'POST' && c.url === '/api/Member/Reservations') return ++attempts === 1 ? 'network' : { status: 200, body: reservation() };
      return { status: 200, body: {} };
    });
    renderWidget({ member: makeMember({ memberType: 'NonCardMember' }) });
    fireEvent.click(await screen.findByRole('button', { name: /^Reserve 7:00 PM/ }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/could not reach the server/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByText(/holding this table/);
    const holds = calls.filter((c) => c.method === 'POST' && c.url === '/api/Member/Reservations');
    expect(holds).toHaveLength(2);
    expect(holds[0]!.headers['idempotency-key']).toBe(holds[1]!.headers['idempotency-key']);
    expect(tracked).toContain('reservationNonCardBookingFailure');
  });

  it('says §8 overlap and gives no retry; closing releases nothing that was not held', async () => {
    const calls = stubFetch((c) => {
      if (c.url.includes('/availability')) return { status: 200, body: availability() };
      if (c.method === 'POST') return { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'x', code: 'reservationOverlap' } };
      return { status: 200, body: {} };
    });
    renderWidget();
    fireEvent.click(await screen.findByRole('button', { name: /^Reserve 7:00 PM/ }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(RESERVATION_MESSAGES.overlap);
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose another time' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('gives the table back when the member closes the modal without booking', async () => {
    const calls = stubFetch((c) => {
      if (c.url.includes('/availability')) return { status: 200, body: availability() };
      if (c.method === 'POST') return { status: 201, body: reservation() };
      return { status: 200, body: reservation({ status: 'cancelled' }) };
    });
    renderWidget();
    fireEvent.click(await screen.findByRole('button', { name: /^Reserve 7:00 PM/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/holding this table/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/Member/Reservations/17')).toBe(true));
  });

  it('says an expired hold in §8 words when Reserve comes too late', async () => {
    stubFetch((c) => {
      if (c.url.includes('/availability')) return { status: 200, body: availability() };
      if (c.url.endsWith('/Confirm')) return { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'x', code: 'reservationHoldExpired' } };
      if (c.method === 'POST') return { status: 201, body: reservation() };
      return { status: 200, body: {} };
    });
    renderWidget();
    fireEvent.click(await screen.findByRole('button', { name: /^Reserve 7:00 PM/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/holding this table/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reserve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(RESERVATION_MESSAGES.holdExpired);
  });

  it('back from signing in: the same date, time and party are asked and the chosen slot is held', async () => {
    const calls = stubFetch((c) => {
      if (c.url.includes('/availability')) return { status: 200, body: availability({ time: '20:00', partySize: 4, slots: [slot('20:15')] }) };
      if (c.method === 'POST') return { status: 201, body: reservation({ time: '20:15', partySize: 4 }) };
      return { status: 200, body: {} };
    });
    renderWidget({ route: `/merchants/42?date=${today}&time=20:00&party=4&slot=20:15` });
    const dialog = await screen.findByRole('dialog', { name: 'Reserve at Blue Plate Diner' });
    await within(dialog).findByText(/holding this table/);
    expect(availabilityCalls(calls)[0]!.url).toContain('time=20%3A00&partySize=4');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ time: '20:15', partySize: 4, hold: true });
  });

  it('says the restaurant does not book online when the server says so', async () => {
    stubFetch(() => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'x', code: 'reservationsNotOffered' } }));
    renderWidget();
    expect(await screen.findByText(RESERVATION_MESSAGES.notOffered)).toBeTruthy();
  });
});
