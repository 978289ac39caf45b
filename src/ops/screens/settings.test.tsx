// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from '#client/lib/router';
import { API_PATHS } from '#shared/api-paths';
import type { StaffMe } from '#shared/schemas/ops';
import type { OpsSettingsResponse, PartnerSettings, SettingsChange } from '#shared/schemas/ops-settings';
import { SETTING_SWITCHES, SWITCH_KEYS } from '#shared/rules/partner-settings';
import { expectNoAxeViolations } from '#client/test/axe';
import { SettingsScreen } from './settings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ME: StaffMe = {
  id: 7, email: 'manager@ops.example.com', name: 'Morgan Manager', role: 'partnerManager', allPartners: false, partnerIds: [1],
  permissions: ['settings.read', 'settings.change', 'settings.approve'], sessionEndsAt: new Date(Date.now() + 3_600_000).toISOString(),
};
const SETTINGS: PartnerSettings = {
  ...(Object.fromEntries(SWITCH_KEYS.map((k) => [k, false])) as Record<(typeof SWITCH_KEYS)[number], boolean>),
  hasVIP: true, earnRates: [3, 3, 6, 10], earnBasis: 'wholeBill', vipQualifyingDines: 11, payoutBreakpointCents: 2000, adjustmentLimits: null,
  customerSupport: { phone: '1-800-555-0100', email: 'dining@hilton.example.com', emailText: 'dining@hilton.example.com' }, vipCustomerSupport: null, hosts: [],
};
const change = (id: number, by: { id: number; name: string }): SettingsChange => ({
  id, partnerCode: 'hilton', fields: ['earnRates'], before: { earnRates: [3, 3, 6, 10] }, after: { earnRates: [3, 3, 7, 12] }, reason: 'Double-up season',
  status: 'PendingApproval', requestedBy: by, requestedAt: '2026-11-29T10:00:00.000Z', expiresAt: '2026-12-02T10:00:00.000Z', decidedBy: null, decidedAt: null, decisionNote: null,
});
const VIEW: OpsSettingsResponse = {
  partner: { id: 1, code: 'hilton', name: 'Hilton Dining', currency: 'Point' }, settings: SETTINGS,
  pending: [change(11, { id: 3, name: 'Ada Admin' }), change(12, { id: 7, name: 'Morgan Manager' })], history: [],
};

/** fetch as the server answers; the bodies of the changes sent are kept. */
function stubServer() {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(String(url), 'http://ops.localhost').pathname;
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (path === API_PATHS.opsCsrf.path || path === API_PATHS.csrf.path) return json({ csrfToken: 'token' });
    if (path === API_PATHS.opsPartners.path) return json({ partners: [{ id: 1, code: 'hilton', name: 'Hilton Dining', currency: 'Point' }] });
    const settingsPath = API_PATHS.opsSettings.path.replace(':partner', 'hilton');
    if (path === settingsPath && init?.method === API_PATHS.opsSettingsChange.method) {
      sent.push(JSON.parse(String(init.body)));
      return json({ applied: null, pending: change(13, { id: 7, name: 'Morgan Manager' }), settings: SETTINGS });
    }
    if (path === settingsPath) return json(VIEW);
    return new Response('{}', { status: 404 });
  }));
  return sent;
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/settings']}>
        <Routes><Route path="/settings" element={<SettingsScreen me={ME} />} /></Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SettingsScreen (issue 27 item 6)', () => {
  it('says before sending which changes apply at once and which wait, and sends only what changed', async () => {
    const sent = stubServer();
    renderScreen();
    const select = await screen.findByLabelText('Earn rate: Select (opted in)');
    expect(screen.getByText('Nothing changed yet.')).toBeTruthy();
    fireEvent.change(select, { target: { value: '7' } });
    expect(screen.getByText("Waits for a second person's approval: Earn rates by tier.")).toBeTruthy();
    fireEvent.click(screen.getByLabelText(SETTING_SWITCHES.showNetworkLogo));
    expect(screen.getByText(/Applies at once: Show the card network logo\./)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(SETTING_SWITCHES.showNetworkLogo));
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Double-up season' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for approval' }));
    await waitFor(() => expect(sent).toEqual([{ changes: { earnRates: [3, 3, 7, 10] }, reason: 'Double-up season' }]));
    expect(await screen.findByText("Waiting for a second person's approval: Earn rates by tier.")).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('sends the VIP threshold as a number of dines, waiting for a second person', async () => {
    const sent = stubServer();
    renderScreen();
    fireEvent.change(await screen.findByLabelText(/^VIP threshold, in qualifying dines a year/), { target: { value: '8' } });
    expect(screen.getByText("Waits for a second person's approval: VIP threshold (qualifying dines a year).")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Easier VIP for the launch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for approval' }));
    await waitFor(() => expect(sent).toEqual([{ changes: { vipQualifyingDines: 8 }, reason: 'Easier VIP for the launch' }]));
  });

  it("offers Approve and Reject on another person's waiting change, never on one's own", async () => {
    stubServer();
    renderScreen();
    const waiting = await screen.findByRole('group', { name: 'Waiting for approval, as a table' });
    const rows = within(waiting).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(rows[0]!).getByText(/Earn rates by tier: 3 \/ 3 \/ 6 \/ 10 → 3 \/ 3 \/ 7 \/ 12/)).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(rows[1]!).getByText('Your request: another person decides.')).toBeTruthy();
  });
});
