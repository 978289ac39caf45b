// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { API_PATHS } from '#shared/api-paths';
import { setCsrfToken } from '#client/lib/csrf';
import { PreviewRoute, previewAddress, previewExit } from './preview-route';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** fetch as the partner site answers POST /api/ContentPreview; the bodies sent are kept. */
function stubStart(answer: { status: number; body: unknown }) {
  const sent: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    sent.push({ path: new URL(String(url), 'http://hilton.localhost').pathname, body: init?.body ? JSON.parse(String(init.body)) as unknown : undefined });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }));
  return sent;
}

describe('/preview (the console\'s content preview window)', () => {
  it('trades the grant of the fragment once, removes it from the address, and opens the page with ?preview=1', async () => {
    setCsrfToken('site-token');
    window.history.replaceState(null, '', '/preview#grant-secret-of-the-console-0123456789');
    const go = vi.spyOn(previewExit, 'go').mockImplementation(() => undefined);
    const sent = stubStart({ status: 200, body: { path: '/earn/reservations', endsAt: new Date(Date.now() + 1_800_000).toISOString() } });
    render(<PreviewRoute />);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/earn/reservations?preview=1'));
    expect(sent).toEqual([{ path: API_PATHS.startContentPreview.path, body: { token: 'grant-secret-of-the-console-0123456789' } }]);
    expect(window.location.hash).toBe('');
  });

  it('says so when the link was used or has expired', async () => {
    setCsrfToken('site-token');
    window.history.replaceState(null, '', '/preview#used-grant-of-the-console-0123456789');
    const go = vi.spyOn(previewExit, 'go').mockImplementation(() => undefined);
    const message = 'This preview link has expired or was used already. Choose Preview again in the console.';
    stubStart({ status: 400, body: { statusCode: 400, error: 'Bad Request', message } });
    render(<PreviewRoute />);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(go).not.toHaveBeenCalled();
  });

  it('keeps the path\'s own query and adds preview=1 once', () => {
    expect(previewAddress('/')).toBe('/?preview=1');
    expect(previewAddress('/search?location=Chicago')).toBe('/search?location=Chicago&preview=1');
    expect(previewAddress('/?preview=0')).toBe('/?preview=1');
  });
});
