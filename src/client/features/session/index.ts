/**
 * Member session on the client (§4): the member query, sign-in/out helpers, member states,
 * the arrival capture (referral, public id, login redirect) and the session timers.
 */
export { MEMBER_QUERY_KEY, applySignedIn, fetchMember, memberQueryOptions, signOut, useMember, useRefetchMemberOnNavigation, type SessionAnswer } from './api';
export { publicIdFromQuery, useArrival, useArrivalVisitor, type ArrivalVisitor, useKnownPublicId, readKnownPublicId, readLoginRedirect, readReferral, clearLoginRedirect } from './arrival';
export { readPublicIdCookie, saveKnownPublicId, saveLoginRedirect, type Referral } from './arrival-storage';
export { knownVisitorQueryOptions, useKnownVisitor } from './known-visitor';
export { useActivateKnownVisitor } from './activate-known-visitor';
export { useSessionTimers, SESSION_WARNING_MESSAGE } from './session-timers';
export { userStateOf, type UserState } from './user-state';
export { useUserState } from './use-user-state';
export { useCsrfPlaceholderToast, csrfPlaceholderMessage } from './csrf-toast';
export { useEmulationGuard } from './emulation';
export { ActivationPrompt } from './components/activation-prompt';
