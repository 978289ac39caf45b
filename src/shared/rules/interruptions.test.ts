import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  afterShown, INITIAL_QUEUE, INTERRUPTIONS, isQuietPage, nextInterruption, quietAfterSignIn, SIGN_IN_QUIET_MS,
  type InterruptionId, type QueueInput, type QueueState,
} from './interruptions';

const ALL: Record<InterruptionId, boolean> = {
  appUpdate: false, ssoTemporary: true, activation: false, appAnnouncement: true, generalPopup: true, installBanner: true, survey: true,
};
const input = (over: Partial<QueueInput> = {}): QueueInput => ({
  due: ALL, pathname: '/', view: 0, memberKnown: true, afterSignIn: false, otherDialogOpen: false, maintenance: false, ...over,
});

/** Runs the queue like the client does: pick, then record, until it settles. */
function settle(state: QueueState, i: QueueInput): { state: QueueState; shown: InterruptionId | null } {
  let s = state;
  for (let n = 0; n < 5; n += 1) {
    const shown = nextInterruption(s, i);
    const next = afterShown(s, shown, i);
    if (next === s) return { state: s, shown };
    s = next;
  }
  throw new Error('the queue did not settle');
}

describe('one interruption at a time (issue 25 item 4)', () => {
  it('a first visit with everything due sees the highest one only: the sign-on modal', () => {
    expect(settle(INITIAL_QUEUE, input()).shown).toBe('ssoTemporary');
  });

  it('in the fixed priority: update, sign-on, activation, app announcement, promo popup, install banner, survey', () => {
    expect(INTERRUPTIONS.map((i) => i.id)).toEqual(['appUpdate', 'ssoTemporary', 'activation', 'appAnnouncement', 'generalPopup', 'installBanner', 'survey']);
    const due: Partial<Record<InterruptionId, boolean>> = {};
    for (const { id } of [...INTERRUPTIONS].reverse()) {
      due[id] = true;
      expect(nextInterruption(INITIAL_QUEUE, input({ due }))).toBe(id);
    }
  });

  it('the promo popup and the survey never together: the popup first, the survey not on the same page view once it is answered', () => {
    const due = { generalPopup: true, survey: true };
    let { state, shown } = settle(INITIAL_QUEUE, input({ due, pathname: '/search' }));
    expect(shown).toBe('generalPopup');
    // Closed: the popup is no longer due; the survey waits for another page view.
    ({ state, shown } = settle(state, input({ due: { survey: true }, pathname: '/search' })));
    expect(shown).toBeNull();
    ({ state, shown } = settle(state, input({ due: { survey: true }, pathname: '/merchants/1', view: 1 })));
    expect(shown).toBe('survey');
  });

  it('one that shows keeps its place: a higher one that comes due later waits', () => {
    const { state } = settle(INITIAL_QUEUE, input({ due: { installBanner: true } }));
    expect(settle(state, input({ due: { installBanner: true, appAnnouncement: true } })).shown).toBe('installBanner');
    // Still unanswered on the next page: it stays (one at a time).
    expect(settle(state, input({ due: { installBanner: true, appAnnouncement: true }, view: 1, pathname: '/search' })).shown).toBe('installBanner');
  });

  it('at most one blocking modal per visit: after the sign-on modal, the app announcement waits for the next visit', () => {
    let { state } = settle(INITIAL_QUEUE, input({ due: { ssoTemporary: true, appAnnouncement: true, installBanner: true } }));
    ({ state } = settle(state, input({ due: { appAnnouncement: true, installBanner: true } })));
    const later = settle(state, input({ due: { appAnnouncement: true, installBanner: true }, view: 1, pathname: '/search' }));
    expect(later.shown).toBe('installBanner');
    expect(settle(INITIAL_QUEUE, input({ due: { appAnnouncement: true } })).shown).toBe('appAnnouncement');
  });

  it('none on joining, adding a card, signing in, recovery and the other quiet pages; whatever is due', () => {
    for (const p of ['/join', '/add_card', '/card_added', '/login', '/Login', '/login/', '/recover', '/recover/confirm', '/recover/update', '/recover/success',
      '/fix_credentials', '/SignOut', '/activate', '/activate/activated', '/account/manage_cards', '/error', '/update_app', '/surveys']) {
      expect(isQuietPage(p), p).toBe(true);
      expect(nextInterruption(INITIAL_QUEUE, input({ pathname: p })), p).toBeNull();
    }
    for (const p of ['/', '/search', '/merchants/12', '/account/overview', '/account/user_profile', '/earn/this-is-big', '/joint', '/logins']) {
      expect(isQuietPage(p), p).toBe(false);
    }
  });

  it('a banner kept out by a quiet page comes back after it, unanswered', () => {
    let { state } = settle(INITIAL_QUEUE, input({ due: { installBanner: true } }));
    const quiet = settle(state, input({ due: { installBanner: true }, pathname: '/join', view: 1 }));
    expect(quiet.shown).toBeNull();
    state = quiet.state;
    expect(settle(state, input({ due: { installBanner: true }, pathname: '/search', view: 2 })).shown).toBe('installBanner');
  });

  it('none over another dialog (a booking checkout): nothing starts under it, but one already showing stays', () => {
    expect(nextInterruption(INITIAL_QUEUE, input({ otherDialogOpen: true }))).toBeNull();
    const { state } = settle(INITIAL_QUEUE, input({ due: { survey: true } }));
    expect(nextInterruption(state, input({ due: { survey: true }, otherDialogOpen: true }))).toBe('survey');
  });

  it('none right after signing in, before the member is known, or during maintenance', () => {
    expect(nextInterruption(INITIAL_QUEUE, input({ afterSignIn: true }))).toBeNull();
    expect(nextInterruption(INITIAL_QUEUE, input({ memberKnown: false }))).toBeNull();
    expect(nextInterruption(INITIAL_QUEUE, input({ maintenance: true }))).toBeNull();
  });

  it('whatever comes due in whatever order over a visit: never two on one page view after one was answered, never two modals', () => {
    const ids = INTERRUPTIONS.map((i) => i.id);
    fc.assert(fc.property(fc.array(fc.record({ due: fc.subarray(ids), navigate: fc.boolean() }), { maxLength: 30 }), (steps) => {
      let state = INITIAL_QUEUE;
      let view = 0;
      const shownOnView = new Map<number, Set<InterruptionId>>();
      let modals = new Set<InterruptionId>();
      for (const step of steps) {
        if (step.navigate) view += 1;
        const due = Object.fromEntries(step.due.map((id) => [id, true]));
        const r = settle(state, input({ due, view, pathname: `/p${view}` }));
        state = r.state;
        if (r.shown) {
          const set = shownOnView.get(view) ?? new Set();
          set.add(r.shown);
          shownOnView.set(view, set);
          if (INTERRUPTIONS.find((i) => i.id === r.shown)?.kind === 'modal') modals = new Set([...modals, r.shown]);
        }
      }
      for (const set of shownOnView.values()) expect(set.size).toBeLessThanOrEqual(1);
      expect(modals.size).toBeLessThanOrEqual(1);
    }));
  });
});

