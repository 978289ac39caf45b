// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { makeReferenceCode, REFERENCE_PATTERN } from '#shared/rules/reference-code';
import { ServerErrorRoute } from './server-error-route';
import { ApiError } from '../../lib/api';
import { makePartnerConfig } from '../../test/partner-fixture';
import { renderWithProviders } from '../../test/render';
import { withFakeTime } from '#client/test/fake-time';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** fetch as the server answers: the token, then the report's 202; the calls are kept. */
function stubFetch() {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const body = String(url).includes('/api/CSRF') ? { csrfToken: 'tok' } : { reference: 'x' };
    return new Response(JSON.stringify(body), { status: String(url).includes('client-errors') ? 202 : 200, headers: { 'content-type': 'application/json' } });
  }));
  return calls;
}

describe('ServerErrorRoute', () => {
  it('uses the §8 wording with a reference code and the support phone', () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    stubFetch();
    renderWithProviders(<ServerErrorRoute />, {
      partner: makePartnerConfig({ customerSupport: { phone: { href: '18005550199', formatted: '1-800-555-0199' }, email: { href: '', display: '' } } }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Looks like this page is still simmering' })).toBeTruthy();
    const code = screen.getByTestId('reference-code').textContent!;
    expect(code).toMatch(REFERENCE_PATTERN);
    expect(document.body.textContent).toContain(`Reference code: ${code}`);
    const phone = screen.getByRole('link', { name: '1-800-555-0199' });
    expect(phone.getAttribute('href')).toBe('tel:18005550199');
  });

  it("shows the server's request id where its answer caused the error, and reports nothing more (issue 25 item 8)", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const calls = stubFetch();
    const requestId = makeReferenceCode();
    await withFakeTime(() => renderWithProviders(<ServerErrorRoute error={new ApiError(500, 'Internal Server Error', 'Something went wrong', [], undefined, requestId)} />));
    expect(screen.getByTestId('reference-code').textContent).toBe(requestId);
    expect(calls.filter((c) => c.url.includes('client-errors'))).toEqual([]);
  });

  it('sends an error the server never saw to POST /api/client-errors with the code shown, the route and the error (issue 25 item 8)', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const calls = stubFetch();
    renderWithProviders(<ServerErrorRoute error={new TypeError("Cannot read properties of undefined (reading 'name')\n    at Tile (tile.tsx:1)")} />, { route: '/merchants/12?email=a@b.c' });
    const code = screen.getByTestId('reference-code').textContent!;
    await waitFor(() => expect(calls.some((c) => c.url.includes('/api/client-errors'))).toBe(true));
    expect(calls.find((c) => c.url.includes('/api/client-errors'))!.body).toEqual({
      reference: code, route: '/merchants/12', name: 'TypeError', message: "Cannot read properties of undefined (reading 'name')",
    });
  });

  it('makes fresh, unambiguous codes', () => {
    const codes = new Set(Array.from({ length: 200 }, () => makeReferenceCode()));
    expect(codes.size).toBe(200);
    for (const c of codes) expect(c).toMatch(REFERENCE_PATTERN);
    for (const c of codes) expect(c).not.toMatch(/[01ILO]/);
  });
});
