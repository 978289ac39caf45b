// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INSTALL_LATER_KEY } from '#shared/rules/install-banner';
import { makeMember } from '../../test/member-fixture';
import { makePartnerConfig } from '../../test/partner-fixture';
import { renderRoutes, Where } from '../../test/render-router';
import { InstallBanner } from './components/install-banner';
import { PwaEffects } from './components/pwa-effects';
import { UpdateApp } from './components/update-app';
import { UpdateAppShell, useNativeAppOutdated } from './components/update-app-shell';
import { PWA_EVENTS, PWA_SESSION_SENT_KEY } from './data-layer';
import { captureInstallPrompt, forgetInstallPrompt } from './install-prompt';
import { saveKnownPublicId } from '../session';
import { withFakeTime } from '#client/test/fake-time';

const KNOWN_ID = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const IOS_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const APP = (v: string) => `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36 RNDiningApp/${v}`;

function setUserAgent(ua: string) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(ua);
}
function setStandalone(on: boolean) {
  window.matchMedia = ((query: string) => ({ matches: on && query.includes('standalone'), media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
}

/** Fires Chromium's install prompt event; returns the prompt() spy. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { prompt, event };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.dataLayer = [];
  delete window.ReactNativeWebView;
  setStandalone(false);
  setUserAgent(CHROME);
  captureInstallPrompt(window);
  forgetInstallPrompt();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderBanner = (hasPWAInstallBanner = true) =>
  renderRoutes([{ path: '*', element: <InstallBanner /> }], { partner: makePartnerConfig({ hasPWAInstallBanner }) });

describe('install banner (§4)', () => {
  it("offers 'Install' once the browser kept its prompt, and shows the browser's prompt on click", async () => {
    renderBanner();
    expect(screen.queryByRole('region', { name: 'Get the app' })).toBeNull();
    const { prompt, event } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(await screen.findByRole('region', { name: 'Get the app' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Get the app' })).toBeNull());
  });

  it("'Maybe later' hides it and stores a date 30 days ahead", async () => {
    renderBanner();
    offerInstall();
    await userEvent.click(await screen.findByRole('button', { name: 'Maybe later' }));
    expect(screen.queryByRole('region', { name: 'Get the app' })).toBeNull();
    const days = (Date.parse(localStorage.getItem(INSTALL_LATER_KEY)!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    cleanup();
    renderBanner();
    offerInstall();
    expect(screen.queryByRole('region', { name: 'Get the app' })).toBeNull();
  });

  it('on iOS Safari tells to tap Share, then Add to Home Screen', async () => {
    setUserAgent(IOS_SAFARI);
    renderBanner();
    const banner = await screen.findByRole('region', { name: 'Get the app' });
    expect(banner.textContent).toMatch(/tap Share.*then ‘Add to Home Screen’/);
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });

  it('is hidden without the partner switch, when installed, and in the native app', async () => {
    renderBanner(false);
    offerInstall();
    expect(screen.queryByRole('region', { name: 'Get the app' })).toBeNull();
    cleanup();
    setStandalone(true);
    renderBanner();
    expect(screen.queryByRole('region', { name: 'Get the app' })).toBeNull();
    cleanup();
    setStandalone(false);
    setUserAgent(APP('9.0.0'));
    renderBanner();
    expect(screen.queryByRole('region', { name: 'Get the app' })).toBeNull();
  });

  it('the install event goes to the data layer', () => {
    renderBanner();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: PWA_EVENTS.install }));
  });
});

const renderEffects = (opts: { member?: ReturnType<typeof makeMember> | null; minimumAppVersion?: string | null; route?: string } = {}) =>
  renderRoutes([{ path: '*', element: <><PwaEffects /><Where /></> }], {
    partner: makePartnerConfig({ minimumAppVersion: opts.minimumAppVersion ?? null }),
    member: opts.member ?? null,
    route: opts.route ?? '/search',
  });

describe('PWA effects', () => {
  it('sends the PWA session event once when running installed, labelled with the member id', async () => {
    setStandalone(true);
    renderEffects({ member: makeMember({ publicId: 'pub-42' }) });
    await waitFor(() => expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: PWA_EVENTS.session, label: 'pub-42' })));
    expect(sessionStorage.getItem(PWA_SESSION_SENT_KEY)).toBeTruthy();
    cleanup();
    await withFakeTime(() => renderEffects({ member: makeMember({ publicId: 'pub-42' }) }));
    expect(window.dataLayer!.filter((e) => (e as { event: string }).event === PWA_EVENTS.session)).toHaveLength(1);
  });

  it("labels an anonymous session 'anonymous', and sends none in a browser tab", async () => {
    await withFakeTime(() => renderEffects());
    expect(window.dataLayer).toEqual([]);
    cleanup();
    setStandalone(true);
    renderEffects();
    await waitFor(() => expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: PWA_EVENTS.session, label: 'anonymous' })));
  });

  it("tells the native app the member's public id through its bridge", async () => {
    const postMessage = vi.fn();
    window.ReactNativeWebView = { postMessage };
    setUserAgent(APP('9.0.0'));
    renderEffects({ member: makeMember({ publicId: 'pub-7' }) });
    await waitFor(() => expect(postMessage).toHaveBeenCalledWith(JSON.stringify({ type: 'externalUserId', externalUserId: 'pub-7' })));
    expect(postMessage).toHaveBeenCalledTimes(1);
  });

  it("tells the known visitor's id when nobody is signed in", async () => {
    const postMessage = vi.fn();
    window.ReactNativeWebView = { postMessage };
    saveKnownPublicId(KNOWN_ID);
    renderEffects();
    await waitFor(() => expect(postMessage).toHaveBeenCalledWith(JSON.stringify({ type: 'externalUserId', externalUserId: KNOWN_ID })));
  });
});

const renderGate = (minimumAppVersion: string | null, route = '/search') => {
  function Gate() {
    return useNativeAppOutdated() ? <UpdateAppShell appStoreBadge={<span>App Store</span>} googlePlayBadge={<span>Google Play</span>} /> : <Where />;
  }
  return renderRoutes([{ path: '*', element: <><Gate /><Where /></> }], { partner: makePartnerConfig({ minimumAppVersion }), route });
};

describe('native-app update gate', () => {
  it('shows an app older than the minimum only the update screen, at /update_app', async () => {
    setUserAgent(APP('3.0.9'));
    renderGate('3.1.0');
    await waitFor(() => expect(screen.getAllByTestId('where').at(-1)!.textContent).toBe('/update_app'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Time to update the app');
    expect(screen.getByRole('main')).toBeTruthy();
  });
  it('lets a current app and a browser be', () => {
    setUserAgent(APP('3.10.0'));
    renderGate('3.9.0');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getAllByTestId('where')[0]!.textContent).toBe('/search');
    cleanup();
    setUserAgent(CHROME);
    renderGate('99.0');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});

describe('update-app screen', () => {
  it('links to the device store with the versions', () => {
    setUserAgent(APP('3.0.9'));
    renderRoutes([{ path: '*', element: <UpdateApp appStoreBadge={<span>App Store</span>} googlePlayBadge={<span>Google Play</span>} /> }], {
      partner: makePartnerConfig({ minimumAppVersion: '3.1.0', storeLinks: { ios: 'https://apps.example.com/app/id1', android: 'https://play.example.com/app?id=x' } }),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Time to update the app');
    expect(document.body.textContent).toContain('(3.0.9)');
    expect(document.body.textContent).toContain('version 3.1.0 or later');
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['https://play.example.com/app?id=x']);
    expect(links[0]!.textContent).toContain('Update on Google Play');
  });
});
