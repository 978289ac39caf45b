// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PromotionModals } from './promotion-modals';
import { MaintenanceNotice } from './maintenance-notice';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { renderRoutes, Where } from '../../test/render-router';
import { makeMember } from '../../test/member-fixture';
import { APP_ANNOUNCEMENT_KEY, GENERAL_POPUP_KEY } from '#shared/constants/promotions';
import type { Member } from '#shared/schemas/member';
import type { PartnerConfig } from '#shared/schemas/partner';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const general = { slug: 'general', fields: { title: 'Cha-ching! Cash back is here.', body_text: 'Meals out now earn {{currentEarning2}}.', cta_text: 'LEARN MORE', cta_url: '/earn/this-is-big' } };
const sso = { slug: 'sso_temporary', fields: { title: 'Signing in just got simpler', body_text: 'Joining and signing in is now even easier!', cta_text: 'Sign in/Join Now', cta_url: '/Login' } };
const announcement = { title: 'Dine smarter with the app', body: 'Track your miles on the go.', ctaText: 'Get the app', ctaUrl: 'https://apps.example.com/app' };

function renderPromotions(opts: { partner?: Partial<PartnerConfig>; popups?: (typeof general)[]; route?: string; member?: Member | null } = {}) {
  const partner = makePartnerConfig({ enrollmentType: 'direct', generalModalType: 'cash_back_launch', appAnnouncementModal: null, ...opts.partner });
  return renderRoutes([{ path: '*', element: <><PromotionModals /><Where /></> }], {
    partner, route: opts.route ?? '/', member: opts.member ?? null, content: makeContentState({ popup: opts.popups ?? [general] }, partner),
  });
}

describe('general promo popup (§2, §4)', () => {
  it("shows 'Cha-ching! Cash back is here.' with LEARN MORE to /earn/this-is-big; closed, it stays closed", async () => {
    renderPromotions();
    const dialog = await screen.findByRole('dialog', { name: 'Cha-ching! Cash back is here.' });
    expect(dialog.textContent).toContain('Meals out now earn');
    expect(screen.getByRole('link', { name: 'LEARN MORE' }).getAttribute('href')).toBe('/earn/this-is-big');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem(GENERAL_POPUP_KEY)).toBe('cash_back_launch');
    cleanup();
    renderPromotions();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('LEARN MORE goes to the page and counts as closing', async () => {
    renderPromotions();
    await userEvent.click(await screen.findByRole('link', { name: 'LEARN MORE' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/earn/this-is-big'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(GENERAL_POPUP_KEY)).toBe('cash_back_launch');
  });

  it('shows again for a new modal type, never without one', async () => {
    localStorage.setItem(GENERAL_POPUP_KEY, 'last_year_launch');
    renderPromotions();
    expect(await screen.findByRole('dialog', { name: 'Cha-ching! Cash back is here.' })).toBeTruthy();
    cleanup();
    renderPromotions({ partner: { generalModalType: null } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('app announcement modal (§4)', () => {
  it('shows the configured announcement; closing stores an end 24 hours ahead', async () => {
    const before = Date.now();
    renderPromotions({ partner: { generalModalType: null, appAnnouncementModal: announcement } });
    const dialog = await screen.findByRole('dialog', { name: 'Dine smarter with the app' });
    expect(dialog.textContent).toContain('Track your miles on the go.');
    const cta = screen.getByRole('link', { name: /Get the app/ });
    expect(cta.getAttribute('href')).toBe('https://apps.example.com/app');
    expect(cta.getAttribute('target')).toBe('_blank');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const until = Number(localStorage.getItem(APP_ANNOUNCEMENT_KEY));
    expect(until).toBeGreaterThanOrEqual(before + 24 * 3600_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    cleanup();
    renderPromotions({ partner: { generalModalType: null, appAnnouncementModal: announcement } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows again once the 24 hours are over', async () => {
    localStorage.setItem(APP_ANNOUNCEMENT_KEY, String(Date.now() - 1));
    renderPromotions({ partner: { generalModalType: null, appAnnouncementModal: announcement } });
    expect(await screen.findByRole('dialog', { name: 'Dine smarter with the app' })).toBeTruthy();
  });

  it('not on /login or /join, not for a closed account, not inside the native app', async () => {
    const partner = { generalModalType: null, appAnnouncementModal: announcement };
    for (const route of ['/login', '/join']) {
      renderPromotions({ partner, route });
      expect(screen.queryByRole('dialog'), route).toBeNull();
      cleanup();
    }
    renderPromotions({ partner, member: makeMember({ memberType: 'ClosedAccountMember' }) });
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 RNDiningApp/3.2.0');
    renderPromotions({ partner });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('one promotional modal at a time', () => {
  it('the sso notice first; after closing it, nothing else in this visit', async () => {
    renderPromotions({ partner: { enrollmentType: 'sso', appAnnouncementModal: announcement }, popups: [general, sso] });
    expect(await screen.findByRole('dialog', { name: 'Signing in just got simpler' })).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Next visit: the app announcement, then (a visit later) the general popup.
    cleanup();
    renderPromotions({ partner: { enrollmentType: 'sso', appAnnouncementModal: announcement }, popups: [general, sso] });
    expect(await screen.findByRole('dialog', { name: 'Dine smarter with the app' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    cleanup();
    renderPromotions({ partner: { enrollmentType: 'sso', appAnnouncementModal: announcement }, popups: [general, sso] });
    expect(await screen.findByRole('dialog', { name: 'Cha-ching! Cash back is here.' })).toBeTruthy();
  });

  it('none during maintenance', () => {
    renderPromotions({ partner: { maintenanceMode: true, appAnnouncementModal: announcement } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('maintenance notice (§2)', () => {
  function renderNotice(route: string) {
    return renderRoutes([{ path: '*', element: <MaintenanceNotice /> }], { route, partner: makePartnerConfig({ maintenanceMode: true }) });
  }

  it("'We're Working On It' with the sign-in message on /login and a link to /", () => {
    renderNotice('/login');
    expect(screen.getByRole('heading', { level: 1, name: "We're Working On It" })).toBeTruthy();
    expect(screen.getByText("We're having trouble signing members in right now.")).toBeTruthy();
    expect(screen.getByText('Our team is working to resolve the issue. Please check back later.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('the enrolment message on /join, the generic one elsewhere, no link on / itself', () => {
    renderNotice('/join');
    expect(screen.getByText("We're having trouble with new enrollments right now.")).toBeTruthy();
    cleanup();
    renderNotice('/');
    expect(screen.getByText("We're having trouble loading this page right now.")).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to the home page' })).toBeNull();
  });
});
