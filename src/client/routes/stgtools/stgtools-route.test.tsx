// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StgtoolsRoute } from './stgtools-route';
import { createRoutes } from '../../app/routes';
import { makePartnerConfig } from '../../test/partner-fixture';
import { makeMember } from '../../test/member-fixture';
import { json, mockFetch, renderRoutes } from '../../test/render-router';
import { expectNoAxeViolations } from '../../test/axe';
import { getCsrfToken, setCsrfToken } from '../../lib/csrf';
import { MEMBER_QUERY_KEY } from '../../features/session/api';
import type { Member } from '#shared/schemas/member';
import type { DemoMember } from '#shared/schemas/stgtools';

const demo = (over: Partial<DemoMember>): DemoMember => ({
  publicId: 'pub-1', label: 'Card member, Select', email: 'select@demo.test', partnerNumber: null, password: 'Demo-pass-1',
  firstName: 'Sam', lastName: 'Select', tierLevel: 2, memberType: 'EnrolledCardMember', hasWebProfile: true, active: true,
  interfaceType: 'direct', ssoSubject: null, ...over,
});

let calls: Array<{ method: string; path: string; body: unknown; csrf: string | null }> = [];

beforeEach(() => {
  calls = [];
  setCsrfToken('anonymous-token');
  vi.stubGlobal('fetch', mockFetch((url, init) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ method: init.method ?? 'GET', path: url.pathname, body, csrf: headers['x-xsrf-token'] ?? null });
    switch (url.pathname) {
      case '/api/stgtools/members':
        return json({
          partner: 'test', enrollmentType: 'direct', ssoAccounts: [],
          members: [demo({}), demo({ publicId: 'pub-2', firstName: 'Kim', lastName: 'Known', email: 'known@demo.test', password: null, tierLevel: 1, memberType: 'NonCardMember' })],
        });
      case '/api/stgtools/outbox':
        return json({
          messages: [{ id: 1, to: 'select@demo.test', subject: 'Reset your password', createdAt: '2026-01-02T03:04:05.000Z', htmlBody: null,
            textBody: 'Hello,\nfollow http://test.localhost/recover/update?token=abcdefghijklmnopqrstuvwxyz. It expires in 60 minutes.' }],
        });
      case '/api/stgtools/sign-in-as':
        return json({ member: makeMember({ publicId: body.publicId, firstName: 'Sam' }), csrfToken: 'member-token' });
      case '/api/stgtools/member-state':
        return json(makeMember({ tierLevel: body.tierLevel, memberType: body.memberType }));
      default:
        return undefined;
    }
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderTools(member: Member | null = null) {
  return renderRoutes([{ path: '/stgtools', element: <StgtoolsRoute /> }], { route: '/stgtools', member });
}

describe('Staging tools', () => {
  it('lists the demo members with their credentials, tier and type', async () => {
    renderTools();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Sam Select');
    expect(rows[0]!.textContent).toContain('select@demo.test');
    expect(rows[0]!.textContent).toContain('Demo-pass-1');
    expect(rows[0]!.textContent).toContain('2 (Select)');
    expect(rows[0]!.textContent).toContain('EnrolledCardMember');
    expect(rows[1]!.textContent).toContain('no password sign-in');
    expect(screen.getByText('Nobody is signed in.')).toBeTruthy();
    await screen.findByText('Reset your password');
    await expectNoAxeViolations();
  });

  it('signs in as a demo member: member query updated, new anti-forgery token used', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderTools();
    await user.click(await screen.findByRole('button', { name: 'Sign in as Sam Select' }));
    expect(await screen.findByText('Signed in as Sam Select.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/stgtools/sign-in-as')).toMatchObject({ method: 'POST', body: { publicId: 'pub-1' }, csrf: 'anonymous-token' });
    expect(queryClient.getQueryData<Member>(MEMBER_QUERY_KEY)?.publicId).toBe('pub-1');
    expect(await getCsrfToken()).toBe('member-token');
  });

  it("switches the current member's tier and type", async () => {
    const user = userEvent.setup();
    const { queryClient } = renderTools(makeMember());
    const form = screen.getByRole('form', { name: 'Member state' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Tier level' }), '3');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Member type' }), 'ClosedAccountMember');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(queryClient.getQueryData<Member>(MEMBER_QUERY_KEY)?.tierLevel).toBe(3));
    expect(calls.find((c) => c.path === '/api/stgtools/member-state')).toMatchObject({ method: 'PUT', body: { tierLevel: 3, memberType: 'ClosedAccountMember' } });
  });

  it('shows the outbox with the text body behind a disclosure and its links clickable', async () => {
    renderTools();
    const subject = await screen.findByText('Reset your password');
    const mail = subject.closest('li')!;
    expect(mail.textContent).toContain('To select@demo.test');
    const summary = within(mail).getByText('Text body');
    expect(summary.tagName).toBe('SUMMARY');
    const link = within(mail).getByRole('link', { hidden: true });
    expect(link.getAttribute('href')).toBe('http://test.localhost/recover/update?token=abcdefghijklmnopqrstuvwxyz');
  });

  it('is not registered in production', () => {
    const paths = (environment: 'production' | 'development') =>
      createRoutes(makePartnerConfig({ environment }))[0]!.children![0]!.children!.map((r) => r.path);
    expect(paths('development')).toContain('stgtools');
    expect(paths('production')).not.toContain('stgtools');
  });
});
