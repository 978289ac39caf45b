import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProspectSignUpRequest } from '#shared/schemas/member';
import { API_PATHS } from '#shared/api-paths';
import { call } from '../../lib/api';
import { applySignedIn, type Referral, type SessionAnswer } from '../session';

/**
 * Joining calls (docs/api-members.md). The checks made while the visitor types (e-mail, partner
 * number, ZIP code) are plain calls, remembered by the form; joining itself is a mutation hook.
 */


/** isValid false: the e-mail (or with usePpn the partner number) already belongs to a member. */
export function validateEmail(email: string, opts: { usePpn?: boolean; publicId?: string | null; signal?: AbortSignal } = {}) {
  return call(API_PATHS.validateEmail, { query: { email, usePpn: opts.usePpn ? 'true' : undefined, publicId: opts.publicId ?? undefined }, signal: opts.signal });
}

/** isValid false: the ZIP code is not in the U.S. (joining and the profile). */
export function validateZip(zip: string, signal?: AbortSignal) {
  return call(API_PATHS.validateZip, { query: { zip }, signal });
}

/**
 * POST /api/Members/Prospects: the account is created and signed in. `onJoined` runs before the
 * session is applied, so the page moves on before the signed-in member shows on the joining page.
 */
export function useSignUp({ onJoined }: { onJoined: (answer: SessionAnswer) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProspectSignUpRequest) => call(API_PATHS.signUp, { body }),
    onSuccess: (answer) => {
      onJoined(answer);
      applySignedIn(queryClient, answer);
    },
  });
}

/** POST /api/Members/Prospects/Email: a prospect record for the e-mail (its answer is not used). */
export function useCreateProspect() {
  return useMutation({
    mutationFn: (body: { email: string; referral: Referral }) => call(API_PATHS.prospectEmail, { body }),
  });
}
