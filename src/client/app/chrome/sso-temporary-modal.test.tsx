// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SsoTemporaryModal, SSO_MODAL_KEY, useSsoTemporary } from './sso-temporary-modal';
import { useInterruption } from '../../features/interruptions';
import { makeMember } from '../../test/member-fixture';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { renderRoutes } from '../../test/render-router';
import type { Member } from '#shared/schemas/member';
import { withFakeTime } from '#client/test/fake-time';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const popup = { popup: [{ slug: 'sso_temporary', fields: { title: 'Signing in just got simpler', body_text: 'Joining and signing in is now even easier! Simply use your SkyMiles account login.', cta_text: 'Sign in/Join Now', cta_url: '/Login' } }] };

/** The modal as the page chrome mounts it: due by its own rule, opened by the interruption queue. */
function Sso() {
  const sso = useSsoTemporary();
  return <SsoTemporaryModal open={useInterruption('ssoTemporary', sso.due)} onClose={sso.close} />;
}

function renderModal(opts: { route?: string; member?: Member | null; enrollmentType?: 'sso' | 'direct'; withContent?: boolean } = {}) {
  const partner = makePartnerConfig({ enrollmentType: opts.enrollmentType ?? 'sso' });
  return renderRoutes([{ path: '*', element: <Sso /> }], {
    route: opts.route ?? '/search', member: opts.member ?? null, partner,
    content: makeContentState(opts.withContent === false ? {} : popup, partner),
  });
}

describe('temporary single sign-on modal (§2)', () => {
  it('tells an anonymous visitor of an sso partner, with a button to /Login, until dismissed', async () => {
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Signing in just got simpler' });
    expect(dialog.textContent).toContain('Joining and signing in is now even easier! Simply use your SkyMiles account login.');
    expect(screen.getByRole('link', { name: 'Sign in/Join Now' }).getAttribute('href')).toBe('/Login');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem(SSO_MODAL_KEY)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    cleanup();
    renderModal();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays away from members, direct partners, partners without the content and the sign-in pages', async () => {
    await withFakeTime(() => {
      renderModal({ member: makeMember() });
      renderModal({ enrollmentType: 'direct' });
      renderModal({ withContent: false });
      renderModal({ route: '/login' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
