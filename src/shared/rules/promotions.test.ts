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
