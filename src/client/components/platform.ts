import { NATIVE_APP_MARKER } from '#shared/rules/native-app';

/** The native app adds this to its web view's user agent (§1; src/shared/rules/native-app.ts). */
export { NATIVE_APP_MARKER };

export type Platform = 'native' | 'ios' | 'android' | 'desktop';

/** Which store badges to offer: none inside the native app, iOS or Android only on phones, both elsewhere. */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): Platform {
  if (userAgent.includes(NATIVE_APP_MARKER)) return 'native';
  if (/android/i.test(userAgent)) return 'android';
  if (/iPad|iPhone|iPod/.test(userAgent)) return 'ios';
  // iPadOS 13+ reports a desktop Safari user agent; only touch support gives it away.
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'desktop';
}

export function currentPlatform(): Platform {
  if (typeof navigator === 'undefined') return 'desktop';
  return detectPlatform(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}
