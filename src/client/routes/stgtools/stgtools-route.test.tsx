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
import { makeCard } from '../../features/cards/test/cards-fixtures';
import { DINE_NOW_TITLE } from '../../features/stgtools/components/dine-now';

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
      case '/api/stgtools/partner-numbers':
        return json({ partner: 'test', label: 'Test Rewards number', asked: true, numbers: ['ABCDEF2', 'GHJKLM7'] });
      case '/api/stgtools/outbox':
        return json({
          messages: [{ id: 1, to: 'select@demo.test', subject: 'Reset your password', createdAt: '2026-01-02T03:04:05.000Z', htmlBody: null,
            textBody: 'Hello,\nfollow http://test.localhost/recover/update?token=abcdefghijklmnopqrstuvwxyz. It expires in 60 minutes.' }],
        });
      case '/api/stgtools/sign-in-as':
        return json({ member: makeMember({ publicId: body.publicId, firstName: 'Sam' }), csrfToken: 'member-token' });
      case '/api/stgtools/member-state':
        return json(makeMember({ tierLevel: body.tierLevel, memberType: body.memberType }));
      case '/api/stgtools/dines':
        return body.merchantId === 404 ? json({ statusCode: 404, error: 'Not Found', message: 'There is no restaurant 404.' }, 404) : json({ transactionId: 'stg-abc123' });
      case '/api/Member/Cards':
        return json([makeCard({ id: 7, lastFour: '1111' }), makeCard({ id: 8, cardType: 'Amex', lastFour: '0005' })]);
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

  it('lists valid, unused partner numbers to join with, and draws new ones on request', async () => {
    const user = userEvent.setup();
    renderTools();
    const list = await screen.findByRole('list', { name: 'Test Rewards numbers to join with' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['ABCDEF2', 'GHJKLM7']);
    expect(screen.getByRole('link', { name: 'joining form' }).getAttribute('href')).toBe('/join');
    await user.click(screen.getByRole('button', { name: 'Draw new ones' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/stgtools/partner-numbers')).toHaveLength(2));
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

  describe('Dine now', () => {
    it('asks for a card member', async () => {
      renderTools(makeMember({ memberType: 'NonCardMember' }));
      const section = screen.getByRole('region', { name: DINE_NOW_TITLE });
      expect(section.textContent).toContain('Sign in as a card member to dine');
      expect(within(section).queryByRole('form')).toBeNull();
    });

    it('sends a dine authorised and cleared with the first card, and links to Reviews & History', async () => {
      const user = userEvent.setup();
      renderTools(makeMember());
      const form = screen.getByRole('form', { name: DINE_NOW_TITLE });
      await user.type(within(form).getByRole('textbox', { name: /Restaurant id/ }), '1234');
      await user.click(within(form).getByRole('button', { name: DINE_NOW_TITLE }));
      expect(await within(form).findByText('stg-abc123')).toBeTruthy();
      expect(calls.find((c) => c.path === '/api/stgtools/dines')).toMatchObject({ method: 'POST', body: { merchantId: 1234, amountCents: 5000, clear: true }, csrf: 'anonymous-token' });
      expect(form.textContent).toContain('authorised and cleared');
      expect(within(form).getByRole('link', { name: 'Reviews & History' }).getAttribute('href')).toBe('/account/recent_activity');
      await expectNoAxeViolations();
    });

    it('authorises only, with the chosen card and amount', async () => {
      const user = userEvent.setup();
      renderTools(makeMember());
      const form = screen.getByRole('form', { name: DINE_NOW_TITLE });
      await user.type(within(form).getByRole('textbox', { name: /Restaurant id/ }), '77');
      const amount = within(form).getByRole('textbox', { name: /Amount in dollars/ });
      await user.clear(amount);
      await user.type(amount, '$42.5');
      await waitFor(() => expect(within(form).getAllByRole('option').length).toBe(3));
      await user.selectOptions(within(form).getByRole('combobox', { name: 'Card' }), 'Amex ending in 0005');
      await user.click(within(form).getByRole('radio', { name: /Authorise only/ }));
      await user.click(within(form).getByRole('button', { name: DINE_NOW_TITLE }));
      expect(await within(form).findByText('stg-abc123')).toBeTruthy();
      expect(calls.find((c) => c.path === '/api/stgtools/dines')!.body).toEqual({ merchantId: 77, amountCents: 4250, cardId: 8, clear: false });
      expect(form.textContent).toContain('not cleared');
      // Then the clearing of that same dine, with the tip.
      const clearing = within(form).getByRole('group', { name: 'Clear this dine' });
      const cleared = within(clearing).getByRole('textbox', { name: /Cleared amount/ });
      expect((cleared as HTMLInputElement).value).toBe('$42.5');
      await user.clear(cleared);
      await user.type(cleared, '50.10');
      await user.click(within(clearing).getByRole('button', { name: 'Clear this dine' }));
      await waitFor(() => expect(form.textContent).toContain('authorised and cleared'));
      expect(calls.filter((c) => c.path === '/api/stgtools/dines').at(-1)!.body).toEqual({ merchantId: 77, amountCents: 5010, clearTransactionId: 'stg-abc123' });
      expect(within(form).queryByRole('group', { name: 'Clear this dine' })).toBeNull();
      await expectNoAxeViolations();
    });

    it('checks the restaurant and the amount, and shows a refusal', async () => {
      const user = userEvent.setup();
      renderTools(makeMember());
      const form = screen.getByRole('form', { name: DINE_NOW_TITLE });
      const amount = within(form).getByRole('textbox', { name: /Amount in dollars/ });
      await user.clear(amount);
      await user.type(amount, '0');
      await user.click(within(form).getByRole('button', { name: DINE_NOW_TITLE }));
      const id = within(form).getByRole('textbox', { name: /Restaurant id/ });
      expect(id.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(id);
      expect(amount.getAttribute('aria-invalid')).toBe('true');
      expect(calls.some((c) => c.path === '/api/stgtools/dines')).toBe(false);
      await user.type(id, '404');
      await user.clear(amount);
      await user.type(amount, '10');
      await user.click(within(form).getByRole('button', { name: DINE_NOW_TITLE }));
      expect(await within(form).findByText('The dine was not sent: There is no restaurant 404.')).toBeTruthy();
    });
  });
});
