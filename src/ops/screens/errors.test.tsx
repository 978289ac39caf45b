// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from '#client/lib/router';
import { API_PATHS } from '#shared/api-paths';
import { REFERENCE_FORMAT_MESSAGE } from '#shared/rules/reference-code';
import type { OpsErrorDetail, StaffMe } from '#shared/schemas/ops';
import { expectNoAxeViolations } from '#client/test/axe';
import { ErrorLookupScreen } from './errors';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ME: StaffMe = { id: 1, email: 'agent@ops.example.com', name: 'Alex Agent', role: 'agent', allPartners: false, partnerIds: [1], permissions: ['members.read', 'errors.read'], sessionEndsAt: new Date(Date.now() + 3_600_000).toISOString() };
const FOUND: OpsErrorDetail = {
  reference: 'K7MPQ2XW9A', source: 'server', at: '2026-03-02T10:15:00.000Z', route: API_PATHS.merchant.path, method: 'GET', status: 500,
  seen: 'An error answer (500) saying “Something went wrong on our side. Reference K7MPQ2XW9A.”', name: 'TypeError', message: 'x is undefined',
  requestId: 'K7MPQ2XW9A', partner: { code: 'hilton', name: 'Hilton Honors Dining' }, memberId: 42,
};

/** fetch as the server answers the look-up: `answer` for any code; the addresses asked are kept. */
function stubLookUp(answer: { status: number; body: unknown }) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    asked.push(new URL(String(url), 'http://ops.localhost').pathname);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }));
  return asked;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/errors" element={<ErrorLookupScreen me={ME} />} />
          <Route path="/errors/:reference" element={<ErrorLookupScreen me={ME} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const lookUpPath = (code: string) => API_PATHS.opsErrorLookup.path.replace(':reference', code);

describe('ErrorLookupScreen (issue 27 item 8)', () => {
  it('a code that is not one is refused on the field, focused, without a call', async () => {
    const asked = stubLookUp({ status: 200, body: FOUND });
    renderAt('/errors');
    const field = screen.getByLabelText(/Reference code/);
    fireEvent.change(field, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(screen.getByText(REFERENCE_FORMAT_MESSAGE)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(asked).toEqual([]);
    await expectNoAxeViolations();
  });

  it('looks up the code as typed (any case, dashes) and shows what is known as a definition list, focused, the member linked', async () => {
    const asked = stubLookUp({ status: 200, body: FOUND });
    renderAt('/errors');
    fireEvent.change(screen.getByLabelText(/Reference code/), { target: { value: 'k7mpq-2xw9a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Error K7MPQ2XW9A' });
    expect(asked).toEqual([lookUpPath('K7MPQ2XW9A')]);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const facts = Object.fromEntries([...document.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({
      Where: `API call GET ${API_PATHS.merchant.path}`, 'What the member saw': FOUND.seen, Error: 'TypeError: x is undefined', Status: '500',
      'Request id': 'K7MPQ2XW9A', Partner: 'Hilton Honors Dining (hilton)', Member: 'Member 42',
    });
    expect(screen.getByRole('link', { name: 'Member 42' }).getAttribute('href')).toBe('/members/42');
    await expectNoAxeViolations();
  });

  it("a direct link looks its code up; the server's refusal is an alert that takes focus", async () => {
    const asked = stubLookUp({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No error with this reference code is known among your partners.' } });
    renderAt('/errors/K7MPQ2XW9A');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No error with this reference code is known among your partners.');
    expect(asked).toEqual([lookUpPath('K7MPQ2XW9A')]);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect((screen.getByLabelText(/Reference code/) as HTMLInputElement).value).toBe('K7MPQ2XW9A');
  });
});
