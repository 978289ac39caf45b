// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Link, Navigate, Outlet, useLocation } from '#client/lib/router';
import type { Member } from '#shared/schemas/member';
import { makeMember } from '#client/test/member-fixture';
import { makeContentState, makePartnerConfig } from '#client/test/partner-fixture';
import { mockFetch, renderRoutes } from '#client/test/render-router';
import { PromotionModals } from '#client/app/chrome/promotion-modals';
import { Modal } from '#client/components/modal';
import { SurveyPrompt } from '../surveys';
import { SIGN_IN_QUIET_KEY } from './queue';

/**
 * The interruption queue with the page chrome's real interruptions (issue 25 item 4): the promo
 * popup and the survey prompt never open together; one per page view; none on the quiet pages,
 * over a booking's checkout or right after signing in.
 */
const SURVEY = 'How are we doing?';
const POPUP = 'Cha-ching! Cash back is here.';
const survey = { slug: 'dining', fields: { id: 'dining-2026', title: SURVEY, text: 'Three questions.', delay_timeout: 0, cookie_timeout: 90, url_allow_list: [], url_disallow_list: [], questions: [{ id: 'overall', type: 'rating', label: 'Overall', required: true }] } };
const general = { slug: 'general', fields: { title: POPUP, body_text: 'Meals out now earn cash back.', cta_text: 'LEARN MORE', cta_url: '/earn/this-is-big' } };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal('fetch', mockFetch(() => undefined));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** /account redirects to its overview in place, as the app's account route does. */
function Redirects() {
  const { pathname } = useLocation();
  return pathname === '/account' ? <Navigate to="/account/overview" replace /> : null;
}

function Chrome() {
  return (
    <>
      <Redirects />
      <main id="main" tabIndex={-1}>
        <Link to="/how-it-works">How it works</Link>
        <Link to="/join">Join</Link>
        <Outlet />
      </main>
      <SurveyPrompt />
      <PromotionModals />
    </>
  );
}

function renderChrome(opts: { route?: string; member?: Member | null; extra?: React.ReactNode } = {}) {
  const partner = makePartnerConfig({ enrollmentType: 'direct', generalModalType: 'cash_back_launch', appAnnouncementModal: null });
  return renderRoutes([{ path: '*', element: <><Chrome />{opts.extra}</> }], {
    partner, route: opts.route ?? '/', member: opts.member ?? null, content: makeContentState({ popup: [general], surveys: [survey] }, partner),
  });
}

const surveyRegion = () => screen.queryByRole('region', { name: SURVEY });
/** A second of the (fake) timers passes at once: the survey's delay, the queue's turns, the popup's. */
const pass = () => act(() => vi.advanceTimersByTimeAsync(1000));

describe('one interruption at a time', () => {
  // Fake timers: "not after a while" is a second of them passed, the same on any machine.
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('the promo popup first; the survey neither with it nor after it on the same page view, then on the next page', async () => {
    renderChrome();
    await pass();
    expect(screen.getByRole('dialog', { name: POPUP })).toBeTruthy();
    expect(surveyRegion()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await pass();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(surveyRegion()).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'How it works' }));
    await pass();
    expect(surveyRegion()).not.toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('nothing on joining: neither the popup nor the survey, however long', async () => {
    renderChrome({ route: '/join' });
    await pass();
    await pass();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(surveyRegion()).toBeNull();
  });

  it('nothing starts over another dialog (a booking checkout)', async () => {
    renderChrome({ extra: <Modal open onClose={() => undefined} title="Complete your reservation"><p>Party of 2</p></Modal> });
    await pass();
    expect(screen.getAllByRole('dialog', { hidden: true }).map((d) => d.getAttribute('aria-labelledby') && document.getElementById(d.getAttribute('aria-labelledby')!)?.textContent)).toEqual(['Complete your reservation']);
    expect(surveyRegion()).toBeNull();
  });

  it('nothing on the first page right after signing in; the next page may interrupt', async () => {
    const member = makeMember({ session: { expiresAt: '2099-01-01T00:00:00.000Z', staySignedIn: false, signedInAt: new Date().toISOString() } });
    renderChrome({ member });
    await pass();
    await pass();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(surveyRegion()).toBeNull();
    expect(sessionStorage.getItem(SIGN_IN_QUIET_KEY)).toBe(member.session.signedInAt);
    fireEvent.click(screen.getByRole('link', { name: 'How it works' }));
    await pass();
    expect(screen.getByRole('dialog', { name: POPUP })).toBeTruthy();
  });

  it('a redirect right after signing in (/account to its overview) is the same quiet page view', async () => {
    const member = makeMember({ session: { expiresAt: '2099-01-01T00:00:00.000Z', staySignedIn: false, signedInAt: new Date().toISOString() } });
    renderChrome({ member, route: '/account' });
    await pass();
    await pass();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'How it works' }));
    await pass();
    expect(screen.getByRole('dialog', { name: POPUP })).toBeTruthy();
  });
});
