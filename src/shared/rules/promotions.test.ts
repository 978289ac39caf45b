import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  appAnnouncementDismissal, appAnnouncementVisible, generalPopupVisible, parseDismissedUntil, type AppAnnouncementInput,
} from './promotions';
import { APP_ANNOUNCEMENT_DISMISS_MS } from '../constants/promotions';

describe('general promo popup (§4)', () => {
  const base = { modalType: 'cash_back_launch', dismissedType: null, hasContent: true, pathname: '/', ctaPath: '/earn/this-is-big' };

  it('shows to a visitor who never closed it', () => {
    expect(generalPopupVisible(base)).toBe(true);
  });

  it('stays closed once this modal type was closed', () => {
    expect(generalPopupVisible({ ...base, dismissedType: 'cash_back_launch' })).toBe(false);
  });

  it('shows again when the partner moves to another modal type', () => {
    expect(generalPopupVisible({ ...base, dismissedType: 'summer_launch' })).toBe(true);
  });

  it('needs a modal type and the popup content', () => {
    expect(generalPopupVisible({ ...base, modalType: null })).toBe(false);
    expect(generalPopupVisible({ ...base, modalType: '  ' })).toBe(false);
    expect(generalPopupVisible({ ...base, hasContent: false })).toBe(false);
  });

  it('is not shown on the page its button leads to', () => {
    expect(generalPopupVisible({ ...base, pathname: '/earn/this-is-big' })).toBe(false);
    expect(generalPopupVisible({ ...base, pathname: '/earn/this-is-big/' })).toBe(false);
    expect(generalPopupVisible({ ...base, pathname: '/earn' })).toBe(true);
  });
});

describe('app announcement modal (§4)', () => {
  const now = Date.UTC(2026, 10, 23, 12);
  const base: AppAnnouncementInput = { configured: true, dismissedUntil: null, now, nativeApp: false, closedAccount: false };

  it('shows when configured and never closed', () => {
    expect(appAnnouncementVisible(base)).toBe(true);
  });

  it('closing hides it for 24 hours, then it shows again', () => {
    const stored = appAnnouncementDismissal(now);
    expect(Number(stored)).toBe(now + APP_ANNOUNCEMENT_DISMISS_MS);
    expect(appAnnouncementVisible({ ...base, dismissedUntil: stored, now: now + 1 })).toBe(false);
    expect(appAnnouncementVisible({ ...base, dismissedUntil: stored, now: now + 24 * 3600_000 - 1 })).toBe(false);
    expect(appAnnouncementVisible({ ...base, dismissedUntil: stored, now: now + 24 * 3600_000 })).toBe(true);
  });

  it('never inside the native app, never for a closed account', () => {
    expect(appAnnouncementVisible({ ...base, nativeApp: true })).toBe(false);
    expect(appAnnouncementVisible({ ...base, closedAccount: true })).toBe(false);
  });

  it('not without a configured announcement', () => {
    expect(appAnnouncementVisible({ ...base, configured: false })).toBe(false);
  });

  it('an unreadable stored value counts as absent', () => {
    expect(parseDismissedUntil('soon')).toBeNull();
    expect(parseDismissedUntil('')).toBeNull();
    expect(parseDismissedUntil('-5')).toBeNull();
    expect(appAnnouncementVisible({ ...base, dismissedUntil: 'soon' })).toBe(true);
  });

  it('whatever the times, hidden exactly while now is before the stored end', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 45 }), fc.integer({ min: 0, max: 2 ** 45 }), (closedAt, later) => {
      const visible = appAnnouncementVisible({ ...base, dismissedUntil: appAnnouncementDismissal(closedAt), now: later });
      expect(visible).toBe(later >= closedAt + APP_ANNOUNCEMENT_DISMISS_MS);
    }));
  });
});

