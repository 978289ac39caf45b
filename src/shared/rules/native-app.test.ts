import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareVersions, externalUserId, isNativeAppUserAgent, nativeAppVersion, needsAppUpdate } from './native-app';

const APP = (v?: string) => `Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 RNDiningApp${v ? `/${v}` : ''}`;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

describe('compareVersions', () => {
  it('compares parts as numbers, not text', () => {
    expect(compareVersions('1.10', '1.9')).toBe(1);
    expect(compareVersions('1.9', '1.10')).toBe(-1);
    expect(compareVersions('2.0.0', '10.0.0')).toBe(-1);
  });
  it('treats missing parts as 0', () => {
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('1.2', '1.2.1')).toBe(-1);
    expect(compareVersions('3', '2.99.99')).toBe(1);
  });
  it('ignores pre-release and build tails and a leading v', () => {
    expect(compareVersions('v3.2.0-beta+7', '3.2')).toBe(0);
  });
  it('counts junk parts as 0 and never throws', () => {
    expect(compareVersions('abc', '0')).toBe(0);
    expect(compareVersions('1.x.3', '1.0.3')).toBe(0);
    expect(compareVersions('', '0.0.1')).toBe(-1);
  });
  it('is antisymmetric and reflexive for any input', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => {
      expect(compareVersions(a, a)).toBe(0);
      expect(compareVersions(a, b)).toBe(-compareVersions(b, a) || 0);
    }));
  });
});

describe('native app detection', () => {
  it('finds the marker and its version', () => {
    expect(isNativeAppUserAgent(APP('3.1.0'))).toBe(true);
    expect(isNativeAppUserAgent(CHROME)).toBe(false);
    expect(nativeAppVersion(APP('3.10.2'))).toBe('3.10.2');
    expect(nativeAppVersion(APP())).toBeNull();
    expect(nativeAppVersion(CHROME)).toBeNull();
  });
});

describe('needsAppUpdate', () => {
  it('sends an app older than the minimum to the update screen', () => {
    expect(needsAppUpdate(APP('3.0.9'), '3.1.0')).toBe(true);
    expect(needsAppUpdate(APP('3.9'), '3.10')).toBe(true);
  });
  it('lets an app at or above the minimum through', () => {
    expect(needsAppUpdate(APP('3.1.0'), '3.1')).toBe(false);
    expect(needsAppUpdate(APP('3.10'), '3.9.9')).toBe(false);
  });
  it('an app that states no version is older than any minimum', () => {
    expect(needsAppUpdate(APP(), '1.0')).toBe(true);
  });
  it('never for a browser, nor without a usable minimum', () => {
    expect(needsAppUpdate(CHROME, '99.0')).toBe(false);
    expect(needsAppUpdate(APP('1.0'), null)).toBe(false);
    expect(needsAppUpdate(APP('1.0'), '')).toBe(false);
    expect(needsAppUpdate(APP('1.0'), 'junk')).toBe(false);
  });
});

describe('externalUserId', () => {
  it("is the member's public id, else the known visitor's", () => {
    expect(externalUserId('m-1', 'v-1')).toBe('m-1');
    expect(externalUserId(null, 'v-1')).toBe('v-1');
    expect(externalUserId(undefined, null)).toBeNull();
  });
});

describe('native app edges', () => {
  it('the marker is exact: case matters, and a version is the run of version characters after the slash', () => {
    expect(isNativeAppUserAgent('Mozilla/5.0 rndiningapp/3.0')).toBe(false);
    expect(isNativeAppUserAgent('RNDiningApp')).toBe(true);
    expect(nativeAppVersion('RNDiningApp/3.2.1-beta+7 Safari/605')).toBe('3.2.1-beta+7');
    expect(nativeAppVersion('x RNDiningApp/v3.2_1')).toBe('v3.2');
    expect(nativeAppVersion('RNDiningApp/ 3.2')).toBeNull();
    expect(nativeAppVersion('RNDiningApp3.2')).toBeNull();
    expect(nativeAppVersion('')).toBeNull();
  });

  it('reads a version the way people write it: a leading v or V, spaces around, a tail after -, + or a space', () => {
    expect(compareVersions('V3', '3')).toBe(0);
    expect(compareVersions('v3.1', '3.0')).toBe(1);
    expect(compareVersions(' 3.2 ', '3.2')).toBe(0);
    expect(compareVersions(' 3.2 ', '3.1')).toBe(1);
    expect(compareVersions('3.2+7', '3.2.7')).toBe(-1);
    expect(compareVersions('3.2-7', '3.2.7')).toBe(-1);
    expect(compareVersions('3.2 build 7', '3.2.7')).toBe(-1);
  });

  it('a part is a number only when it is digits alone; a v inside the version is not a prefix', () => {
    expect(compareVersions('1.x1', '1.0')).toBe(0);
    expect(compareVersions('1.1x', '1.0')).toBe(0);
    expect(compareVersions('1.v2', '1.0')).toBe(0);
    expect(compareVersions('3v', '0')).toBe(0);
    expect(compareVersions('1.02', '1.2')).toBe(0);
  });

  it('answers exactly -1, 0 or 1, deciding at the first part that differs', () => {
    expect(compareVersions('2.0', '1.99')).toBe(1);
    expect(compareVersions('1.99', '2.0')).toBe(-1);
    expect(compareVersions('1.2.3', '1.2.3')).toBe(0);
    expect(compareVersions('1.2.4', '1.2.3')).toBe(1);
    expect(compareVersions('1.2.0.0.1', '1.2')).toBe(1);
    expect(compareVersions('1.2', '1.2.0.0.1')).toBe(-1);
  });

  it('needsAppUpdate at the minimum, one below, one above; a minimum with spaces; a zero minimum is none', () => {
    expect(needsAppUpdate(APP('3.1.0'), '3.1.0')).toBe(false);
    expect(needsAppUpdate(APP('3.0.99'), '3.1.0')).toBe(true);
    expect(needsAppUpdate(APP('3.1.1'), '3.1.0')).toBe(false);
    expect(needsAppUpdate(APP('3.0'), ' 3.1 ')).toBe(true);
    expect(needsAppUpdate(APP('3.0'), '   ')).toBe(false);
    expect(needsAppUpdate(APP('3.0'), undefined)).toBe(false);
    expect(needsAppUpdate(APP(), '0.0.0')).toBe(false);
    expect(needsAppUpdate(APP(), '0.0.1')).toBe(true);
    expect(needsAppUpdate(APP('0.0.0'), '0.0.1')).toBe(true);
    expect(needsAppUpdate(APP('0.1'), '0.0.1')).toBe(false);
    expect(needsAppUpdate(CHROME, '0.0.1')).toBe(false);
  });

  it('externalUserId treats an empty id as none', () => {
    expect(externalUserId('', 'v-1')).toBe('v-1');
    expect(externalUserId('m-1', null)).toBe('m-1');
    expect(externalUserId('m-1', undefined)).toBe('m-1');
    expect(externalUserId('', '')).toBeNull();
    expect(externalUserId(null, undefined)).toBeNull();
  });
});
