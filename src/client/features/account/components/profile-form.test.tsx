// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SMS_CONSENT_VERSION } from '#shared/rules/sms-consent';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfileRoute } from '#client/routes/account/profile-route';
import { makePartnerConfig } from '#client/test/partner-fixture';
import { makeMember } from '#client/test/member-fixture';
import { json, mockFetch, renderRoutes, Where } from '#client/test/render-router';
import { expectNoAxeViolations } from '#client/test/axe';
import { setCsrfToken } from '#client/lib/csrf';
import { MEMBER_QUERY_KEY } from '../../session/api';
import type { Member } from '#shared/schemas/member';
import type { PartnerConfig } from '#shared/schemas/partner';

type Call = { method: string; path: string; search: string; body: unknown };

let calls: Call[] = [];
/** The member the form was rendered with; the server's answer builds on it. */
let rendered: Member;
let answerPut: (body: Record<string, unknown>) => Response | Promise<Response>;
let answerZip: (zip: string) => Response | Promise<Response>;

beforeEach(() => {
  calls = [];
  setCsrfToken('test-csrf');
  answerPut = (body) => json({ member: memberFrom(rendered, body), changed: true });
  answerZip = () => json({ isValid: true });
  vi.stubGlobal('fetch', mockFetch((url, init) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method: init.method ?? 'GET', path: url.pathname, search: url.search, body });
    if (url.pathname === '/api/Member' && init.method === 'PUT') return answerPut(body);
    if (url.pathname === '/api/Members/Validate/Zip') return answerZip(url.searchParams.get('zip') ?? '');
    return undefined;
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** What the server would answer: the member with the request's values. */
function memberFrom(member: Member, body: Record<string, unknown>): Member {
  const b = body as unknown as Pick<Member, 'firstName' | 'lastName' | 'phoneNumber' | 'smsOptIn' | 'emailOptIn'> & Member['address'];
  return {
    ...member,
    firstName: b.firstName, lastName: b.lastName, phoneNumber: b.phoneNumber, smsOptIn: b.smsOptIn, emailOptIn: b.emailOptIn,
    address: { address1: b.address1, address2: b.address2, city: b.city, state: b.state, zipCode: b.zipCode },
  };
}

function renderProfile(opts: { member?: Member; partner?: Partial<PartnerConfig> } = {}) {
  const partner = makePartnerConfig(opts.partner);
  rendered = opts.member ?? makeMember();
  return renderRoutes(
    [
      { path: '/account/user_profile', element: <ProfileRoute /> },
      { path: '*', element: <Where /> },
    ],
    { partner, route: '/account/user_profile', member: rendered },
  );
}

const field = (name: string | RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });
const save = () => screen.getByRole('button', { name: 'Save changes' });
const puts = () => calls.filter((c) => c.method === 'PUT');
const errorOf = (input: HTMLElement) => {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent?.replace(/^Error: /, '')).join(' ') || null;
};

