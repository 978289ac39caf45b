import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { call } from '../../lib/api';
import { applySignedIn, signOut } from '../session';

/**
 * Sign-in, sign-out, recovery and fix-credentials calls (docs/api-members.md): one hook per call.
 * A hook that starts a session applies it (token and member query) itself; the forms only move on.
 */

export type SignInRequest = { username: string; password: string; staySignedIn: boolean };
export type RecoveryUpdateRequest = { token: string; password: string; passwordConfirm: string };
export type FixCredentialsRequest = { partnerNumber: string; password: string; newEmail: string };

/** POST /api/SignIn; the new session applied on success. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInRequest) => call(API_PATHS.signIn, { body }),
    onSuccess: (answer) => applySignedIn(queryClient, answer),
  });
}

/** POST /api/SignInLink: a one-time sign-in link to the account's e-mail, if it has one (the answer never says). */
export function useRequestSignInLink() {
  return useMutation({
    mutationFn: (username: string) => call(API_PATHS.signInLink, { body: { username } }),
  });
}

/** POST /api/SignInLink/Use: the e-mailed link signs in once; the new session applied on success. */
export function useSignInWithLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; staySignedIn: boolean }) => call(API_PATHS.useSignInLink, { body }),
    onSuccess: (answer) => applySignedIn(queryClient, answer),
  });
}

/** GET /api/SignOut: the session ends and member data leaves the cache (features/session signOut). */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => signOut(queryClient) });
}

/** POST /api/Recover: a reset link, if the e-mail has an account (the answer never says). */
export function useRequestRecovery() {
  return useMutation({
    mutationFn: (email: string) => call(API_PATHS.recover, { body: { email } }),
  });
}

/** GET /api/Recover/Token: the e-mailed link is checked once, before the form shows. */
export function recoveryTokenQueryOptions(token: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['recover-token', token] as const,
    queryFn: ({ signal }) => call(API_PATHS.recoverToken, { query: { token }, signal }),
    enabled,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useRecoveryTokenCheck(token: string, enabled: boolean) {
  return useQuery(recoveryTokenQueryOptions(token, enabled));
}

/** POST /api/Recover/Update: the new password. */
export function useUpdateRecoveredPassword() {
  return useMutation({
    mutationFn: (body: RecoveryUpdateRequest) => call(API_PATHS.recoverUpdate, { body }),
  });
}

/** POST /api/FixCredentials: the account gets its own e-mail and is signed in. */
export function useFixCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FixCredentialsRequest) => call(API_PATHS.fixCredentials, { body }),
    onSuccess: (answer) => applySignedIn(queryClient, answer),
  });
}
