import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { NavigationType, useLocation, useNavigationType } from '#client/lib/router';
import {
  afterShown, INITIAL_QUEUE, interruptionKind, isQuietPage, nextInterruption, quietAfterSignIn, type InterruptionId, type QueueState,
} from '#shared/rules/interruptions';
import { usePartner } from '../../lib/partner';
import { useMember } from '../session';

/** Session storage: the sign-in whose quiet first page was spent in this window. */
export const SIGN_IN_QUIET_KEY = 'RN_SIGN_IN_QUIET_SPENT';

type QueueContext = {
  report: (id: InterruptionId, due: boolean) => void;
  shown: InterruptionId | null;
};

const Context = createContext<QueueContext | null>(null);

function readSpent(): string | null {
  try {
    return sessionStorage.getItem(SIGN_IN_QUIET_KEY);
  } catch {
    return null;
  }
}

/** A dialog open on the page (the Modal component's overlay) that is not one of ours. */
function useOtherDialogOpen(ownModalShowing: boolean): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (typeof MutationObserver === 'undefined') return undefined;
    const check = () => setOpen(document.querySelector('[data-modal-overlay]') !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, []);
  return open && !ownModalShowing;
}

/**
 * The one interruption queue (issue 25 item 4; the rules in src/shared/rules/interruptions.ts):
 * every modal, banner or prompt that opens by itself reports whether it is due with
 * useInterruption and shows only when the queue names it. Mounted once by the page layout,
 * around the whole page chrome.
 */
export function InterruptionQueue({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { maintenanceMode } = usePartner();
  const { member, isLoading } = useMember();
  const [due, setDue] = useState<Partial<Record<InterruptionId, boolean>>>({});
  const [state, setState] = useState<QueueState>(INITIAL_QUEUE);

  // Page views: each new path the visitor goes to is one (counted while rendering, so a new page is
  // never judged as the last one). An address replaced in place (a redirect, /account to its
  // overview; the search filling in its location) is the same page view.
  const navigationType = useNavigationType();
  const [pageView, setPageView] = useState({ path: pathname, view: 0 });
  const step = navigationType === NavigationType.Replace ? 0 : 1;
  if (pageView.path !== pathname) setPageView({ path: pathname, view: pageView.view + step });
  const view = pageView.path === pathname ? pageView.view : pageView.view + step;

  // Right after a sign-in: the first page view that is not itself quiet is spent on it.
  const signedInAt = member?.session.signedInAt ?? null;
  const [spent, setSpent] = useState(readSpent);
  const [afterSignInView, setAfterSignInView] = useState<number | null>(null);
  const freshSignIn = !isLoading && !isQuietPage(pathname) && quietAfterSignIn({ signedInAt, spentFor: spent, now: Date.now() });
  useEffect(() => {
    if (!freshSignIn || !signedInAt) return;
    try {
      sessionStorage.setItem(SIGN_IN_QUIET_KEY, signedInAt);
    } catch {
      /* storage refused: quiet for this page only */
    }
    setSpent(signedInAt);
    setAfterSignInView(view);
  }, [freshSignIn, signedInAt, view]);

  const modalShowing = state.current !== null && interruptionKind(state.current.id) === 'modal';
  const otherDialogOpen = useOtherDialogOpen(modalShowing);
  const input = {
    due, pathname, view, memberKnown: !isLoading, afterSignIn: freshSignIn || afterSignInView === view, otherDialogOpen, maintenance: maintenanceMode ?? false,
  };
  const shown = nextInterruption(state, input);

  useEffect(() => {
    setState((s) => afterShown(s, shown, { due, view }));
  }, [shown, due, view]);

  const report = useCallback((id: InterruptionId, isDue: boolean) => {
    setDue((d) => (Boolean(d[id]) === isDue ? d : { ...d, [id]: isDue }));
  }, []);
  const value = useMemo(() => ({ report, shown }), [report, shown]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/**
 * Asks the queue whether this interruption may show: `due` is its own §4 rule (dismissal storage,
 * partner switch, member …); the answer adds the queue's (quiet pages, one at a time, one per page
 * view). Outside the queue (a component rendered on its own, in a test) it shows when due.
 */
export function useInterruption(id: InterruptionId, due: boolean): boolean {
  const queue = useContext(Context);
  const report = queue?.report;
  useEffect(() => {
    report?.(id, due);
  }, [report, id, due]);
  useEffect(() => () => report?.(id, false), [report, id]);
  if (!queue) return due;
  return due && queue.shown === id;
}
