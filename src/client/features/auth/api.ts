import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { applySignedIn, signOut, type SessionAnswer } from '../session';

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
    mutationFn: (body: SignInRequest) => api<SessionAnswer>('/api/SignIn', { method: 'POST', body }),
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
    mutationFn: (email: string) => api<{ ok: true; message?: string }>('/api/Recover', { method: 'POST', body: { email } }),
  });
}

/** GET /api/Recover/Token: the e-mailed link is checked once, before the form shows. */
export function recoveryTokenQueryOptions(token: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['recover-token', token] as const,
    queryFn: ({ signal }) => api<{ ok: true }>('/api/Recover/Token', { query: { token }, signal }),
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
    mutationFn: (body: RecoveryUpdateRequest) => api<{ ok: true }>('/api/Recover/Update', { method: 'POST', body }),
  });
}

/** POST /api/FixCredentials: the account gets its own e-mail and is signed in. */
export function useFixCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FixCredentialsRequest) => api<SessionAnswer>('/api/FixCredentials', { method: 'POST', body }),
    onSuccess: (answer) => applySignedIn(queryClient, answer),
  });
}
