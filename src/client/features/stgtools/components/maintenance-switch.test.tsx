// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MaintenanceSwitch } from './maintenance-switch';
import { json, mockFetch, renderRoutes } from '../../../test/render-router';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('staging tools: maintenance switch', () => {
  it("shows the partner's switch and turns it on with the anti-forgery header", async () => {
    let stored = false;
    const calls: Array<{ method: string; body: unknown; xsrf: string | null }> = [];
    vi.stubGlobal('fetch', vi.fn(mockFetch((url, init) => {
      if (url.pathname !== '/api/stgtools/maintenance') return undefined;
      const method = init.method ?? 'GET';
      const headers = new Headers(init.headers);
      calls.push({ method, body: init.body ? JSON.parse(String(init.body)) : undefined, xsrf: headers.get('x-xsrf-token') });
      if (method === 'PUT') stored = (JSON.parse(String(init.body)) as { enabled: boolean }).enabled;
      return json({ partnerSwitch: stored, maintenanceMode: stored });
    })));
    renderRoutes([{ path: '*', element: <MaintenanceSwitch /> }]);
    expect(await screen.findByText('off')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Turn the maintenance notice on' }));
    expect(await screen.findByRole('button', { name: 'Turn the maintenance notice off' })).toBeTruthy();
    expect(screen.getByText('on')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put).toEqual({ method: 'PUT', body: { enabled: true }, xsrf: 'test-csrf' });
  });

  it('says when the global switch shows the notice anyway', async () => {
    vi.stubGlobal('fetch', vi.fn(mockFetch((url) => (url.pathname === '/api/stgtools/maintenance' ? json({ partnerSwitch: false, maintenanceMode: true }) : undefined))));
    renderRoutes([{ path: '*', element: <MaintenanceSwitch /> }]);
    expect(await screen.findByText(/the global MAINTENANCE_MODE is on/)).toBeTruthy();
  });
});
