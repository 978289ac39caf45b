// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProspectEmailForm, validateProspectEmail } from './prospect-email-form';
import { json, mockFetch, renderRoutes, Where } from '../../test/render-router';
import { makePartnerConfig } from '../../test/partner-fixture';
import { EMAIL_MESSAGE, emailProblem } from '#shared/rules/email';
import { ZProspectEmailRequest } from '#shared/schemas/member';

type Check = Response | (() => Response);

function setup(check: Check) {
  const fetchMock = vi.fn(mockFetch((url) => {
    if (url.pathname === '/api/Members/Validate/Email') return typeof check === 'function' ? check() : check.clone();
    if (url.pathname === '/api/Members/Prospects/Email') return json({ ok: true }, 202);
    return undefined;
  }));
  vi.stubGlobal('fetch', fetchMock);
  renderRoutes(
    [
      { path: '/', element: <ProspectEmailForm title="Start earning" /> },
      { path: '*', element: <Where /> },
    ],
    { partner: makePartnerConfig({ enrollmentType: 'direct' }) },
  );
  return fetchMock;
}

const called = (fetchMock: ReturnType<typeof setup>, part: string) => fetchMock.mock.calls.some(([u]) => String(u).includes(part));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProspectEmailForm: one e-mail rule with the server', () => {
  it('is the rule of the server: the page refuses exactly what the prospect call refuses', () => {
    for (const email of ['.a@b.com', 'a..b@example.com', 'ana@-x.com', 'ana@example', 'a@b.com', ' Ana@Example.com ', '', `${'a'.repeat(40)}@example.com`]) {
      const server = ZProspectEmailRequest.safeParse({ email });
      expect(validateProspectEmail(email) === null, email).toBe(server.success);
      expect(validateProspectEmail(email)).toBe(emailProblem(email));
    }
  });

  it('refuses .a@b.com on the page: no check, no sign-in page', async () => {
    const fetchMock = setup(json({ isValid: false }));
    const user = userEvent.setup();
    const email = screen.getByRole('textbox', { name: /Email address/ });
    await user.type(email, '.a@b.com');
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    expect(screen.getByText(EMAIL_MESSAGE)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('where')).toBeNull();
    expect(called(fetchMock, '/Validate/Email')).toBe(false);
  });

  it('stays with the server message when the server refuses the e-mail as invalid (never "already a member")', async () => {
    const fetchMock = setup(() => json({ statusCode: 400, error: 'Bad Request', message: EMAIL_MESSAGE, fieldErrors: [{ field: 'email', message: EMAIL_MESSAGE }] }, 400));
    const user = userEvent.setup();
    const email = screen.getByRole('textbox', { name: /Email address/ });
    await user.type(email, 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    await waitFor(() => expect(screen.getByText(EMAIL_MESSAGE)).toBeTruthy());
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(screen.queryByTestId('where')).toBeNull();
    expect(called(fetchMock, '/Prospects/Email')).toBe(false);
  });

  it('sends a member (isValid false) and a failed check (§2) to sign in, a new visitor to joining', async () => {
    setup(json({ isValid: false }));
    let user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/login?email=ann%40example.com');
    cleanup();

    setup(() => json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500));
    user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/login?email=ann%40example.com');
    cleanup();

    const fetchMock = setup(json({ isValid: true }));
    user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/join?email=new%40example.com');
    expect(called(fetchMock, '/Prospects/Email')).toBe(true);
  });
});
