// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfileRoute } from '#client/routes/account/profile-route';
import { ConfirmEmailRoute } from '#client/routes/confirm-email/confirm-email-route';
import { makePartnerConfig } from '#client/test/partner-fixture';
import { makeMember } from '#client/test/member-fixture';
import { json, mockFetch, renderRoutes, Where } from '#client/test/render-router';
import { expectNoAxeViolations } from '#client/test/axe';
import { setCsrfToken } from '#client/lib/csrf';
import { EMAIL_CHANGE_PASSWORD_MESSAGE, EMAIL_CONFIRM_INVALID_MESSAGE, EMAIL_SAME_MESSAGE } from '#shared/rules/email-change';
import type { Member, MemberEmail } from '#shared/schemas/member';
import type { PartnerConfig } from '#shared/schemas/partner';

type Call = { method: string; path: string; body: unknown; token: string | null };

let calls: Call[] = [];
let emailAnswer: MemberEmail;
let answerChange: (body: Record<string, unknown>) => Response | Promise<Response>;
let answerConfirm: (body: Record<string, unknown>) => Response | Promise<Response>;
/** GET /api/Member (read again after a confirmation): signed in or not. */
let signedIn: Member | null;

beforeEach(() => {
  calls = [];
  setCsrfToken('test-csrf');
  emailAnswer = { address: 'ann@example.com', pendingChange: null, passwordRequired: true };
  answerChange = (body) => json({ ...emailAnswer, pendingChange: body.email }, 202);
  answerConfirm = () => json({ confirmed: true, email: 'ann.new@example.com' });
  signedIn = makeMember();
  vi.stubGlobal('fetch', mockFetch((url, init) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const token = new Headers(init.headers).get('x-xsrf-token');
    calls.push({ method: init.method ?? 'GET', path: url.pathname, body, token });
    if (url.pathname === '/api/Member/Email' && (init.method ?? 'GET') === 'GET') return json(emailAnswer);
    if (url.pathname === '/api/Member/Email' && init.method === 'POST') return answerChange(body);
    if (url.pathname === '/api/Member/Email/Confirm') return answerConfirm(body);
    if (url.pathname === '/api/Member') return signedIn ? json(signedIn) : json({ statusCode: 401, error: 'Unauthorized', message: 'You are not signed in.' }, 401);
    return undefined;
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderProfile(opts: { member?: Member; partner?: Partial<PartnerConfig> } = {}) {
  return renderRoutes(
    [
      { path: '/account/user_profile', element: <ProfileRoute /> },
      { path: '*', element: <Where /> },
    ],
    { partner: makePartnerConfig(opts.partner), route: '/account/user_profile', member: opts.member ?? makeMember() },
  );
}

const posts = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/Member/Email');
const errorOf = (input: HTMLElement) => {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent?.replace(/^Error: /, '')).join(' ') || null;
};
const changeForm = () => screen.getByRole('form', { name: 'Change e-mail' });
const section = () => screen.getByRole('region', { name: 'E-mail address' });
/** The notice of the e-mail section (the page's toast regions are live regions too). */
const notice = () => within(section()).getByRole('status');
const newAddress = () => within(changeForm()).getByRole<HTMLInputElement>('textbox', { name: /^New e-mail address/ });
const password = () => within(changeForm()).getByLabelText<HTMLInputElement>(/^Current password/);
const send = () => within(changeForm()).getByRole('button', { name: 'Send confirmation link' });

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Change e-mail' }));
  await waitFor(() => expect(document.activeElement).toBe(newAddress()));
}

describe('Change e-mail on the profile page', () => {
  it('shows the address read-only with a "Change e-mail" button that opens a form of its own, focused on the new address', async () => {
    const user = userEvent.setup();
    renderProfile();
    expect(within(section()).getByRole<HTMLInputElement>('textbox', { name: 'Email' }).readOnly).toBe(true);
    expect(screen.queryByRole('form', { name: 'Change e-mail' })).toBeNull();
    await openForm(user);
    expect(newAddress().getAttribute('aria-required')).toBe('true');
    expect(password().getAttribute('type')).toBe('password');
    // Its own form, not inside the profile form (a form within a form is not allowed).
    expect(screen.getByRole('form', { name: 'Member Profile' }).contains(changeForm())).toBe(false);
    await expectNoAxeViolations();
  });

  it('sends the new address and the password, then says where the link went and focuses that message', async () => {
    const user = userEvent.setup();
    renderProfile();
    await openForm(user);
    await user.type(newAddress(), '  Ann.New@Example.com ');
    await user.type(password(), 'Secret-pass1');
    await user.click(send());
    const message = 'We sent a link to ann.new@example.com. Your address changes when you open it.';
    await waitFor(() => expect(notice().textContent).toContain(message));
    expect(posts()).toHaveLength(1);
    expect(posts()[0]).toMatchObject({ body: { email: 'ann.new@example.com', password: 'Secret-pass1' }, token: 'test-csrf' });
    expect(screen.queryByRole('form', { name: 'Change e-mail' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(notice()));
    // The address itself has not changed yet.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email' }).value).toBe('ann@example.com');
    await expectNoAxeViolations();
  });

  it('shows a change already waiting for its link when the page opens', async () => {
    emailAnswer = { ...emailAnswer, pendingChange: 'waiting@example.com' };
    renderProfile();
    await waitFor(() => expect(notice().textContent).toContain('We sent a link to waiting@example.com. Your address changes when you open it.'));
  });

  it('checks the fields before sending: required, the e-mail rule and not the current address', async () => {
    const user = userEvent.setup();
    renderProfile();
    await openForm(user);
    await user.click(send());
    await waitFor(() => expect(errorOf(newAddress())).toBe('This field is required.'));
    expect(errorOf(password())).toBe(EMAIL_CHANGE_PASSWORD_MESSAGE);
    expect(document.activeElement).toBe(newAddress());
    await user.type(newAddress(), 'ann@example');
    await waitFor(() => expect(errorOf(newAddress())).toBe('Please enter a valid email address.'));
    await user.clear(newAddress());
    await user.type(newAddress(), 'ANN@example.com');
    await waitFor(() => expect(errorOf(newAddress())).toBe(EMAIL_SAME_MESSAGE));
    expect(posts()).toHaveLength(0);
  });

  it("places the server's answers on their fields: a wrong password, an address in use", async () => {
    const user = userEvent.setup();
    answerChange = () => json({ statusCode: 400, error: 'Bad Request', message: 'That is not your current password.', fieldErrors: [{ field: 'password', message: 'That is not your current password.' }] }, 400);
    renderProfile();
    await openForm(user);
    await user.type(newAddress(), 'ann.new@example.com');
    await user.type(password(), 'Wrong-pass1');
    await user.click(send());
    await waitFor(() => expect(errorOf(password())).toBe('That is not your current password.'));
    expect(document.activeElement).toBe(password());

    answerChange = () => json({ statusCode: 409, error: 'Conflict', message: 'This email is already in use with the program.', fieldErrors: [{ field: 'email', message: 'This email is already in use with the program.' }] }, 409);
    await user.click(send());
    await waitFor(() => expect(errorOf(newAddress())).toBe('This email is already in use with the program.'));
    expect(document.activeElement).toBe(newAddress());
    expect(screen.queryByText(/We sent a link/)).toBeNull();
  });

  it('says so in the form when the link could not be sent', async () => {
    const user = userEvent.setup();
    answerChange = () => json({ statusCode: 429, error: 'Too Many Requests', message: 'Too many requests. Please wait 60 seconds and try again.' }, 429);
    renderProfile();
    await openForm(user);
    await user.type(newAddress(), 'ann.new@example.com');
    await user.type(password(), 'Secret-pass1');
    await user.click(send());
    expect((await within(changeForm()).findByRole('alert')).textContent).toContain('Too many requests. Please wait 60 seconds and try again.');
  });

  it('asks a single sign-on member for no password', async () => {
    const user = userEvent.setup();
    emailAnswer = { ...emailAnswer, passwordRequired: false };
    renderProfile({ member: makeMember({ interfaceType: 'sso' }), partner: { enrollmentType: 'sso' } });
    await openForm(user);
    expect(within(changeForm()).queryByLabelText(/^Current password/)).toBeNull();
    await user.type(newAddress(), 'ann.new@example.com');
    await user.click(send());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({ email: 'ann.new@example.com' });
  });

  it('Cancel closes the form and gives the focus back to the button', async () => {
    const user = userEvent.setup();
    renderProfile();
    await openForm(user);
    await user.type(newAddress(), 'half@example.com');
    await user.click(within(changeForm()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Change e-mail' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change e-mail' })));
    await openForm(user);
    expect(newAddress().value).toBe('');
  });
});

function renderConfirm(search: string, member: Member | null = null) {
  signedIn = member;
  return renderRoutes(
    [
      { path: '/confirm-email', element: <ConfirmEmailRoute /> },
      { path: '*', element: <Where /> },
    ],
    { partner: makePartnerConfig(), route: `/confirm-email${search}`, member: member ?? undefined },
  );
}
const TOKEN = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v';

describe('The confirmation link page', () => {
  it('confirms with one click (opening the page uses nothing up), then says so with the focus on the result', async () => {
    const user = userEvent.setup();
    renderConfirm(`?token=${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your new e-mail address' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/Member/Email/Confirm')).toHaveLength(0);
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Confirm my new address' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/now uses/).getAttribute('role')).toBe('status');
    expect(screen.getByText(/now uses/).textContent).toContain('ann.new@example.com');
    expect(calls.filter((c) => c.path === '/api/Member/Email/Confirm')).toEqual([
      { method: 'POST', path: '/api/Member/Email/Confirm', body: { token: TOKEN }, token: 'test-csrf' },
    ]);
    // Signed out (another device): on to sign in with the new address.
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?email=ann.new%40example.com');
    await expectNoAxeViolations();
  });

  it('leads a signed-in member back to the profile', async () => {
    const user = userEvent.setup();
    renderConfirm(`?token=${TOKEN}`, makeMember());
    await user.click(screen.getByRole('button', { name: 'Confirm my new address' }));
    expect((await screen.findByRole('link', { name: 'Back to your profile' })).getAttribute('href')).toBe('/account/user_profile');
  });

  it("shows the server's reason when the link is expired or used", async () => {
    const user = userEvent.setup();
    answerConfirm = () => json({ statusCode: 400, error: 'Bad Request', message: EMAIL_CONFIRM_INVALID_MESSAGE }, 400);
    renderConfirm(`?token=${TOKEN}`);
    await user.click(screen.getByRole('button', { name: 'Confirm my new address' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'This link can no longer be used' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(EMAIL_CONFIRM_INVALID_MESSAGE).getAttribute('role')).toBe('alert');
    await expectNoAxeViolations();
  });

  it('says at once that a cut-off link cannot be used, without calling the server', async () => {
    renderConfirm('?token=abc');
    expect(screen.getByRole('heading', { level: 1, name: 'This link can no longer be used' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/Member/Email/Confirm')).toHaveLength(0);
  });

  it('keeps the button for another try when the server could not answer', async () => {
    const user = userEvent.setup();
    answerConfirm = () => json({ statusCode: 500, error: 'Internal Server Error', message: 'Down.' }, 500);
    renderConfirm(`?token=${TOKEN}`);
    await user.click(screen.getByRole('button', { name: 'Confirm my new address' }));
    expect((await screen.findByText(/We could not confirm your address just now\./)).closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm my new address' })).toBeTruthy();
  });
});