describe('right after signing in', () => {
  const signedInAt = '2026-11-29T10:00:00.000Z';
  const at = Date.parse(signedInAt);

  it('the first page view of a fresh sign-in is quiet, once', () => {
    expect(quietAfterSignIn({ signedInAt, spentFor: null, now: at + 2000 })).toBe(true);
    expect(quietAfterSignIn({ signedInAt, spentFor: signedInAt, now: at + 2000 })).toBe(false);
    expect(quietAfterSignIn({ signedInAt, spentFor: '2026-11-20T10:00:00.000Z', now: at + 2000 })).toBe(true);
  });

  it('not for a session that began long ago, nor without a member', () => {
    expect(quietAfterSignIn({ signedInAt, spentFor: null, now: at + SIGN_IN_QUIET_MS })).toBe(false);
    expect(quietAfterSignIn({ signedInAt: null, spentFor: null, now: at })).toBe(false);
    expect(quietAfterSignIn({ signedInAt: 'soon', spentFor: null, now: at })).toBe(false);
  });
});

describe('right after signing in, at the limits', () => {
  const signedInAt = '2026-11-29T10:00:00.000Z';
  const at = Date.parse(signedInAt);
  const quiet = (now: number) => quietAfterSignIn({ signedInAt, spentFor: null, now });

  it('quiet from the sign-in up to just under ten minutes later', () => {
    expect(SIGN_IN_QUIET_MS).toBe(600_000);
    expect(quiet(at)).toBe(true);
    expect(quiet(at + SIGN_IN_QUIET_MS - 1)).toBe(true);
    expect(quiet(at + SIGN_IN_QUIET_MS)).toBe(false);
    expect(quiet(at + SIGN_IN_QUIET_MS + 1)).toBe(false);
  });

  it('a sign-in up to a minute in the future (clocks apart) counts; one further ahead does not', () => {
    expect(quiet(at - 59_999)).toBe(true);
    expect(quiet(at - 60_000)).toBe(true);
    expect(quiet(at - 60_001)).toBe(false);
    expect(quiet(at - 24 * 3600_000)).toBe(false);
  });

  it('an empty sign-in time is none', () => {
    expect(quietAfterSignIn({ signedInAt: '', spentFor: null, now: at })).toBe(false);
    expect(quietAfterSignIn({ signedInAt: undefined, spentFor: null, now: at })).toBe(false);
    expect(quietAfterSignIn({ signedInAt: '', spentFor: '', now: at })).toBe(false);
  });
});

