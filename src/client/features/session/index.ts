/**
 * Member session on the client (§4): the member query, sign-in/out helpers, member states,
 * the arrival capture (referral, public id, login redirect) and the session timers.
 */
export { MEMBER_QUERY_KEY, applySignedIn, signOut, useMember, type SessionAnswer } from './api';
export { publicIdFromQuery, useArrivalVisitor, useKnownPublicId, readKnownPublicId, readLoginRedirect, readReferral, clearLoginRedirect } from './arrival';
export { readPublicIdCookie, saveKnownPublicId, saveLoginRedirect, type Referral } from './arrival-storage';
export { useKnownVisitor } from './known-visitor';
export { useActivateKnownVisitor } from './activate-known-visitor';
export { useUserState } from './use-user-state';
export { useCustomerSupport } from './customer-support';
export { SignInPrompt } from './components/sign-in-prompt';
export { useSupportLinks } from './components/support-links';
