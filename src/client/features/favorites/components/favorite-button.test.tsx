// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { FavoriteList } from '#shared/schemas/favorites';
import { ToastProvider } from '#client/components/toast';
import { setCsrfToken } from '#client/lib/csrf';
import { renderWithProviders, testQueryClient } from '#client/test/render';
import { makePartnerConfig } from '#client/test/partner-fixture';
import { makeMember } from '#client/test/member-fixture';
import { merchantFixture } from '#client/test/merchant-fixture';
import { FAVORITES_QUERY_KEY } from '../api';
import { FavoriteButton } from './favorite-button';

const partner = makePartnerConfig({ hasMerchantFavourites: true, enrollmentType: 'direct' });
const merchant = merchantFixture();
const other = merchantFixture({ id: 7, name: 'Green Leaf' });
const listOf = (...ms: Array<typeof merchant>): FavoriteList => ({ favorites: ms.map((m) => ({ merchant: m, addedAt: '2026-11-20T10:00:00.000Z' })), limit: 500 });

type Reply = { status: number; body: unknown };
function stubFetch(handler: (url: string, init: RequestInit) => Reply | Promise<Reply>) {
  const calls: Array<{ url: string; method: string }> = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? 'GET' });
    const r = await handler(url, init);
    return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
  }));
  return calls;
}

beforeEach(() => { setCsrfToken('test-csrf'); sessionStorage.clear(); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

function renderHeart(opts: { member?: ReturnType<typeof makeMember> | null; list?: FavoriteList; partnerOver?: Parameters<typeof makePartnerConfig>[0] } = {}) {
  const queryClient = testQueryClient();
  if (opts.list) queryClient.setQueryData(FAVORITES_QUERY_KEY, opts.list);
  return renderWithProviders(<ToastProvider><FavoriteButton merchant={merchant} /></ToastProvider>, {
    partner: opts.partnerOver ? makePartnerConfig(opts.partnerOver) : partner,
    member: opts.member === undefined ? makeMember() : opts.member,
    queryClient,
  });
}

describe('FavoriteButton', () => {
  it("next to the restaurant's name, its visible word is in its name (label in name) and does not change with the state", () => {
    stubFetch(() => ({ status: 200, body: listOf(merchant) }));
    for (const list of [listOf(other), listOf(merchant)]) {
      const queryClient = testQueryClient();
      queryClient.setQueryData(FAVORITES_QUERY_KEY, list);
      renderWithProviders(<ToastProvider><FavoriteButton merchant={merchant} variant="inline" /></ToastProvider>, { partner, member: makeMember(), queryClient });
      const heart = screen.getByRole('button', { name: 'Favorite Blue Plate Diner' });
      expect(heart.textContent).toBe('Favorite');
      expect(heart.getAttribute('aria-label')!.startsWith(heart.textContent!)).toBe(true);
      cleanup();
    }
  });

  it('is a toggle named after the restaurant, pressed when it is a favourite', async () => {
    stubFetch(() => ({ status: 200, body: listOf(merchant) }));
    renderHeart({ list: listOf(other, merchant) });
    const heart = screen.getByRole('button', { name: 'Favorite Blue Plate Diner' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the change at once and keeps it when the call succeeds', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const calls = stubFetch(async (url, init) => {
      if (init.method === 'PUT') { await gate; return { status: 201, body: { merchantId: 42, addedAt: 'x', created: true } }; }
      return { status: 200, body: listOf(merchant, other) };
    });
    const { queryClient } = renderHeart({ list: listOf(other) });
    const heart = screen.getByRole('button', { name: 'Favorite Blue Plate Diner' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(queryClient.getQueryData<FavoriteList>(FAVORITES_QUERY_KEY)!.favorites.map((f) => f.merchant.id)).toEqual([42, 7]);
    await act(async () => { release(); });
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/Member/Favorites/42')).toBe(true));
    expect(heart.getAttribute('aria-pressed')).toBe('true');
  });

  it('puts the list back and says so when the call fails', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    stubFetch(async (url, init) => {
      if (init.method !== 'DELETE') return { status: 200, body: listOf(merchant) };
      await gate;
      return { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } };
    });
    renderHeart({ list: listOf(merchant) });
    const heart = screen.getByRole('button', { name: 'Favorite Blue Plate Diner' });
    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    await act(async () => { release(); });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(await screen.findByText("We couldn't remove Blue Plate Diner from your favorites. Please try again.")).toBeTruthy();
  });

  it('asks a visitor to sign in and remembers the restaurant for afterwards', async () => {
    const calls = stubFetch(() => ({ status: 401, body: {} }));
    renderHeart({ member: null });
    const heart = screen.getByRole('button', { name: 'Favorite Blue Plate Diner' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to save favorites' });
    expect(dialog.textContent).toContain('Sign in to save Blue Plate Diner to your favorites.');
    expect(screen.getByRole('button', { name: 'Join' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(sessionStorage.getItem('favorites.pending')).toBe('42');
    expect(calls.filter((c) => c.url.startsWith('/api/Member/Favorites'))).toEqual([]);
  });

  it('adds the remembered restaurant once the member is back', async () => {
    sessionStorage.setItem('favorites.pending', '42');
    const calls = stubFetch((url, init) => (init.method === 'PUT'
      ? { status: 201, body: { merchantId: 42, addedAt: 'x', created: true } }
      : { status: 200, body: listOf() }));
    renderHeart();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ url: '/api/Member/Favorites/42', method: 'PUT' }]));
    expect(sessionStorage.getItem('favorites.pending')).toBeNull();
  });

  it('is not there where the partner has no favourites', () => {
    stubFetch(() => ({ status: 404, body: {} }));
    renderHeart({ partnerOver: { hasMerchantFavourites: false } });
    expect(screen.queryByRole('button', { name: /Favorite/ })).toBeNull();
  });
});
