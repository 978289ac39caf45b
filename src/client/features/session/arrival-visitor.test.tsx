// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '#client/test/render';
import { makeMember } from '#client/test/member-fixture';
import { makePartnerConfig } from '#client/test/partner-fixture';
import { expectNoAxeViolations } from '#client/test/axe';
import { useArrival, useArrivalVisitor } from './arrival';
import { ActivationPrompt, ACTIVATION_PROMPT_CLOSED_KEY } from '../../app/chrome/activation-prompt';
import { emulationExit, useEmulationGuard } from './emulation';
import { makePage, makeTransaction } from '../rewards/test/rewards-fixtures';
import { EMULATING_WINDOW_KEY, EMULATION_ID_KEY } from '#shared/rules/emulation';
import { withFakeTime } from '#client/test/fake-time';

type Visitor = { publicId: string; tierLevel: number; hasWebProfile: boolean; active: boolean };
let lookups: string[];
let visitors: Record<string, Visitor>;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  lookups = [];
  visitors = { 'pub-tier1': { publicId: 'pub-tier1', tierLevel: 1, hasWebProfile: false, active: true }, 'pub-tier2': { publicId: 'pub-tier2', tierLevel: 2, hasWebProfile: false, active: true } };
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'RN_PUBLIC_ID=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  vi.stubGlobal('fetch', vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/CSRF') return json({ csrfToken: 't' });
    // A tier-1 member's history: one dine waiting for activation (the prompt names its last day).
    if (url.pathname === '/api/Member/Transactions') return json(makePage([makeTransaction({ transactionStatus: 'Deferred', deferral: { activateBy: '2026-12-11', activated: false } })]));
    const m = /^\/api\/Member\/(.+)$/.exec(url.pathname);
    if (m) {
      const id = decodeURIComponent(m[1]!);
      lookups.push(id);
      const v = visitors[id];
      return v ? json(v) : json({ statusCode: 404, error: 'Not Found', message: 'No member has this public id.' }, 404);
    }
    return json({}, 404);
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Status() {
  const a = useArrivalVisitor();
  return <p data-testid="status">{a.status}</p>;
}

function Page() {
  useArrival();
  return (
    <>
      <ActivationPrompt />
      <Status />
      <h1>Page</h1>
    </>
  );
}

