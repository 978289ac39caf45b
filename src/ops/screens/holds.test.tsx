// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from '#client/lib/router';
import type { z } from 'zod';
import { API_PATHS } from '#shared/api-paths';
import { HOLD_REASONS, REDEMPTION_TERMS } from '#shared/constants/redemptions';
import type { StaffMe } from '#shared/schemas/ops';
import type { ZOpsRedemptionHold } from '#shared/schemas/redemptions';
import { expectNoAxeViolations } from '#client/test/axe';
import { setCsrfToken } from '#client/lib/csrf';
import { RedemptionHoldsScreen } from './holds';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = (role: StaffMe['role'], permissions: StaffMe['permissions']): StaffMe => ({
  id: 5, email: `${role}@ops.example.com`, name: 'Sam Supervisor', role, allPartners: true, partnerIds: [], permissions, sessionEndsAt: new Date(Date.now() + 3_600_000).toISOString(),
});
const SUPERVISOR = me('supervisor', ['redemptions.read', 'redemptions.release', 'members.read']);
const AGENT = me('agent', ['redemptions.read', 'members.read']);

const HOUR = 3_600_000;
const hold = (n: number, over: Partial<z.infer<typeof ZOpsRedemptionHold>>): z.infer<typeof ZOpsRedemptionHold> => ({
  redemptionId: `rd_${String(n).padStart(32, '0')}`, partnerCode: 'nosh', memberId: 40 + n, memberName: 'Bea Cardwell', memberEmail: 'basic.card@nosh.example.com',
  joinDate: '2025-02-02T15:00:00.000Z', label: 'Visa prepaid card', amountCents: 2500, destination: 'basic.card@nosh.example.com',
  hold: { reason: 'firstRedemption', text: HOLD_REASONS.firstRedemption }, priorRedemptions: 0, createdAt: new Date(Date.now() - 30 * HOUR).toISOString(), ...over,
});
/** Oldest first, as the server answers. */
const HOLDS = [
  hold(1, {}),
  hold(2, {
    memberName: 'Nia Newcomer', memberEmail: 'new.card@nosh.example.com', label: REDEMPTION_TERMS.tremendous.label, amountCents: 1200,
    destination: 'nia@example.com', hold: { reason: 'emailChanged', text: HOLD_REASONS.emailChanged }, priorRedemptions: 2, createdAt: new Date(Date.now() - 2 * HOUR).toISOString(),
  }),
];

/** The decision call's address, its redemption id caught. */
const DECISION_PATH = new RegExp(`^${API_PATHS.opsRedemptionDecide.path.replace(':redemptionId', '([^/]+)')}$`);
const decisionPath = (redemptionId: string) => API_PATHS.opsRedemptionDecide.path.replace(':redemptionId', redemptionId);

/**
 * fetch as the console's server answers; each call kept (method, path, query, body). A decision
 * takes the redemption out of the queue, or is answered `decision` when given (a refusal).
 */
function stubServer(decision?: { status: number; body: unknown }) {
  let waiting = [...HOLDS];
  const calls: Array<{ method: string; path: string; query: string; body: unknown }> = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const address = new URL(String(url), 'http://ops.localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) as unknown : undefined;
    calls.push({ method, path: address.pathname, query: address.search, body });
    const json = (status: number, b: unknown) => new Response(JSON.stringify(b), { status, headers: { 'content-type': 'application/json' } });
    if (address.pathname === API_PATHS.opsPartners.path) return json(200, { partners: [{ id: 14, code: 'nosh', name: 'Nosh', currency: 'Dollar' }] });
    if (address.pathname === API_PATHS.opsRedemptionHolds.path) return json(200, { data: waiting });
    const decided = DECISION_PATH.exec(address.pathname);
    if (decided && method === API_PATHS.opsRedemptionDecide.method) {
      if (decision) return json(decision.status, decision.body);
      waiting = waiting.filter((h) => h.redemptionId !== decided[1]);
      return json(200, { redemptionId: decided[1], status: 'pending', released: (body as { decision: string }).decision === 'release' });
    }
    return json(404, { statusCode: 404, error: 'Not Found', message: 'no' });
  }));
  return calls;
}

