// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SMS_CONSENT_CHECKBOX, SMS_CONSENT_VERSION } from '#shared/rules/sms-consent';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { JoinRoute } from './join-route';
import { ALREADY_MEMBER, EMAIL_IN_USE } from '../../features/enrollment';
import { DONE_TITLE } from '../../features/enrollment/components/join-screen';
import { JOIN_STEPS, joinStepLabel } from '../../features/enrollment/components/join-steps';
import { DEMO_NUMBERS_LINK } from '../../features/enrollment/components/join-fields';
import { PARTNER_NUMBERS_ANCHOR } from '../../features/enrollment/join-rules';
import { json, mockFetch, renderRoutes, Where } from '../../test/render-router';
import { makePartnerConfig } from '../../test/partner-fixture';
import { makeMember } from '../../test/member-fixture';
import { expectNoAxeViolations } from '../../test/axe';
import { ZIP_CHECK_FAILED, ZIP_NOT_US_MESSAGE } from '#shared/rules/zip';
import { EMAIL_MESSAGE } from '#shared/rules/email';

type Handler = Parameters<typeof mockFetch>[0];

function setup(handler: Handler = () => undefined) {
  const fetchMock = vi.fn(mockFetch((url, init) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/Members/Validate/Email') return json({ isValid: true });
    if (url.pathname === '/api/Members/Validate/Zip') return json({ isValid: true });
    return undefined;
  }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderJoin(opts: { route?: string; partner?: ReturnType<typeof makePartnerConfig> } = {}) {
  return renderRoutes(
    [
      { path: '/join', element: <JoinRoute /> },
      { path: '*', element: <Where /> },
    ],
    { route: opts.route ?? '/join', partner: opts.partner ?? makePartnerConfig({ hasPPN: false, hasSmsOptIn: false, hasSmsOptInV2: false, fullAddressRequired: false }) },
  );
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function fillValid(user: UserEvent) {
  await user.type(field(/^Email/), 'new@example.com');
  await user.type(field(/^Password/), 'dinner123');
  await user.type(field(/^Confirm password/), 'dinner123');
  await user.type(field(/^First name/), 'Nia');
  await user.type(field(/^Last name/), 'Diner');
  await user.type(field(/^ZIP code/), '60601');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('JoinRoute', () => {
  it('names the step as steps 2 and 3 do (issue 13)', () => {
    setup();
    renderJoin();
    expect(screen.getByText(joinStepLabel(1))).toBeTruthy();
    expect(JOIN_STEPS.map((_, i) => joinStepLabel((i + 1) as 1 | 2 | 3))).toEqual(['Step 1 of 3: Create your account', 'Step 2 of 3: Link a card', 'Step 3 of 3: Start earning']);
  });

  it('prefills the e-mail from the query', () => {
    setup();
    renderJoin({ route: '/join?email=ann%40example.com' });
    expect(field(/^Email/).value).toBe('ann@example.com');
  });

  it('places the server field errors on their fields and focuses the first in form order', async () => {
    setup((url) =>
      url.pathname === '/api/Members/Prospects'
        ? json({ statusCode: 400, error: 'Bad Request', message: 'Invalid', fieldErrors: [{ field: 'zipCode', message: ZIP_NOT_US_MESSAGE }, { field: 'email', message: EMAIL_IN_USE }] }, 400)
        : undefined,
    );
    renderJoin();
    const user = userEvent.setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(document.activeElement).toBe(field(/^Email/)));
    expect(field(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^ZIP code/).getAttribute('aria-invalid')).toBe('true');
    const zipDescribed = field(/^ZIP code/).getAttribute('aria-describedby')!;
    expect(document.getElementById(zipDescribed)!.textContent).toContain(ZIP_NOT_US_MESSAGE);
    // The in-use message comes with the way out.
    expect(screen.getByRole('link', { name: 'reset your password' }).getAttribute('href')).toBe('/recover?email=new%40example.com');
  });

  it('focuses the first invalid field when the form is submitted incomplete', async () => {
    const fetchMock = setup();
    renderJoin();
    const user = userEvent.setup();
    await user.type(field(/^Email/), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(document.activeElement).toBe(field(/^Password/)));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/Members/Prospects'))).toBe(false);
  });

  it('formats the phone on blur and rejects a number that is not a US one', async () => {
    setup();
    renderJoin();
    const user = userEvent.setup();
    const phone = field(/^Mobile phone/);
    await user.type(phone, '(212) 555 0123');
    await user.tab();
    expect(phone.value).toBe('212-555-0123');
    await user.clear(phone);
    await user.type(phone, '112-555-0123');
    await user.tab();
    expect(await screen.findByText('Invalid US based phone number.')).toBeTruthy();
  });

  it('refuses on the page what the server refuses: .a@b.com is no e-mail address, and no server check is made', async () => {
    const fetchMock = setup();
    renderJoin();
    const user = userEvent.setup();
    await user.type(field(/^Email/), '.a@b.com');
    await user.tab();
    expect(await screen.findByText(EMAIL_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(EMAIL_IN_USE)).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/Validate/Email'))).toBe(false);
  });

  it('shows the server refusing the e-mail as invalid as such, never as already in use', async () => {
    setup((url) => (url.pathname === '/api/Members/Validate/Email'
      ? json({ statusCode: 400, error: 'Bad Request', message: 'Refused by the server rule.', fieldErrors: [{ field: 'email', message: 'Refused by the server rule.' }] }, 400)
      : undefined));
    renderJoin();
    const user = userEvent.setup();
    await user.type(field(/^Email/), 'ann@example.com');
    await user.tab();
    expect(await screen.findByText('Refused by the server rule.')).toBeTruthy();
    expect(screen.queryByText(EMAIL_IN_USE)).toBeNull();
    expect(screen.queryByRole('link', { name: 'reset your password' })).toBeNull();
  });

  it('says when the e-mail already belongs to a member, with sign-in and recover links', async () => {
    setup((url) => (url.pathname === '/api/Members/Validate/Email' ? json({ isValid: false }) : undefined));
    renderJoin();
    const user = userEvent.setup();
    await user.type(field(/^Email/), 'ann@example.com');
    await user.tab();
    expect(await screen.findByText(EMAIL_IN_USE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'reset your password' }).getAttribute('href')).toBe('/recover?email=ann%40example.com');
  });

  it('checks the ZIP code on blur: outside the US, and a failed check', async () => {
    let fail = false;
    setup((url) => {
      if (url.pathname !== '/api/Members/Validate/Zip') return undefined;
      if (fail) return json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500);
      return json({ isValid: false, message: ZIP_NOT_US_MESSAGE });
    });
    renderJoin();
    const user = userEvent.setup();
    const zip = field(/^ZIP code/);
    await user.type(zip, '00000');
    await user.tab();
    expect(await screen.findByText(ZIP_NOT_US_MESSAGE)).toBeTruthy();
    fail = true;
    await user.clear(zip);
    await user.type(zip, '99999');
    await user.tab();
    expect(await screen.findByText(ZIP_CHECK_FAILED)).toBeTruthy();
  });

  const smsPartners = [
    ['v1', { hasSmsOptIn: true, hasSmsOptInV2: false }],
    ['v2', { hasSmsOptIn: false, hasSmsOptInV2: true }],
  ] as const;

  it.each(smsPartners)('%s SMS opt-in: disabled without a phone; typing a phone does not tick it (only the consent does, issue 25)', async (_v, flags) => {
    setup();
    renderJoin({ partner: makePartnerConfig({ hasPPN: false, ...flags }) });
    const user = userEvent.setup();
    const sms = screen.getByRole('checkbox', { name: /text messages/ }) as HTMLInputElement;
    expect(sms.disabled).toBe(true);
    expect(sms.checked).toBe(false);
    await user.type(field(/^Mobile phone/), '2125550123');
    await user.tab();
    expect(sms.disabled).toBe(false);
    expect(sms.checked).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each(smsPartners)('%s SMS opt-in: ticking opens the consent; confirming without its box cancels and turns it off (§4)', async (_v, flags) => {
    setup();
    renderJoin({ partner: makePartnerConfig({ hasPPN: false, ...flags, shortCode: '97082' }) });
    const user = userEvent.setup();
    const sms = screen.getByRole('checkbox', { name: /text messages/ }) as HTMLInputElement;
    await user.type(field(/^Mobile phone/), '2125550123');
    await user.tab();

    await user.click(sms);
    let dialog = await screen.findByRole('dialog', { name: 'Text message consent' });
    expect(dialog.textContent).toContain('97082');
    expect(dialog.textContent).toContain('at 212-555-0123');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sms.checked).toBe(false);

    await user.click(sms);
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'I agree to receive text messages.' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sms.checked).toBe(true);

    // Unticking needs no consent; ticking again asks again, and cancelling leaves it off.
    await user.click(sms);
    expect(sms.checked).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(sms);
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sms.checked).toBe(false);
  });

  it.each([
    ['v1', { hasSmsOptIn: true, hasSmsOptInV2: false }, { smsOptIn: true }],
    ['v2', { hasSmsOptIn: false, hasSmsOptInV2: true }, { smsOptIn: true, smsOptInV2: true }],
  ] as const)('%s: sends the SMS choice the form shows (with the V2 flag on v2), and the consent confirmed in the modal', async (_v, flags, expected) => {
    const fetchMock = setup((url) => (url.pathname === '/api/Members/Prospects' ? json({ member: makeMember(), csrfToken: 'next' }, 201) : undefined));
    renderJoin({ partner: makePartnerConfig({ hasPPN: false, fullAddressRequired: false, ...flags }) });
    const user = userEvent.setup();
    await fillValid(user);
    await user.type(field(/^Mobile phone/), '2125550123');
    await user.tab();
    await user.click(screen.getByRole('checkbox', { name: /text messages/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Text message consent' });
    await user.click(within(dialog).getByRole('checkbox', { name: SMS_CONSENT_CHECKBOX }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/add_card'));
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/api/Members/Prospects'))!;
    const body = JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;
    expect(body).toMatchObject({ phoneNumber: '2125550123', ...expected, smsConsent: { version: SMS_CONSENT_VERSION, agreed: true } });
    // The second opt-in is sent only where the partner asks it (toMatchObject checked its value).
    expect(Object.hasOwn(body, 'smsOptInV2')).toBe('smsOptInV2' in expected);
  });

  it('sends no opt-in and no consent for a phone alone', async () => {
    const fetchMock = setup((url) => (url.pathname === '/api/Members/Prospects' ? json({ member: makeMember(), csrfToken: 'next' }, 201) : undefined));
    renderJoin({ partner: makePartnerConfig({ hasPPN: false, fullAddressRequired: false, hasSmsOptIn: true, hasSmsOptInV2: false }) });
    const user = userEvent.setup();
    await fillValid(user);
    await user.type(field(/^Mobile phone/), '2125550123');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/add_card'));
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/api/Members/Prospects'))!;
    const body = JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;
    expect(body).toMatchObject({ phoneNumber: '2125550123', smsOptIn: false });
    expect(body).not.toHaveProperty('smsConsent');
  });

  it('v1 SMS opt-in: off when the number changes after consenting', async () => {
    setup();
    renderJoin({ partner: makePartnerConfig({ hasPPN: false, hasSmsOptIn: true, hasSmsOptInV2: false }) });
    const user = userEvent.setup();
    const sms = screen.getByRole('checkbox', { name: /text messages/ }) as HTMLInputElement;
    const phone = field(/^Mobile phone/);
    await user.type(phone, '2125550123');
    await user.tab();
    await user.click(sms);
    const dialog = await screen.findByRole('dialog', { name: 'Text message consent' });
    await user.click(within(dialog).getByRole('checkbox', { name: SMS_CONSENT_CHECKBOX }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(sms.checked).toBe(true);
    await user.clear(phone);
    expect(sms.checked).toBe(false);
    await user.type(phone, '6465550199');
    await user.tab();
    expect(sms.checked).toBe(false);
  });

  it('checks the partner number and keeps it out of the password', async () => {
    setup();
    renderJoin({ partner: makePartnerConfig({ hasPPN: true, partnerNumberValidator: 'checkCharacter', hasSmsOptIn: false, hasSmsOptInV2: false }) });
    const user = userEvent.setup();
    const pn = screen.getByLabelText(/ \(required\)$/, { selector: 'input[autocapitalize="characters"]' }) as HTMLInputElement;
    await user.type(pn, 'abcdef7');
    await user.tab();
    expect(await screen.findByText('Invalid format for the partner number.')).toBeTruthy();
    await user.clear(pn);
    await user.type(pn, 'abcdef8');
    await user.tab();
    expect(pn.value).toBe('ABCDEF8');
    await waitFor(() => expect(screen.queryByText('Invalid format for the partner number.')).toBeNull());
    await user.type(field(/^Password/), 'xABCDEF8x1');
    await user.tab();
    expect(await screen.findByText('Password cannot contain your partner number.')).toBeTruthy();
  });

  it('says next to the partner number what it is and where a member finds it; outside production, where to get a demo one', () => {
    setup();
    const base = makePartnerConfig({ hasPPN: true, hasSmsOptIn: false, hasSmsOptInV2: false });
    const help = 'Your Test Rewards number is on your Test Rewards card and in the Test app.';
    const partner = { ...base, copyStates: { ...base.copyStates, partnerNumberLabel: 'Test Rewards number', partnerNumberHelp: help } };
    renderJoin({ partner });
    const pn = screen.getByRole('textbox', { name: /^Test Rewards number/ });
    const hint = document.getElementById(pn.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(hint.textContent).toContain(help);
    expect(hint.textContent).toContain('check character');
    expect(within(hint).getByRole('link', { name: DEMO_NUMBERS_LINK }).getAttribute('href')).toBe(`/stgtools#${PARTNER_NUMBERS_ANCHOR}`);
    cleanup();
    renderJoin({ partner: { ...partner, environment: 'production' } });
    expect(screen.getByText(/on your Test Rewards card and in the Test app/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: DEMO_NUMBERS_LINK })).toBeNull();
  });

  it('answers an existing member with the §8 choices', async () => {
    setup((url) => (url.pathname === '/api/Members/Prospects' ? json({ statusCode: 409, error: 'Conflict', code: 'alreadyMember', message: 'Already a member.' }, 409) : undefined));
    renderJoin();
    const user = userEvent.setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const banner = await screen.findByText((_, n) => n?.getAttribute('role') === 'alert' && Boolean(n.textContent?.includes(ALREADY_MEMBER)));
    expect(within(banner).getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'reset your password' })).toBeTruthy();
  });

  it('sends the sign-up with referral and public id, then goes on to step 2 (link a card)', async () => {
    localStorage.setItem('RN_REFERRAL', JSON.stringify({ value: { utm_source: 'mail' }, expiresAt: Date.now() + 60_000 }));
    localStorage.setItem('RN_PUBLIC_ID', JSON.stringify({ value: 'pub-kv-1' }));
    const fetchMock = setup((url) => (url.pathname === '/api/Members/Prospects' ? json({ member: makeMember({ firstName: 'Nia' }), csrfToken: 'next' }, 201) : undefined));
    renderJoin();
    const user = userEvent.setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/add_card'));
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/api/Members/Prospects'))!;
    const body = JSON.parse(String((call[1] as RequestInit).body));
    expect(body).toMatchObject({ email: 'new@example.com', firstName: 'Nia', zipCode: '60601', phoneNumber: '', smsOptIn: false, emailOptIn: true, referral: { utm_source: 'mail' }, publicId: 'pub-kv-1' });
    // The e-mail check on leaving the field names the known visitor too: their own e-mail is free to them.
    const check = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).find((u) => u.pathname === '/api/Members/Validate/Email')!;
    expect(Object.fromEntries(check.searchParams)).toEqual({ email: 'new@example.com', publicId: 'pub-kv-1' });
  });

  it('asks for the address where the partner requires it (not for credit partners)', () => {
    setup();
    renderJoin({ partner: makePartnerConfig({ fullAddressRequired: true, currencyType: 'Mile' }) });
    expect(screen.getByLabelText(/^Address \(required\)/)).toBeTruthy();
    expect(screen.getByLabelText(/^State/)).toBeTruthy();
    cleanup();
    renderJoin({ partner: makePartnerConfig({ fullAddressRequired: true, currencyType: 'Credit' }) });
    expect(screen.queryByLabelText(/^Address/)).toBeNull();
  });

  it('sso partners join through the partner sign-on; a signed-in member sees the account exists', async () => {
    setup();
    renderJoin({ partner: makePartnerConfig({ enrollmentType: 'sso' }) });
    expect(screen.getByRole('link', { name: /^Join with / }).getAttribute('href')).toBe('/auth/sso/start?returnTo=%2Fjoin');
    expect(screen.queryByLabelText(/^Email/)).toBeNull();
    cleanup();
    renderRoutes([{ path: '/join', element: <JoinRoute /> }], { route: '/join', member: makeMember(), partner: makePartnerConfig({ enrollmentType: 'sso' }) });
    expect(screen.getByRole('heading', { level: 1, name: DONE_TITLE })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your account' }).getAttribute('href')).toBe('/account');
  });

  it('is not found where the partner has no enrolment', () => {
    setup();
    renderJoin({ partner: makePartnerConfig({ enrollmentType: 'none' }) });
    expect(screen.getByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
  });

  it('has no axe violations', async () => {
    setup();
    renderJoin({ partner: makePartnerConfig({ hasPPN: true, hasSmsOptInV2: true, fullAddressRequired: true, currencyType: 'Mile' }) });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create account' }));
    await expectNoAxeViolations();
  });
});
