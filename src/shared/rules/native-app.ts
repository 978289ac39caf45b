/**
 * The native app (§1): the app's web view adds a marker to its user agent, followed by its
 * version ('… RNDiningApp/3.2.1'). A partner's `minimumAppVersion` sends older apps to the
 * update-app screen (§1). Pure: no DOM, so the server and the tests use it too.
 */

/** The marker the native app adds to its web view's user agent (§1 "detected by a user-agent marker"). */
export const NATIVE_APP_MARKER = 'RNDiningApp';

/** Whether a user agent is the native app's web view. */
export function isNativeAppUserAgent(userAgent: string): boolean {
  return userAgent.includes(NATIVE_APP_MARKER);
}

/**
 * The app's version from its user agent ('RNDiningApp/3.2.1' → '3.2.1'); null when the marker
 * carries no version (apps older than the version suffix) or the agent is not the app.
 */
export function nativeAppVersion(userAgent: string): string | null {
  const match = new RegExp(`${NATIVE_APP_MARKER}/([0-9A-Za-z.+-]+)`).exec(userAgent);
  return match?.[1] ?? null;
}

/**
 * The numeric parts of a version: '3.10.2' → [3, 10, 2]. Build metadata and pre-release tails are
 * ignored ('3.2.0-beta+7' → [3, 2, 0]); a part that is not a number counts as 0, so junk never
 * ranks above a real version.
 */
function versionParts(version: string): number[] {
  const core = version.trim().replace(/^v/i, '').split(/[-+\s]/)[0] ??
    // Stryker disable next-line StringLiteral: equivalent — split always answers at least one piece, so the fallback is never read
    '';
  return core.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : 0));
}

/**
 * Compares two versions part by part as numbers (1.10 > 1.9); a missing part is 0 (1.2 = 1.2.0).
 * Negative when a < b, 0 when equal, positive when a > b.
 */
export function compareVersions(a: string, b: string): number {
  const pa = versionParts(a);
  const pb = versionParts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return 0;
}

/**
 * Whether the native app must be updated before use: inside the app, the partner sets a minimum,
 * and the app's version is below it. An app that states no version predates the version suffix,
 * so it is older than any minimum. A browser (no marker) never needs an app update.
 */
export function needsAppUpdate(userAgent: string, minimumAppVersion: string | null | undefined): boolean {
  if (!isNativeAppUserAgent(userAgent)) return false;
  // Stryker disable next-line MethodExpression: equivalent — versionParts trims too, and a blank minimum reads as 0, which the every() below refuses alike
  const minimum = minimumAppVersion?.trim();
  if (!minimum || versionParts(minimum).every((n) => n === 0)) return false;
  const version = nativeAppVersion(userAgent);
  if (version === null) return true;
  return compareVersions(version, minimum) < 0;
}

/**
 * The external user id the native app is told (§4): the member's public id, else the known
 * visitor's; null when there is neither.
 */
export function externalUserId(memberPublicId: string | null | undefined, knownVisitorPublicId: string | null | undefined): string | null {
  return memberPublicId || knownVisitorPublicId || null;
}
