import { matchPath, ROUTES } from '../routes';

/**
 * One interruption at a time (issue 25 item 4). Everything that opens by itself over or beside a
 * page - the service worker's update prompt, the temporary single sign-on modal, the activation
 * reminder, the app announcement, the general promo popup, the PWA install banner and the survey
 * prompt - asks this one queue whether it may show. Pure: the client's queue
 * (src/client/features/interruptions) reads the page, the member and the open dialogs and keeps
 * the state below between renders.
 *
 * The rules, in order:
 * - Quiet pages: nothing on joining (the three enrolment steps), linking a card, signing in or
 *   out, recovery and fixing credentials, activation, the error and update-app pages.
 * - Quiet right after signing in: the first page a member sees after a sign-in (password or
 *   single sign-on) is theirs, not ours.
 * - Quiet while another dialog is open: a booking's checkout (the reservation modal), a card
 *   deletion, the order-online dialog … are never covered, and no interruption starts under them.
 * - Nothing before the member is known (who is looking decides what is due) and nothing during
 *   maintenance.
 * - One at a time, in the fixed priority of INTERRUPTIONS; once one shows it keeps its place (no
 *   higher one pushes it away mid-read) until it is answered or no longer due.
 * - At most one per page view: after the visitor answered one, the rest of that page view is quiet.
 * - At most one blocking modal per visit (page load): a second modal waits for the next visit.
 * Each interruption keeps its own §4 dismissal rule and storage (24 hours, 30 days, the modal type,
 * the survey's cookie timeout …): the queue only decides when, never whether it was dismissed.
 */

export const INTERRUPTIONS = [
  /** The service worker's "A new version is available" (docs/pwa.md): the page may be out of date. */
  { id: 'appUpdate', kind: 'banner' },
  /** §2 temporary modal of a single sign-on partner: how to sign in changed. */
  { id: 'ssoTemporary', kind: 'modal' },
  /** §6 activation reminder of a tier-1 member or known visitor. */
  { id: 'activation', kind: 'banner' },
  /** §4 app announcement modal. */
  { id: 'appAnnouncement', kind: 'modal' },
  /** §4 general promo popup. */
  { id: 'generalPopup', kind: 'modal' },
  /** §2/§4 PWA install banner. */
  { id: 'installBanner', kind: 'banner' },
  /** §4 bottom-fixed survey prompt. */
  { id: 'survey', kind: 'banner' },
] as const satisfies readonly { id: string; kind: 'modal' | 'banner' }[];

export type InterruptionId = (typeof INTERRUPTIONS)[number]['id'];

export function interruptionKind(id: InterruptionId): 'modal' | 'banner' {
  // Stryker disable next-line OptionalChaining,StringLiteral: equivalent — every InterruptionId is in INTERRUPTIONS, so find never misses and the fallback is never read
  return INTERRUPTIONS.find((i) => i.id === id)?.kind ?? 'banner';
}

/** Pages where nothing may interrupt: the steps a visitor came to finish (route table patterns). */
const QUIET_ROUTES: readonly string[] = [
  ROUTES.join.path, ROUTES.addCard.path, ROUTES.cardAdded.path,
  ROUTES.login.path, ROUTES.loginAlias.path, ROUTES.signOut.path,
  ROUTES.recover.path, ROUTES.recoverConfirm.path, ROUTES.recoverUpdate.path, ROUTES.recoverSuccess.path,
  ROUTES.fixCredentials.path, ROUTES.activate.path, ROUTES.activated.path,
  ROUTES.accountCards.path, ROUTES.serverError.path, ROUTES.updateApp.path,
  ROUTES.surveys.path, ROUTES.surveysSuccess.path, ROUTES.surveysError.path,
];

/** Whether nothing may interrupt on this page (case-insensitive, trailing slashes ignored). */
export function isQuietPage(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return QUIET_ROUTES.some((pattern) => matchPath(pattern.toLowerCase(), path));
}

/** How long after a sign-in its first page view still counts as "right after signing in". */
export const SIGN_IN_QUIET_MS = 10 * 60 * 1000;

/**
 * Whether this page view is the one right after a sign-in: the session began less than
 * SIGN_IN_QUIET_MS ago and no page view of this window has been spent on it yet (`spentFor`, the
 * session start stored when one was). A reload days later, or a second page, is not.
 */
export function quietAfterSignIn(input: { signedInAt: string | null | undefined; spentFor: string | null; now: number }): boolean {
  if (!input.signedInAt || input.spentFor === input.signedInAt) return false;
  const at = Date.parse(input.signedInAt);
  return Number.isFinite(at) && input.now - at >= -60_000 && input.now - at < SIGN_IN_QUIET_MS;
}

/** What the queue keeps between renders. */
export type QueueState = {
  /** The interruption showing, and the page view it last showed on. */
  current: { id: InterruptionId; view: number } | null;
  /** The page view on which the visitor answered one (nothing else on it). */
  answeredOnView: number | null;
  /** A blocking modal already showed during this visit. */
  modalShown: boolean;
};

export const INITIAL_QUEUE: QueueState = { current: null, answeredOnView: null, modalShown: false };

export type QueueInput = {
  /** Which interruptions want to show now (each by its own §4 rule and dismissal storage). */
  due: Partial<Record<InterruptionId, boolean>>;
  pathname: string;
  /** Counts page views (path changes) of this visit. */
  view: number;
  /** The member (or their absence) is known. */
  memberKnown: boolean;
  /** The page view right after a sign-in (quietAfterSignIn). */
  afterSignIn: boolean;
  /** A dialog that is not an interruption is open (a booking's checkout, a deletion …). */
  otherDialogOpen: boolean;
  maintenance: boolean;
};

/** The one interruption that may show now, or null. */
export function nextInterruption(state: QueueState, input: QueueInput): InterruptionId | null {
  if (input.maintenance || !input.memberKnown || input.afterSignIn || isQuietPage(input.pathname)) return null;
  const { current } = state;
  if (current) {
    if (input.due[current.id]) return current.id;
    // Just answered on this page view: the queue records it after this render; nothing else meanwhile.
    if (current.view === input.view) return null;
  }
  if (state.answeredOnView === input.view || input.otherDialogOpen) return null;
  for (const { id, kind } of INTERRUPTIONS) {
    if (!input.due[id]) continue;
    if (kind === 'modal' && state.modalShown) continue;
    return id;
  }
  return null;
}

/**
 * The state after a render showed `shown` (nextInterruption's answer): a newly shown one becomes
 * current (a modal counts for the visit); a current one no longer due was answered on this page
 * view; one kept out by a quiet page stays current for later. Returns the same object when nothing
 * changed (no re-render loop).
 */
export function afterShown(state: QueueState, shown: InterruptionId | null, input: Pick<QueueInput, 'due' | 'view'>): QueueState {
  if (shown) {
    if (state.current?.id === shown && state.current.view === input.view) return state;
    return { ...state, current: { id: shown, view: input.view }, modalShown: state.modalShown || interruptionKind(shown) === 'modal' };
  }
  if (state.current && !input.due[state.current.id]) {
    return { ...state, current: null, answeredOnView: state.current.view === input.view ? input.view : state.answeredOnView };
  }
  return state;
}