function renderAs(staff: StaffMe, at = '/redemption-holds') {
  setCsrfToken('console-token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes><Route path="/redemption-holds" element={<RedemptionHoldsScreen me={staff} />} /></Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The queue's rows, without the header row. */
const queueRows = async () => within(await screen.findByRole('group', { name: '2 on hold, as a table' })).getAllByRole('row').slice(1);

describe('RedemptionHoldsScreen (issue 28 item 5)', () => {
  it('lists the held redemptions oldest first: partner, member with a link to their page, what, how much, where to, why, earlier redemptions, age', async () => {
    stubServer();
    renderAs(SUPERVISOR);
    const rows = await queueRows();
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Bea Cardwell' }).getAttribute('href')).toBe('/members/41');
    for (const text of ['nosh', 'basic.card@nosh.example.com', 'Joined Feb 2, 2025', 'No earlier redemption', '$25.00', 'Visa prepaid card', 'Their first redemption', '30 h']) {
      expect(first.textContent, text).toContain(text);
    }
    expect(within(second).getByRole('link', { name: 'Nia Newcomer' }).getAttribute('href')).toBe('/members/42');
    for (const text of ['2 earlier redemptions', '$12.00', REDEMPTION_TERMS.tremendous.label, 'to\u00a0nia@example.com', 'E-mail changed less than 7 days before', '2 h']) {
      expect(second.textContent, text).toContain(text);
    }
    expect(within(first).getByRole('button', { name: 'Release $25.00 for Bea Cardwell' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Reject $25.00 for Bea Cardwell' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('asks for the partner in the address and sends it with the call', async () => {
    const calls = stubServer();
    renderAs(SUPERVISOR, '/redemption-holds?partner=nosh');
    await queueRows();
    expect((screen.getByLabelText('Partner') as HTMLSelectElement).value).toBe('nosh');
    expect(calls.filter((c) => c.path === API_PATHS.opsRedemptionHolds.path).map((c) => c.query)).toEqual(['?partner=nosh']);
  });

  it('a supervisor releases one with a note: the note is required, the call says release, the row leaves and focus goes to what was done', async () => {
    const calls = stubServer();
    renderAs(SUPERVISOR);
    const [first] = await queueRows();
    fireEvent.click(within(first!).getByRole('button', { name: 'Release $25.00 for Bea Cardwell' }));
    const dialog = screen.getByRole('dialog', { name: 'Release $25.00 for Bea Cardwell (Visa prepaid card)' });
    expect(dialog.textContent).toContain('It goes on to be sent to basic.card@nosh.example.com. Once released, it can no longer be rejected here.');
    const note = within(dialog).getByLabelText(/^Note for the record/);
    expect(document.activeElement).toBe(note);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Add a note for the record');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(note, { target: { value: '  Dines checked with the restaurant.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    const said = await screen.findByRole('status');
    expect(said.textContent).toContain('Released: $25.00 for Bea Cardwell (Visa prepaid card) is being sent.');
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted).toEqual([{ method: 'POST', path: decisionPath(HOLDS[0]!.redemptionId), query: '', body: { decision: 'release', note: 'Dines checked with the restaurant.' } }]);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Bea Cardwell' })).toBeNull());
    expect(screen.getByRole('heading', { level: 2, name: '1 on hold' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(said));
  });

  it('a rejection asks for a note the member reads, and sends reject', async () => {
    const calls = stubServer();
    renderAs(SUPERVISOR);
    const [, second] = await queueRows();
    fireEvent.click(within(second!).getByRole('button', { name: 'Reject $12.00 for Nia Newcomer' }));
    // The option by its name alone: what the gift card's label adds in brackets is left out.
    const dialog = screen.getByRole('dialog', { name: 'Reject $12.00 for Nia Newcomer (Gift card of your choice)' });
    expect(dialog.textContent).toContain("$12.00 goes back to the member's balance");
    fireEvent.change(within(dialog).getByLabelText(/^Note to the member/), { target: { value: 'The card was linked an hour before; please wait three days.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect((await screen.findByRole('status')).textContent).toContain('Rejected: $12.00 is back in the balance of Nia Newcomer, with your note.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ decision: 'reject', note: 'The card was linked an hour before; please wait three days.' });
  });

  it('an agent sees the queue without Release or Reject, and who decides', async () => {
    stubServer();
    renderAs(AGENT);
    const rows = await queueRows();
    expect(rows).toHaveLength(2);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText(/A supervisor or an administrator releases or rejects them\./)).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('says why when the redemption no longer waits (409), in the dialog, and keeps the note', async () => {
    stubServer({ status: 409, body: { statusCode: 409, error: 'Conflict', message: 'This redemption is no longer waiting for a decision.' } });
    renderAs(SUPERVISOR);
    const [first] = await queueRows();
    fireEvent.click(within(first!).getByRole('button', { name: 'Release $25.00 for Bea Cardwell' }));
    const dialog = screen.getByRole('dialog', { name: /^Release \$25\.00 for Bea Cardwell/ });
    fireEvent.change(within(dialog).getByLabelText(/^Note for the record/), { target: { value: 'Checked.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('This redemption is no longer waiting for a decision.');
    expect((within(dialog).getByLabelText(/^Note for the record/) as HTMLInputElement).value).toBe('Checked.');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
