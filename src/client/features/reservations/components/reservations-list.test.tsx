// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Reservation } from '#shared/schemas/reservations';
import { setCsrfToken } from '#client/lib/csrf';
import { renderWithProviders } from '#client/test/render';
import { makePartnerConfig } from '#client/test/partner-fixture';
import { makeMember } from '#client/test/member-fixture';
import { ReservationsList } from './reservations-list';

const partner = makePartnerConfig({ openTableReservationsEnabled: true, enrollmentType: 'direct' });

function reservation(over: Partial<Reservation> = {}): Reservation {
  return {
    id: 17, confirmationNumber: 'R3F9A0C12B7DE', status: 'booked', section: 'upcoming',
    merchant: { id: 42, name: 'Blue Plate Diner', address1: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601', phone: '(312) 555-0100' },
    date: '2026-11-30', time: '19:00', dateTime: '2026-11-30T19:00:00-06:00', endsAt: '2026-12-01T02:30:00.000Z', partySize: 2, specialRequest: '',
    holdExpiresAt: null, cancellable: true, createdAt: '2026-11-23T00:00:00.000Z', cancelledAt: null,
    ...over,
  };
}

type Call = { url: string; method: string };
function stubFetch(handler: (call: Call) => { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    const call = { url, method: init.method ?? 'GET' };
    calls.push(call);
    const r = handler(call);
    return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
  }));
  return calls;
}

beforeEach(() => setCsrfToken('test-csrf'));
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const upcoming = reservation();
const later = reservation({ id: 18, confirmationNumber: 'R2', merchant: { ...upcoming.merchant, id: 43, name: 'Luna Trattoria' }, date: '2026-12-05', time: '20:30', partySize: 4 });
const past = reservation({ id: 9, confirmationNumber: 'R0', section: 'past', status: 'cancelled', cancellable: false, date: '2026-11-01', cancelledAt: '2026-10-30T00:00:00.000Z' });

describe('ReservationsList', () => {
  it('lists upcoming reservations first, then past and cancelled ones, each with its details', async () => {
    stubFetch(() => ({ status: 200, body: { reservations: [upcoming, later, past] } }));
    renderWithProviders(<ReservationsList enabled />, { partner, member: makeMember() });
    const up = await screen.findByRole('region', { name: 'Upcoming' });
    const items = within(up).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Blue Plate Diner', 'Luna Trattoria']);
    expect(items[0]!.textContent).toContain('Monday, November 30, 2026 at 7:00 PM');
    expect(items[0]!.textContent).toContain('2 guests');
    expect(items[0]!.textContent).toContain('Confirmation R3F9A0C12B7DE');
    expect(within(items[0]!).getByRole('link', { name: 'Blue Plate Diner' }).getAttribute('href')).toBe('/merchants/42');
    const old = screen.getByRole('region', { name: 'Past and cancelled' });
    expect(within(old).getByRole('listitem').textContent).toContain('Cancelled');
    expect(within(old).queryByRole('button', { name: /Cancel reservation/ })).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: /Cancel reservation at Luna Trattoria, Saturday, December 5, 2026 at 8:30 PM/ })).toBeTruthy();
  });

  it('cancels after the member confirms in a dialog, and keeps it on "Keep it"', async () => {
    let list = [upcoming];
    const calls = stubFetch((c) => {
      if (c.method === 'DELETE') {
        list = [{ ...upcoming, status: 'cancelled', section: 'past', cancellable: false }];
        return { status: 200, body: list[0] };
      }
      return { status: 200, body: { reservations: list } };
    });
    renderWithProviders(<ReservationsList enabled />, { partner, member: makeMember() });
    const cancel = await screen.findByRole('button', { name: /Cancel reservation at Blue Plate Diner/ });
    fireEvent.click(cancel);
    let dialog = screen.getByRole('dialog', { name: 'Cancel this reservation?' });
    // The safe choice has focus first.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(cancel);
    dialog = screen.getByRole('dialog', { name: 'Cancel this reservation?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel reservation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/Member/Reservations/17']);
    expect(await screen.findByText('You have no upcoming reservations.', { exact: false })).toBeTruthy();
    expect(screen.getByText(/is cancelled\.$/).textContent).toBe('Your reservation at Blue Plate Diner on Monday, November 30, 2026 at 7:00 PM is cancelled.');
  });

  it('says why a cancellation was refused, in the dialog', async () => {
    stubFetch((c) => c.method === 'DELETE'
      ? { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'This reservation has already started and can no longer be cancelled online. Please call the restaurant.' } }
      : { status: 200, body: { reservations: [upcoming] } });
    renderWithProviders(<ReservationsList enabled />, { partner, member: makeMember() });
    fireEvent.click(await screen.findByRole('button', { name: /Cancel reservation at/ }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel reservation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('already started');
  });

  it('says so when there are none, with a way to find a restaurant that takes reservations', async () => {
    stubFetch(() => ({ status: 200, body: { reservations: [] } }));
    renderWithProviders(<ReservationsList enabled />, { partner, member: makeMember() });
    const link = await screen.findByRole('link', { name: 'Find a restaurant that takes reservations' });
    expect(link.getAttribute('href')).toBe('/search?reservations=true');
    expect(screen.queryByRole('region', { name: 'Past and cancelled' })).toBeNull();
  });
});