describe('the queue, step by step', () => {
  const state = (over: Partial<QueueState>): QueueState => ({ ...INITIAL_QUEUE, ...over });

  it('starts empty: nothing showing, nothing answered, no modal yet', () => {
    expect(INITIAL_QUEUE).toEqual({ current: null, answeredOnView: null, modalShown: false });
  });

  it('one that stopped being due on an earlier page view gives way to the next one on this page view', () => {
    const s = state({ current: { id: 'installBanner', view: 0 } });
    expect(nextInterruption(s, input({ due: { survey: true }, view: 1 }))).toBe('survey');
    // On the page view it showed, its answer keeps the rest quiet.
    expect(nextInterruption(s, input({ due: { survey: true }, view: 0 }))).toBeNull();
  });

  it('recording nothing shown with nothing current keeps the very same state', () => {
    expect(afterShown(INITIAL_QUEUE, null, { due: {}, view: 0 })).toBe(INITIAL_QUEUE);
    const s = state({ current: { id: 'survey', view: 0 } });
    // Still due (kept out by a quiet page): stays current, same object.
    expect(afterShown(s, null, { due: { survey: true }, view: 3 })).toBe(s);
    // Shown again on the same view: nothing changes.
    expect(afterShown(s, 'survey', { due: { survey: true }, view: 0 })).toBe(s);
  });

  it('a shown banner becomes current without using up the visit\'s modal; a modal uses it', () => {
    expect(afterShown(INITIAL_QUEUE, 'survey', { due: { survey: true }, view: 2 })).toEqual({ current: { id: 'survey', view: 2 }, answeredOnView: null, modalShown: false });
    expect(afterShown(INITIAL_QUEUE, 'generalPopup', { due: { generalPopup: true }, view: 2 })).toEqual({ current: { id: 'generalPopup', view: 2 }, answeredOnView: null, modalShown: true });
    // A modal already shown stays counted when a banner follows.
    expect(afterShown(state({ modalShown: true }), 'survey', { due: { survey: true }, view: 2 }).modalShown).toBe(true);
    // The same one on a later page view moves to that view.
    expect(afterShown(state({ current: { id: 'survey', view: 0 } }), 'survey', { due: { survey: true }, view: 1 }).current).toEqual({ id: 'survey', view: 1 });
  });

  it('one no longer due was answered: on the page view it last showed, that view goes quiet; on a later one, nothing is marked', () => {
    const s = state({ current: { id: 'survey', view: 4 }, answeredOnView: 1 });
    expect(afterShown(s, null, { due: {}, view: 4 })).toEqual({ current: null, answeredOnView: 4, modalShown: false });
    expect(afterShown(s, null, { due: {}, view: 5 })).toEqual({ current: null, answeredOnView: 1, modalShown: false });
  });

  it('every interruption has its kind: two modals besides the sign-on one, the rest banners', () => {
    expect(INTERRUPTIONS.filter((i) => i.kind === 'modal').map((i) => i.id)).toEqual(['ssoTemporary', 'appAnnouncement', 'generalPopup']);
  });
});
