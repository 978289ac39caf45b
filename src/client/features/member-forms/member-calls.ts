import type { KnownVisitor } from '../../../shared/rules/activation';
import type { Member, ProspectSignUpRequest } from '../../../shared/schemas/member';
import { api } from '../../lib/api';
import type { SessionAnswer } from '../session/api';
import type { Referral } from '../session/arrival-storage';

/** Calls of docs/api-members.md used by the sign-in, joining, recovery and activation screens. */

export function signIn(body: { username: string; password: string; staySignedIn: boolean }) {
  return api<SessionAnswer>('/api/SignIn', { method: 'POST', body });
}

export function signUp(body: ProspectSignUpRequest) {
  return api<SessionAnswer>('/api/Members/Prospects', { method: 'POST', body });
}

export function createProspect(body: { email: string; referral: Referral }) {
  return api<{ ok: true }>('/api/Members/Prospects/Email', { method: 'POST', body });
}

/** isValid false: the e-mail (or with usePpn the partner number) already belongs to a member. */
export function validateEmail(email: string, opts: { usePpn?: boolean; signal?: AbortSignal } = {}) {
  return api<{ isValid: boolean; message?: string }>('/api/Members/Validate/Email', { query: { email, usePpn: opts.usePpn ? 'true' : undefined }, signal: opts.signal });
}

export function validateZip(zip: string, signal?: AbortSignal) {
  return api<{ isValid: boolean; message?: string }>('/api/Members/Validate/Zip', { query: { zip }, signal });
}

export function requestRecovery(email: string) {
  return api<{ ok: true; message?: string }>('/api/Recover', { method: 'POST', body: { email } });
}

export function checkRecoveryToken(token: string, signal?: AbortSignal) {
  return api<{ ok: true }>('/api/Recover/Token', { query: { token }, signal });
}

export function updateRecoveredPassword(body: { token: string; password: string; passwordConfirm: string }) {
  return api<{ ok: true }>('/api/Recover/Update', { method: 'POST', body });
}

export function fixCredentials(body: { partnerNumber: string; password: string; newEmail: string }) {
  return api<SessionAnswer>('/api/FixCredentials', { method: 'POST', body });
}

export function activateKnownVisitor(publicId: string) {
  return api<KnownVisitor>('/api/Member/Activate', { method: 'POST', body: { publicId } });
}

export type { Member };