describe('Profile form', () => {
  it('shows the member with e-mail and password read-only and the required-field note', async () => {
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Member Profile' })).toBeTruthy();
    expect(screen.getByText('* Required field')).toBeTruthy();
    const email = screen.getByRole<HTMLInputElement>('textbox', { name: 'Email' });
    expect(email.value).toBe('ann@example.com');
    expect(email.readOnly).toBe(true);
    const password = field('Password');
    expect(password.readOnly).toBe(true);
    expect(password.value).toBe('••••••••');
    expect(screen.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe('/recover');
    expect(field('First name').value).toBe('Ann');
    expect(field('First name').getAttribute('aria-required')).toBe('true');
    expect(field('Mobile phone number').value).toBe('312-555-0100');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'State' }).value).toBe('IL');
    expect(screen.getByRole('checkbox', { name: /Send me emails/ })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('says "All changes were saved." after a save, sends trimmed values and updates the member', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderProfile();
    await user.clear(field('City'));
    await user.type(field('City'), '  Evanston ');
    await user.click(save());
    expect(await screen.findByText('All changes were saved.')).toBeTruthy();
    expect(puts()).toHaveLength(1);
    expect(puts()[0]!.body).toMatchObject({ city: 'Evanston', phoneNumber: '3125550100', firstName: 'Ann', zipCode: '60601' });
    expect(queryClient.getQueryData<Member>(MEMBER_QUERY_KEY)?.address.city).toBe('Evanston');
  });

  it('says "No changes were made." when the server saw no change', async () => {
    const user = userEvent.setup();
    answerPut = () => json({ member: makeMember(), changed: false });
    renderProfile();
    await user.click(save());
    expect(await screen.findByText('No changes were made.')).toBeTruthy();
  });

  it('places server field errors on their fields and focuses the first of them', async () => {
    const user = userEvent.setup();
    answerPut = () =>
      json({
        statusCode: 400, error: 'Bad Request', message: 'Check the form.',
        fieldErrors: [{ field: 'zipCode', message: 'This ZIP code is not located in the U.S.' }, { field: 'lastName', message: 'Last name is not allowed.' }],
      }, 400);
    renderProfile();
    await user.click(save());
    await waitFor(() => expect(errorOf(field('Last name'))).toBe('Last name is not allowed.'));
    expect(errorOf(field('ZIP code'))).toBe('This ZIP code is not located in the U.S.');
    expect(document.activeElement).toBe(field('Last name'));
    expect(screen.queryByText(/No changes were saved/)).toBeNull();
    await expectNoAxeViolations();
  });

  it('shows the error toast and the server message at the bottom for other failures', async () => {
    const user = userEvent.setup();
    answerPut = () => json({ statusCode: 500, error: 'Internal Server Error', message: 'The database is unavailable.' }, 500);
    renderProfile();
    await user.click(save());
    expect(await screen.findByText('No changes were saved. See error at bottom of page for more details.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Member Profile' });
    expect(within(form).getByRole('alert').textContent).toContain('The database is unavailable.');
  });

  it('goes to /login when the session has ended', async () => {
    const user = userEvent.setup();
    answerPut = () => json({ statusCode: 401, error: 'Unauthorized', message: 'Sign in again.' }, 401);
    renderProfile();
    await user.click(save());
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
  });

  it('shows a single sign-on member their names read-only and no password', async () => {
    const user = userEvent.setup();
    renderProfile({ member: makeMember({ interfaceType: 'sso' }), partner: { enrollmentType: 'sso' } });
    const first = field('First name');
    expect(first.readOnly).toBe(true);
    expect(first.getAttribute('aria-required')).toBeNull();
    expect(field('Last name').readOnly).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Password' })).toBeNull();
    await user.click(save());
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toMatchObject({ firstName: 'Ann', lastName: 'Card' });
  });

  it('validates on blur, and after a submit again on every change', async () => {
    const user = userEvent.setup();
    renderProfile();
    const first = field('First name');
    await user.clear(first);
    await user.tab();
    expect(errorOf(first)).toBe('This field is required.');
    // Before a submit, typing does not clear the message; leaving the field does.
    await user.type(first, 'A');
    expect(errorOf(first)).toBe('This field is required.');
    await user.tab();
    expect(errorOf(first)).toBeNull();
    await user.clear(first);
    await user.click(save());
    await waitFor(() => expect(errorOf(first)).toBe('This field is required.'));
    expect(document.activeElement).toBe(first);
    await user.type(first, 'B');
    await waitFor(() => expect(errorOf(first)).toBeNull());
    expect(puts()).toHaveLength(0);
  });

  it('focuses the first invalid field in the order the form shows them (the phone comes last), not in registration order', async () => {
    const user = userEvent.setup();
    renderProfile();
    await user.clear(field(/^Mobile phone|^Phone/));
    await user.type(field(/^Mobile phone|^Phone/), '123');
    await user.clear(field('Last name'));
    await user.click(save());
    await waitFor(() => expect(errorOf(field('Last name'))).toBe('This field is required.'));
    expect(errorOf(field(/^Mobile phone|^Phone/))).not.toBeNull();
    expect(document.activeElement).toBe(field('Last name'));
  });

  it('clears the last attempt\'s warnings on a new attempt: the bottom message and the error toast go', async () => {
    const user = userEvent.setup();
    answerPut = () => json({ statusCode: 500, error: 'Internal Server Error', message: 'The database is unavailable.' }, 500);
    renderProfile();
    await user.click(save());
    expect(await screen.findByText('No changes were saved. See error at bottom of page for more details.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Member Profile' });
    expect(within(form).getByRole('alert').textContent).toContain('The database is unavailable.');
    // The next attempt stops at a field of the form: the old server message and toast are gone.
    await user.clear(field('First name'));
    await user.click(save());
    await waitFor(() => expect(document.activeElement).toBe(field('First name')));
    expect(within(form).queryByText(/The database is unavailable/)).toBeNull();
    expect(screen.queryByText('No changes were saved. See error at bottom of page for more details.')).toBeNull();
    // And a successful one shows only its own outcome.
    answerPut = (body) => json({ member: memberFrom(rendered, body), changed: true });
    await user.type(field('First name'), 'Ann');
    await user.click(save());
    expect(await screen.findByText('All changes were saved.')).toBeTruthy();
    expect(screen.queryByText(/No changes were saved/)).toBeNull();
  });

  it('requires address, city and state when the partner asks for the full address', async () => {
    const user = userEvent.setup();
    renderProfile({ partner: { fullAddressRequired: true } });
    expect(field('Address').getAttribute('aria-required')).toBe('true');
    await user.clear(field('Address'));
    await user.clear(field('City'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), '');
    await user.click(save());
    await waitFor(() => expect(errorOf(field('Address'))).toBe('This field is required.'));
    expect(errorOf(field('City'))).toBe('This field is required.');
    expect(errorOf(screen.getByRole('combobox', { name: 'State' }))).toBe('This field is required.');
    expect(errorOf(field('Address line 2'))).toBeNull();
    expect(puts()).toHaveLength(0);
  });

  it('does not require the full address from credit partners', async () => {
    const user = userEvent.setup();
    renderProfile({ partner: { fullAddressRequired: true, currencyType: 'Credit' } });
    expect(field('Address').getAttribute('aria-required')).toBeNull();
    await user.clear(field('Address'));
    await user.clear(field('City'));
    await user.click(save());
    await waitFor(() => expect(puts()).toHaveLength(1));
  });

  it('limits names to 20 characters and the address to 30', async () => {
    const user = userEvent.setup();
    renderProfile({ member: makeMember({ firstName: 'A'.repeat(21), address: { ...makeMember().address, address1: 'B'.repeat(31) } }) });
    await user.click(save());
    await waitFor(() => expect(errorOf(field('First name'))).toBe('First name must be 20 characters or fewer.'));
    expect(errorOf(field('Address'))).toBe('Address must be 30 characters or fewer.');
  });

  it('checks the ZIP code: five digits, then in the U.S. with the server', async () => {
    const user = userEvent.setup();
    answerZip = (zip) => json({ isValid: zip !== '00000' });
    renderProfile();
    const zip = field('ZIP code');
    await user.clear(zip);
    await user.type(zip, '123');
    await user.tab();
    expect(errorOf(zip)).toBe('ZIP code must be exactly 5 digits.');
    await user.clear(zip);
    await user.type(zip, '00000');
    await user.tab();
    await waitFor(() => expect(errorOf(zip)).toBe('This ZIP code is not located in the U.S.'));
    expect(calls.some((c) => c.path === '/api/Members/Validate/Zip' && c.search === '?zip=00000')).toBe(true);
    answerZip = () => Promise.reject(new TypeError('network down'));
    await user.clear(zip);
    await user.type(zip, '10001');
    await user.tab();
    await waitFor(() => expect(errorOf(zip)).toBe('Error while checking ZIP code.'));
  });

  it('formats the phone number on blur and rejects numbers that are not US numbers', async () => {
    const user = userEvent.setup();
    renderProfile();
    const phone = field('Mobile phone number');
    await user.clear(phone);
    await user.type(phone, '(212) 555 0142');
    await user.tab();
    expect(phone.value).toBe('212-555-0142');
    expect(errorOf(phone)).toBeNull();
    await user.clear(phone);
    await user.type(phone, '123-456-7890');
    await user.tab();
    expect(errorOf(phone)).toBe('Invalid phone number, please check the number and try again.');
  });
});