describe('general promo popup (§4), edges', () => {
  const base = { modalType: 'cash_back_launch', dismissedType: null, hasContent: true, pathname: '/', ctaPath: '/earn/this-is-big' };

  it('reads the modal type without surrounding spaces, also when comparing it with the closed one', () => {
    expect(generalPopupVisible({ ...base, modalType: '  cash_back_launch ', dismissedType: 'cash_back_launch' })).toBe(false);
    expect(generalPopupVisible({ ...base, modalType: '  cash_back_launch ' })).toBe(true);
    expect(generalPopupVisible({ ...base, modalType: undefined })).toBe(false);
    expect(generalPopupVisible({ ...base, modalType: '' })).toBe(false);
    // A stored type is compared exactly: another case is another type.
    expect(generalPopupVisible({ ...base, dismissedType: 'CASH_BACK_LAUNCH' })).toBe(true);
    expect(generalPopupVisible({ ...base, dismissedType: '' })).toBe(true);
  });

  it('compares the button\'s page without its query, hash or trailing slashes', () => {
    expect(generalPopupVisible({ ...base, ctaPath: '/earn/this-is-big?utm=popup', pathname: '/earn/this-is-big' })).toBe(false);
    expect(generalPopupVisible({ ...base, ctaPath: '/earn/this-is-big#top', pathname: '/earn/this-is-big' })).toBe(false);
    expect(generalPopupVisible({ ...base, ctaPath: '/earn/this-is-big//', pathname: '/earn/this-is-big' })).toBe(false);
    expect(generalPopupVisible({ ...base, ctaPath: '/earn/this-is-big', pathname: '/earn/this-is-big-deal' })).toBe(true);
    expect(generalPopupVisible({ ...base, ctaPath: '/earn/this-is-big', pathname: '/earn/this' })).toBe(true);
    expect(generalPopupVisible({ ...base, ctaPath: '/earn/?a', pathname: '/search' })).toBe(true);
  });

  it('the home page as the button\'s page: hidden on /, shown elsewhere', () => {
    expect(generalPopupVisible({ ...base, ctaPath: '/', pathname: '/' })).toBe(false);
    expect(generalPopupVisible({ ...base, ctaPath: '/?from=popup', pathname: '/' })).toBe(false);
    expect(generalPopupVisible({ ...base, ctaPath: '/', pathname: '/search' })).toBe(true);
    expect(generalPopupVisible({ ...base, ctaPath: '//', pathname: '/' })).toBe(false);
  });

  it('without a button page it shows on every page', () => {
    expect(generalPopupVisible({ ...base, ctaPath: null, pathname: '/earn/this-is-big' })).toBe(true);
    expect(generalPopupVisible({ ...base, ctaPath: '', pathname: '/' })).toBe(true);
    expect(generalPopupVisible({ modalType: 'x', dismissedType: null, hasContent: true, pathname: '/' })).toBe(true);
  });
});

describe('app announcement modal (§4), edges', () => {
  const now = Date.UTC(2026, 10, 23, 12);
  const base: AppAnnouncementInput = { configured: true, dismissedUntil: null, now, nativeApp: false, closedAccount: false };

  it('reads a stored end of 1 to 16 digits, spaces around it allowed; nothing else', () => {
    expect(parseDismissedUntil('0')).toBe(0);
    expect(parseDismissedUntil(' 1700000000000 ')).toBe(1_700_000_000_000);
    expect(parseDismissedUntil('1234567890123456')).toBe(1_234_567_890_123_456);
    expect(parseDismissedUntil('12345678901234567')).toBeNull();
    expect(parseDismissedUntil(null)).toBeNull();
    expect(parseDismissedUntil('1.5')).toBeNull();
    expect(parseDismissedUntil('x12')).toBeNull();
    expect(parseDismissedUntil('12x')).toBeNull();
  });

  it('hidden until the stored end, exactly: a millisecond before, at it, after it', () => {
    const until = String(now + 1000);
    expect(appAnnouncementVisible({ ...base, dismissedUntil: until, now: now + 999 })).toBe(false);
    expect(appAnnouncementVisible({ ...base, dismissedUntil: until, now: now + 1000 })).toBe(true);
    expect(appAnnouncementVisible({ ...base, dismissedUntil: until, now: now + 1001 })).toBe(true);
    expect(appAnnouncementVisible({ ...base, dismissedUntil: ' 12345678901234567 ' })).toBe(true);
    // Nothing stored shows it whatever the clock says, even a clock before 1970.
    expect(appAnnouncementVisible({ ...base, dismissedUntil: null, now: -1 })).toBe(true);
    expect(appAnnouncementVisible({ ...base, dismissedUntil: '0', now: -1 })).toBe(false);
  });

  it('the native app or a closed account hides it whatever is stored; a dismissal ends 24 hours later', () => {
    expect(appAnnouncementVisible({ ...base, nativeApp: true, dismissedUntil: '0' })).toBe(false);
    expect(appAnnouncementVisible({ ...base, closedAccount: true, dismissedUntil: '0' })).toBe(false);
    expect(appAnnouncementVisible({ ...base, configured: false, dismissedUntil: '0' })).toBe(false);
    expect(APP_ANNOUNCEMENT_DISMISS_MS).toBe(24 * 3600_000);
    expect(appAnnouncementDismissal(0)).toBe('86400000');
  });
});
