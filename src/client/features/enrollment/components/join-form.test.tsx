// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { EMAIL_MESSAGE } from '#shared/rules/email';
import { JoinForm } from './join-form';
import { json, mockFetch, renderRoutes, Where } from '../../../test/render-router';
import { makePartnerConfig } from '../../../test/partner-fixture';
import { makeMember } from '../../../test/member-fixture';

/** The joining form on its own (the join route's tests cover the page and where it leads). */
function renderForm() {
  const fetchMock = vi.fn(mockFetch((url) => {
    if (url.pathname === '/api/Members/Validate/Email') return json({ isValid: true });
    if (url.pathname === '/api/Members/Validate/Zip') return json({ isValid: true });
    if (url.pathname === '/api/Members/Prospects') return json({ member: makeMember(), csrfToken: 'next' }, 201);
    return undefined;
  }));
  vi.stubGlobal('fetch', fetchMock);
  const onJoined = vi.fn();
  renderRoutes([{ path: '/join', element: <JoinForm onJoined={onJoined} /> }, { path: '*', element: <Where /> }], {
    route: '/join',
    partner: makePartnerConfig({ hasPPN: false, hasSmsOptIn: false, hasSmsOptInV2: false, fullAddressRequired: false }),
  });
  return { fetchMock, onJoined };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const signUpCalls = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://x').pathname === '/api/Members/Prospects');

async function fillValid(user: UserEvent) {
  await user.type(field(/^Email/), ' new@example.com ');
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

describe('JoinForm', () => {
  it('labels its fields and its button', () => {
    renderForm();
    expect(screen.getByRole('form', { name: 'Join' })).toBeTruthy();
    for (const label of [/^Email/, /^Password/, /^Confirm password/, /^First name/, /^Last name/, /^ZIP code/]) expect(field(label)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
  });

  it('puts the error on a field left wrong and sends nothing', async () => {
    const { fetchMock, onJoined } = renderForm();
    const user = userEvent.setup();
    await user.type(field(/^Email/), 'not-an-address');
    await user.tab();
    await waitFor(() => expect(field(/^Email/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(EMAIL_MESSAGE)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(field(/^First name/).getAttribute('aria-invalid')).toBe('true'));
    expect(signUpCalls(fetchMock)).toHaveLength(0);
    expect(onJoined).not.toHaveBeenCalled();
  });

  it('sends the member details trimmed, then says it joined', async () => {
    const { fetchMock, onJoined } = renderForm();
    const user = userEvent.setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onJoined).toHaveBeenCalledTimes(1));
    const [call] = signUpCalls(fetchMock);
    expect((call![1] as RequestInit).method).toBe('POST');
    expect(JSON.parse(String((call![1] as RequestInit).body))).toMatchObject({
      email: 'new@example.com',
      password: 'dinner123',
      firstName: 'Nia',
      lastName: 'Diner',
      zipCode: '60601',
    });
  });
});
