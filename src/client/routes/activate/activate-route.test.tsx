// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActivateRoute } from './activate-route';
import { ACTIVATION_FAILED } from '../../features/enrollment/components/activation-stage';
import { ActivatedRoute } from './activated-route';
import { json, mockFetch, renderRoutes, Where } from '../../test/render-router';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { expectNoAxeViolations } from '../../test/axe';

type Handler = Parameters<typeof mockFetch>[0];

const partner = makePartnerConfig();
const content = makeContentState(
  {
    tier_1_activation: [
      { slug: 'activation', fields: { title: 'Activate your rewards', body: '<p>One click and you earn more.</p>', button_text: 'Activate now', activated_title: 'All set!', activated_body: '<p>Start earning today.</p>' } },
    ],
  },
  partner,
);

function setup(handler: Handler) {
  const fetchMock = vi.fn(mockFetch(handler));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderActivate(route: string, contentState = content) {
  return renderRoutes(
    [
      { path: '/activate', element: <ActivateRoute /> },
      { path: '/activate/activated', element: <ActivatedRoute /> },
      { path: '*', element: <Where /> },
    ],
    { route, partner, content: contentState },
  );
}

const visitor = (over: Record<string, unknown>) => ({ publicId: 'pub-1', tierLevel: 1, hasWebProfile: false, active: true, ...over });

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'RN_PUBLIC_ID=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ActivateRoute redirects (§4)', () => {
  it('no public id → /join?rfr=0', async () => {
    setup(() => undefined);
    renderActivate('/activate');
    expect((await screen.findByTestId('where')).textContent).toBe('/join?rfr=0');
  });

  it('lookup fails → /join?rfr=1', async () => {
    setup((url) => (url.pathname === '/api/Member/pub-1' ? json({ statusCode: 404, error: 'Not Found', message: 'Unknown' }, 404) : undefined));
    renderActivate('/activate?public_id=pub-1');
    expect((await screen.findByTestId('where')).textContent).toBe('/join?rfr=1');
  });

  it.each([
    [{ tierLevel: 2, hasWebProfile: false }, '/join?rfr=2'],
    [{ tierLevel: 2, hasWebProfile: true, active: true }, '/login?rfr=3'],
    [{ tierLevel: 3, hasWebProfile: true, active: false }, '/login?rfr=4'],
  ])('visitor %o → %s', async (over, to) => {
    setup((url) => (url.pathname === '/api/Member/pub-1' ? json(visitor(over)) : undefined));
    renderActivate('/activate?publicId=pub-1');
    expect((await screen.findByTestId('where')).textContent).toBe(to);
  });

  it('shows a spinner while the lookup loads, and reads the RN_PUBLIC_ID cookie', async () => {
    document.cookie = 'RN_PUBLIC_ID=pub-1; path=/';
    let release: (r: Response) => void = () => undefined;
    const fetchMock = setup((url) => (url.pathname === '/api/Member/pub-1' ? new Promise<Response>((r) => { release = r; }) : undefined));
    renderActivate('/activate');
    expect(await screen.findByText('Loading your account…')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/Member/pub-1'))).toBe(true));
    const lookup = fetchMock.mock.calls.find(([u]) => String(u).includes('/api/Member/pub-1'))!;
    expect(((lookup[1] as RequestInit).headers as Record<string, string>)['x-xsrf-token']).toBe('test-csrf');
    release(json(visitor({})));
    expect(await screen.findByRole('heading', { level: 1, name: 'Activate your rewards' })).toBeTruthy();
  });
});

describe('ActivateRoute stage', () => {
  it('activates a NonActivated visitor and replaces the page with the activated stage', async () => {
    const fetchMock = setup((url, init) => {
      if (url.pathname === '/api/Member/pub-1') return json(visitor({}));
      if (url.pathname === '/api/Member/Activate' && init.method === 'POST') return json(visitor({ tierLevel: 2 }));
      return undefined;
    });
    const { router } = renderActivate('/activate?public_id=pub-1');
    expect(await screen.findByText('One click and you earn more.')).toBeTruthy();
    await expectNoAxeViolations();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Activate now' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'All set!' });
    expect(screen.getByText('Start earning today.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(router.location.pathname).toBe('/activate/activated');
    expect(router.action).toBe('REPLACE');
    const post = fetchMock.mock.calls.find(([u]) => String(u).includes('/api/Member/Activate'))!;
    expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({ publicId: 'pub-1' });
  });

  it('keeps the button disabled while the call is pending', async () => {
    setup((url) => {
      if (url.pathname === '/api/Member/pub-1') return json(visitor({}));
      if (url.pathname === '/api/Member/Activate') return new Promise<Response>(() => undefined);
      return undefined;
    });
    renderActivate('/activate?public_id=pub-1');
    const button = await screen.findByRole('button', { name: 'Activate now' });
    await userEvent.setup().click(button);
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
  });

  it('shows the §8 toast with the support phone when activation fails', async () => {
    setup((url) => {
      if (url.pathname === '/api/Member/pub-1') return json(visitor({}));
      if (url.pathname === '/api/Member/Activate') return json({ statusCode: 409, error: 'Conflict', message: 'Not activatable' }, 409);
      return undefined;
    });
    renderActivate('/activate?public_id=pub-1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Activate now' }));
    const toast = await screen.findByText((_, n) => n?.tagName === 'DIV' && n.className.includes('message') && Boolean(n.textContent?.includes(ACTIVATION_FAILED)));
    const phone = within(toast).getByRole('link');
    expect(phone.getAttribute('href')).toBe(partner.customerSupport.phone.href);
    expect(phone.textContent).toBe(partner.customerSupport.phone.formatted);
    expect(screen.getByRole('heading', { level: 1, name: 'Activate your rewards' })).toBeTruthy();
  });

  it("shows the content's own failure text (error_text) before the support phone when it has one", async () => {
    setup((url) => {
      if (url.pathname === '/api/Member/pub-1') return json(visitor({}));
      if (url.pathname === '/api/Member/Activate') return json({ statusCode: 409, error: 'Conflict', message: 'Not activatable' }, 409);
      return undefined;
    });
    const configured = makeContentState({ tier_1_activation: [{ slug: 'activation', fields: { title: 'Activate your rewards', button_text: 'Activate now', error_text: 'We could not activate you just now.' } }] }, partner);
    renderActivate('/activate?public_id=pub-1', configured);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Activate now' }));
    const toast = await screen.findByText((_, n) => n?.tagName === 'DIV' && n.className.includes('message') && Boolean(n.textContent?.includes('We could not activate you just now.')));
    expect(toast.textContent).not.toContain(ACTIVATION_FAILED);
    expect(within(toast).getByRole('link').getAttribute('href')).toBe(partner.customerSupport.phone.href);
  });

  it('/activate/activated without an activation is not found', () => {
    setup(() => undefined);
    renderActivate('/activate/activated');
    expect(screen.getByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
  });

  it('is not found where the partner has no enrolment', () => {
    setup(() => undefined);
    renderRoutes([{ path: '/activate', element: <ActivateRoute /> }], { route: '/activate?public_id=pub-1', partner: makePartnerConfig({ enrollmentType: 'none' }) });
    expect(screen.getByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
  });
});
