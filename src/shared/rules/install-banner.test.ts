import { describe, expect, it } from 'vitest';
import { installBannerView, installLaterUntil, isIosSafari, type InstallBannerInput } from './install-banner';

const NOW = new Date('2026-11-23T12:00:00Z');
const base: InstallBannerInput = { hasPWAInstallBanner: true, laterUntil: null, now: NOW, standalone: false, hasDeferredPrompt: true, iosSafari: false };

const IOS_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IOS_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/140.0 Mobile/15E148 Safari/604.1';
const IPADOS = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';

describe('install banner (§4)', () => {
  it('offers the prompt when the browser kept one', () => {
    expect(installBannerView(base)).toBe('prompt');
  });
  it('shows the share → Add to Home Screen instructions on iOS Safari', () => {
    expect(installBannerView({ ...base, hasDeferredPrompt: false, iosSafari: true })).toBe('ios-instructions');
  });
  it('is hidden without a prompt outside iOS Safari', () => {
    expect(installBannerView({ ...base, hasDeferredPrompt: false })).toBe('hidden');
  });
  it('is hidden without the partner switch, or when already installed', () => {
    expect(installBannerView({ ...base, hasPWAInstallBanner: false })).toBe('hidden');
    expect(installBannerView({ ...base, standalone: true, iosSafari: true })).toBe('hidden');
  });
  it("'Maybe later' hides it for 30 days, then it comes back", () => {
    const until = installLaterUntil(NOW);
    expect(until.toISOString()).toBe('2026-12-23T12:00:00.000Z');
    expect(installBannerView({ ...base, laterUntil: until.toISOString(), now: new Date(until.getTime() - 1) })).toBe('hidden');
    expect(installBannerView({ ...base, laterUntil: until.toISOString(), now: until })).toBe('prompt');
  });
  it('an unreadable stored date does not hide it', () => {
    expect(installBannerView({ ...base, laterUntil: 'soon' })).toBe('prompt');
  });
});

describe('isIosSafari', () => {
  it('is Safari on iPhone and iPadOS, not other iOS browsers or Android', () => {
    expect(isIosSafari(IOS_SAFARI)).toBe(true);
    expect(isIosSafari(IPADOS, 5)).toBe(true);
    expect(isIosSafari(IPADOS, 0)).toBe(false);
    expect(isIosSafari(IOS_CHROME)).toBe(false);
    expect(isIosSafari(ANDROID)).toBe(false);
    expect(isIosSafari(`${IOS_SAFARI} RNDiningApp/3.1.0`)).toBe(false);
  });
});
