/**
 * The PWA install banner (§4, §9): 'Install' and 'Maybe later'; on iOS Safari, instructions to
 * tap share then 'Add to Home Screen'. Pure rules; the banner component reads the browser.
 */

/** §9: 'Maybe later' hides the banner for 30 days. */
export const INSTALL_LATER_DAYS = 30;

/** Local storage key of the date until which 'Maybe later' hides the banner (ISO string). */
export const INSTALL_LATER_KEY = 'RN_PWA_INSTALL_LATER';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The date 'Maybe later' stores: 30 days from now. */
export function installLaterUntil(now: Date): Date {
  return new Date(now.getTime() + INSTALL_LATER_DAYS * DAY_MS);
}

/**
 * Safari on an iPhone, iPad or iPod: no install prompt event there, the page is added to the Home
 * Screen from the share menu. Other iOS browsers (Chrome CriOS, Firefox FxiOS, Edge EdgiOS …) and
 * in-app web views cannot add to the Home Screen, so they get no banner.
 */
export function isIosSafari(userAgent: string, maxTouchPoints = 0): boolean {
  const ios = /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  if (!ios) return false;
  if (/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|YaBrowser|DuckDuckGo|RNDiningApp/.test(userAgent)) return false;
  return /Safari\//.test(userAgent) && /Version\//.test(userAgent);
}

export type InstallBannerInput = {
  /** The partner switch (§1 PWA install banner). */
  hasPWAInstallBanner: boolean;
  /** What 'Maybe later' stored (ISO date), if anything. */
  laterUntil: string | null;
  now: Date;
  /** Already running installed (display-mode standalone, or iOS navigator.standalone). */
  standalone: boolean;
  /** The browser offered an install prompt (beforeinstallprompt was kept). */
  hasDeferredPrompt: boolean;
  iosSafari: boolean;
};

export type InstallBannerView = 'hidden' | 'prompt' | 'ios-instructions';

/**
 * §4: hidden if 'later' was pressed and its date is still ahead, if already standalone, if there
 * is no deferred install prompt and it is not iOS Safari, or if the partner lacks the banner.
 * Otherwise the install prompt, or on iOS Safari the share → 'Add to Home Screen' instructions.
 * An unreadable stored date counts as not pressed.
 */
export function installBannerView(input: InstallBannerInput): InstallBannerView {
  if (!input.hasPWAInstallBanner || input.standalone) return 'hidden';
  if (input.laterUntil) {
    const until = Date.parse(input.laterUntil);
    if (!Number.isNaN(until) && until > input.now.getTime()) return 'hidden';
  }
  if (input.hasDeferredPrompt) return 'prompt';
  if (input.iosSafari) return 'ios-instructions';
  return 'hidden';
}