describe('known visitors on arrival (§4)', () => {
  it('looks up ?public_id= on any page and asks a tier-1 visitor to activate (§6), accessibly', async () => {
    const { container } = renderWithProviders(<Page />, { route: '/search?public_id=pub-tier1', member: null });
    const region = await screen.findByRole('region', { name: 'Activate your account' });
    expect(lookups).toEqual(['pub-tier1']);
    expect(screen.getByTestId('status').textContent).toBe('known');
    expect(screen.getByRole('link', { name: 'Activate now' }).getAttribute('href')).toBe('/activate?public_id=pub-tier1');
    expect(region.textContent).toContain('Your account is not active yet');
    await expectNoAxeViolations(container);
  });

  it('uses the RN_PUBLIC_ID cookie when the URL has no id', async () => {
    document.cookie = 'RN_PUBLIC_ID=pub-tier1; path=/';
    renderWithProviders(<Page />, { route: '/', member: null });
    await screen.findByRole('link', { name: 'Activate now' });
    expect(lookups).toEqual(['pub-tier1']);
  });

  it('does not ask a tier-2 visitor', async () => {
    renderWithProviders(<Page />, { route: '/?public_id=pub-tier2', member: null });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('known'));
    expect(screen.queryByRole('region', { name: 'Activate your account' })).toBeNull();
  });

  it('marks an unknown public id in error and the page carries on', async () => {
    renderWithProviders(<Page />, { route: '/?public_id=pub-nobody', member: null });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('error'));
    expect(screen.getByRole('heading', { name: 'Page' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Activate your account' })).toBeNull();
  });

  it('looks nobody up for a signed-in member and asks a tier-1 member with their own id', async () => {
    await withFakeTime(() => renderWithProviders(<Page />, { route: '/account?public_id=pub-tier2', member: makeMember({ publicId: 'pub-me', tierLevel: 1 }) }));
    expect(screen.getByRole('link', { name: 'Activate now' }).getAttribute('href')).toBe('/activate?public_id=pub-me');
    expect(screen.getByTestId('status').textContent).toBe('none');
    expect(lookups).toEqual([]);
    // Issue 24 review k: by when activating still pays their dines.
    expect(screen.getByRole('region', { name: 'Activate your account' }).textContent).toContain('activate by Dec 11, 2026 for them to be paid');
  });

  it('is not shown to other tiers, on /activate, or where the partner has no members', () => {
    renderWithProviders(<Page />, { route: '/', member: makeMember({ tierLevel: 2 }) });
    expect(screen.queryByRole('link', { name: 'Activate now' })).toBeNull();
    cleanup();
    renderWithProviders(<Page />, { route: '/activate', member: makeMember({ tierLevel: 1 }) });
    expect(screen.queryByRole('link', { name: 'Activate now' })).toBeNull();
    cleanup();
    renderWithProviders(<Page />, { route: '/', member: makeMember({ tierLevel: 1 }), partner: makePartnerConfig({ enrollmentType: 'none' }) });
    expect(screen.queryByRole('link', { name: 'Activate now' })).toBeNull();
  });

  it('closing it hides it for this window', () => {
    renderWithProviders(<Page />, { route: '/', member: makeMember({ publicId: 'pub-me', tierLevel: 1 }) });
    fireEvent.click(screen.getByRole('button', { name: 'Close the activation reminder' }));
    expect(screen.queryByRole('region', { name: 'Activate your account' })).toBeNull();
    expect(sessionStorage.getItem(ACTIVATION_PROMPT_CLOSED_KEY)).toBe('pub-me');
    cleanup();
    renderWithProviders(<Page />, { route: '/search', member: makeMember({ publicId: 'pub-me', tierLevel: 1 }) });
    expect(screen.queryByRole('region', { name: 'Activate your account' })).toBeNull();
  });
});

let left: string[] = [];

function EmulationPage() {
  useEmulationGuard();
  return <p>page</p>;
}

function renderEmulation(adminEmulationOrigin: string | null | undefined, route = '/account') {
  left = [];
  vi.spyOn(emulationExit, 'leave').mockImplementation((path) => { left.push(path); });
  return renderWithProviders(<EmulationPage />, { route, member: makeMember(), partner: makePartnerConfig({ adminEmulationOrigin }) });
}

function post(origin: string, data: unknown) {
  act(() => { window.dispatchEvent(new MessageEvent('message', { origin, data })); });
}

describe('emulation (§4, client side)', () => {
  const CONSOLE = 'https://ops.example.com';

  it('signs out on exit data from the configured console origin', () => {
    localStorage.setItem(EMULATION_ID_KEY, 'e-1');
    sessionStorage.setItem(EMULATING_WINDOW_KEY, 'e-1');
    renderEmulation(CONSOLE);
    expect(left).toEqual([]);
    post(CONSOLE, { exit: true });
    expect(left).toEqual(['/SignOut']);
    expect(localStorage.getItem(EMULATION_ID_KEY)).toBeNull();
    expect(sessionStorage.getItem(EMULATING_WINDOW_KEY)).toBeNull();
  });

  it('ignores exit data from any other origin, and other data from the console', () => {
    renderEmulation(CONSOLE);
    post('https://evil.example', { exit: true });
    post('https://ops.example.com.evil.example', { exit: true });
    post('http://ops.example.com', { exit: true });
    post(CONSOLE, { hello: 'world' });
    expect(left).toEqual([]);
  });

  it('listens to nothing when no console origin is configured', () => {
    const add = vi.spyOn(window, 'addEventListener');
    renderEmulation(null);
    expect(add.mock.calls.some(([type]) => type === 'message')).toBe(false);
    post('', { exit: true });
    post('null', { exit: true });
    expect(left).toEqual([]);
    add.mockRestore();
  });

  it('removes an emulation id stored for another window and goes to /SignOut', () => {
    localStorage.setItem(EMULATION_ID_KEY, 'e-1');
    renderEmulation(null);
    expect(left).toEqual(['/SignOut']);
    expect(localStorage.getItem(EMULATION_ID_KEY)).toBeNull();
  });

  it('leaves the emulating window alone', () => {
    localStorage.setItem(EMULATION_ID_KEY, 'e-1');
    sessionStorage.setItem(EMULATING_WINDOW_KEY, 'e-1');
    renderEmulation(CONSOLE);
    expect(left).toEqual([]);
    expect(localStorage.getItem(EMULATION_ID_KEY)).toBe('e-1');
  });
});
