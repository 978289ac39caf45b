// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from '#client/lib/router';
import { API_PATHS } from '#shared/api-paths';
import type { StaffMe } from '#shared/schemas/ops';
import type { OpsContentItem, OpsContentList } from '#shared/schemas/ops-content';
import { expectNoAxeViolations } from '#client/test/axe';
import { setCsrfToken } from '#client/lib/csrf';
import { ContentScreen } from './content';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = (role: StaffMe['role'], permissions: StaffMe['permissions']): StaffMe => ({
  id: 3, email: 'editor@ops.example.com', name: 'Eden Editor', role, allPartners: false, partnerIds: [1], permissions, sessionEndsAt: new Date(Date.now() + 3_600_000).toISOString(),
});
const EDITOR = me('contentEditor', ['content.read', 'content.edit']);
const MANAGER = me('partnerManager', ['content.read', 'reports.read']);
const FIELDS = {
  user_states: ['anonymous'],
  banner_text: 'Earn on every dine',
  main_column: [{ type: 'body_text', text_desktop: 'Dine and earn.' }, { type: 'button', text_desktop: 'Find a restaurant', url: '/search' }],
  banner: { enable_banner: true, image: '/art/hero.webp', image_mobile: '/art/tile.webp', alt_text: 'A dinner', image_x_position: 40, image_y_position: 50, include_welcome_message: false, include_prospect_email: true },
};
const PARTNER = { code: 'hilton', name: 'Hilton Honors Dining', cmsPreview: true };
const ITEM: OpsContentItem = {
  partner: PARTNER, contentName: 'home', slug: 'anonymous',
  published: { fields: FIELDS, sortOrder: 0, updatedAt: '2026-11-01T10:00:00.000Z' }, draft: null,
  versions: [
    { version: 2, kind: 'publish', rolledBackFrom: null, fields: FIELDS, publishedAt: '2026-11-01T10:00:00.000Z', staffEmail: 'editor@ops.example.com' },
    { version: 1, kind: 'initial', rolledBackFrom: null, fields: { ...FIELDS, banner_text: 'Old' }, publishedAt: '2026-10-01T10:00:00.000Z', staffEmail: null },
  ],
  schedules: [],
};
const LIST: OpsContentList = { partner: PARTNER, items: [{ contentName: 'home', slug: 'anonymous', published: true, draft: false, version: 2, scheduledAt: null }] };

const ITEM_PARAMS = { partner: 'hilton', contentName: 'home', slug: 'anonymous' };
/** A call's address with its parameters filled in. */
const at = (entry: { path: string }, params: Record<string, string> = ITEM_PARAMS) => entry.path.replace(/:(\w+)/g, (_, k: string) => params[k] ?? `:${k}`);

/** fetch as the console's server answers; each call kept (method, path, body). `draftAnswer` answers the draft PUT. */
function stubServer(draftAnswer: { status: number; body: unknown } = { status: 200, body: null }) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(String(url), 'http://ops.localhost').pathname;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) as unknown : undefined;
    calls.push({ method, path, body });
    const json = (status: number, b: unknown) => new Response(JSON.stringify(b), { status, headers: { 'content-type': 'application/json' } });
    if (path === at(API_PATHS.opsPartners)) return json(200, { partners: [{ id: 1, code: 'hilton', name: 'Hilton Honors Dining', currency: 'Point' }] });
    if (path === at(API_PATHS.opsContentList)) return json(200, LIST);
    if (path === at(API_PATHS.opsContentDraft) && method === 'PUT') {
      const fields = (body as { fields: Record<string, unknown> }).fields;
      return json(draftAnswer.status, draftAnswer.body ?? { ...ITEM, draft: { fields, sortOrder: 0, updatedAt: '2026-11-02T10:00:00.000Z' } });
    }
    if (path === at(API_PATHS.opsContentRollback)) return json(200, { ...ITEM, versions: [{ ...ITEM.versions[1]!, version: 3, kind: 'rollback', rolledBackFrom: 1 }, ...ITEM.versions] });
    if (path === at(API_PATHS.opsContentItem)) return json(200, ITEM);
    return json(404, { statusCode: 404, error: 'Not Found', message: 'no' });
  }));
  return calls;
}

function renderAs(staff: StaffMe) {
  setCsrfToken('console-token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/content?partner=hilton&page=home']}>
        <Routes><Route path="/content" element={<ContentScreen me={staff} />} /></Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ContentScreen (issue 27 item 5)', () => {
  it('shows the item in a form fitted to its fields, and saves the edited draft with every other field as it was', async () => {
    const calls = stubServer();
    renderAs(EDITOR);
    const bannerText = await screen.findByLabelText(/^Banner text/);
    expect((screen.getByLabelText(/^Main column 2: Type/) as HTMLSelectElement).value).toBe('button');
    expect((screen.getByLabelText(/^Main column 2: Url/) as HTMLInputElement).value).toBe('/search');
    expect((screen.getByLabelText(/^Banner: Include prospect email/) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(bannerText, { target: { value: 'Winter dining: double points' } });
    fireEvent.change(screen.getByLabelText(/^Main column 2: Url/), { target: { value: '/earn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Main column 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Draft saved. Members do not see it until it is published.');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(at(API_PATHS.opsContentDraft));
    expect(put.body).toEqual({ fields: { ...FIELDS, banner_text: 'Winter dining: double points', main_column: [{ type: 'button', text_desktop: 'Find a restaurant', url: '/earn' }] } });
    await expectNoAxeViolations();
  });

  it('shows the server\'s refusal on the field it names', async () => {
    stubServer({ status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'A link is a site path (/earn) or an http(s) address.', fieldErrors: [{ field: 'fields.main_column.1.url', message: 'A link is a site path (/earn) or an http(s) address.' }] } });
    renderAs(EDITOR);
    const url = await screen.findByLabelText(/^Main column 2: Url/);
    fireEvent.change(url, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('A link is a site path (/earn) or an http(s) address.').length).toBeGreaterThan(0);
  });

  it('rolls back to an earlier version from the versions list', async () => {
    const calls = stubServer();
    renderAs(EDITOR);
    const versions = (await screen.findByRole('heading', { name: 'Versions' })).closest('section')!;
    fireEvent.click(within(versions).getByRole('button', { name: 'Roll back to version 1' }));
    await screen.findByText(/Version 1 published again/);
    expect(calls.find((c) => c.path === at(API_PATHS.opsContentRollback))!.body).toEqual({ version: 1 });
    // Version 3 is live now: it has no Roll back, and version 2 has one.
    expect(within(versions).queryByRole('button', { name: 'Roll back to version 3' })).toBeNull();
    expect(within(versions).getByRole('button', { name: 'Roll back to version 2' })).toBeTruthy();
    expect(within(versions).getByText('Rolled back to version 1')).toBeTruthy();
  });

  it('a role that reads content sees the fields and versions but cannot change anything', async () => {
    stubServer();
    renderAs(MANAGER);
    const bannerText = await screen.findByLabelText(/^Banner text/);
    expect((bannerText as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Roll back/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Schedule' })).toBeNull();
    expect(screen.getByText('Versions')).toBeTruthy();
  });
});