describe('Profile SMS opt-in', () => {
  const sms = () => screen.getByRole<HTMLInputElement>('checkbox', { name: /text messages/ });

  it('is there only for partners with SMS opt-in', () => {
    renderProfile();
    expect(screen.queryByRole('checkbox', { name: /text messages/ })).toBeNull();
  });

  const smsPartners = [
    ['v1', { hasSmsOptIn: true, hasSmsOptInV2: false }, {}],
    ['v2', { hasSmsOptIn: false, hasSmsOptInV2: true }, { smsOptInV2: true }],
  ] as const;

  it.each(smsPartners)('%s: opens the consent dialog; confirming with its box ticked turns it on', async (_v, flags, v2Flag) => {
    const user = userEvent.setup();
    renderProfile({ partner: flags });
    await user.click(sms());
    const dialog = screen.getByRole('dialog', { name: 'Text message consent' });
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('checkbox', { name: 'I agree to receive text messages.' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sms().checked).toBe(true);
    await user.click(save());
    await waitFor(() => expect(puts()).toHaveLength(1));
    // The consent goes with the opt-in: the server records it (and refuses an opt-in without one).
    expect(puts()[0]!.body).toMatchObject({ smsOptIn: true, ...v2Flag, smsConsent: { version: SMS_CONSENT_VERSION, agreed: true } });
  });

  it.each(smsPartners)('%s: confirming the consent without its box ticked cancels and turns the opt-in off (§4)', async (_v, flags) => {
    const user = userEvent.setup();
    renderProfile({ partner: flags });
    await user.click(sms());
    const dialog = screen.getByRole('dialog', { name: 'Text message consent' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sms().checked).toBe(false);
    expect(document.activeElement).toBe(sms());
  });

  it.each(smsPartners)('%s: a first phone number does not tick it: only the consent does (issue 25)', async (_v, flags) => {
    const user = userEvent.setup();
    renderProfile({ partner: flags, member: makeMember({ phoneNumber: '', smsOptIn: false }) });
    expect(sms().disabled).toBe(true);
    const phone = field('Mobile phone number');
    await user.type(phone, '3125550100');
    await user.tab();
    expect(sms().disabled).toBe(false);
    expect(sms().checked).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(save());
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toMatchObject({ phoneNumber: '3125550100', smsOptIn: false });
    expect(puts()[0]!.body).not.toHaveProperty('smsConsent');
  });

  it('keeps a member who said no opted out while the saved number stays', async () => {
    const user = userEvent.setup();
    renderProfile({ partner: { hasSmsOptIn: true }, member: makeMember({ smsOptIn: false }) });
    const phone = field('Mobile phone number');
    await user.click(phone);
    await user.tab();
    expect(sms().checked).toBe(false);
  });

  it('stays off when the consent is cancelled', async () => {
    const user = userEvent.setup();
    renderProfile({ partner: { hasSmsOptInV2: true } });
    await user.click(sms());
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sms().checked).toBe(false);
    expect(document.activeElement).toBe(sms());
  });

  it('is turned off by a changed number on v1 and disabled without a valid number', async () => {
    const user = userEvent.setup();
    renderProfile({ partner: { hasSmsOptIn: true }, member: makeMember({ smsOptIn: true }) });
    expect(sms().checked).toBe(true);
    const phone = field('Mobile phone number');
    await user.clear(phone);
    expect(sms().checked).toBe(false);
    expect(sms().disabled).toBe(true);
    await user.type(phone, '3125550100');
    expect(sms().disabled).toBe(false);
    expect(sms().checked).toBe(false);
  });

  it('is turned off by another number on v2 too: the consent was for the number it named', async () => {
    const user = userEvent.setup();
    renderProfile({ partner: { hasSmsOptInV2: true }, member: makeMember({ smsOptIn: true }) });
    const phone = field('Mobile phone number');
    // One change from a valid number to another (a paste over the whole value).
    await user.tripleClick(phone);
    await user.paste('2125550142');
    expect(phone.value).toBe('2125550142');
    expect(sms().checked).toBe(false);
  });
});
