import type { RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { normaliseEmail } from '#shared/rules/email';
import { normalisePartnerNumber } from '#shared/rules/partner-number';
import { ZIP_CHECK_FAILED, ZIP_NOT_US_MESSAGE } from '#shared/rules/zip';
import type { PartnerConfig } from '#shared/schemas/partner';
import { ApiError } from '#client/lib/api';
import { readKnownPublicId } from '../../session';
import { validateEmail, validateZip } from '../api';
import { joinRules, type JoinChecks, type JoinValues } from '../join-rules';

/**
 * §5 server checks of the joining form, made on blur: the e-mail and the partner number not yet a
 * member's, the ZIP code in the U.S. Answers are remembered per value in `checks` (the rules read
 * them), so re-validation asks once per value.
 */
export function useJoinChecks(partner: PartnerConfig, form: UseFormReturn<JoinValues>, checks: RefObject<JoinChecks>) {
  const { getValues, setError, trigger } = form;

  /** The field's own rule without the server's answers: a value it refuses is not sent. */
  const syncProblem = (name: 'email' | 'zipCode' | 'partnerNumber', value: string) => joinRules(partner, {})[name]?.(value, getValues()) ?? null;

  const checkEmail = async (value: string) => {
    const email = normaliseEmail(value);
    if (syncProblem('email', value) || checks.current.email?.value === email) return;
    try {
      const answer = await validateEmail(email, { publicId: readKnownPublicId() });
      checks.current.email = { value: email, inUse: !answer.isValid };
      if (normaliseEmail(getValues('email')) === email) await trigger('email');
    } catch (err) {
      // Refused as no e-mail address: the server's word (never 'already in use'). Any other failure:
      // the server checks again on submit, so it must not stop the person here.
      if (err instanceof ApiError && err.status === 400 && normaliseEmail(getValues('email')) === email) {
        setError('email', { type: 'server', message: err.fieldErrors.find((f) => f.field === 'email')?.message ?? err.message });
      }
    }
  };

  const checkPartnerNumber = async (value: string) => {
    const pn = normalisePartnerNumber(value);
    if (!pn || syncProblem('partnerNumber', pn) || checks.current.partnerNumber?.value === pn) return;
    try {
      const answer = await validateEmail(pn, { usePpn: true, publicId: readKnownPublicId() });
      checks.current.partnerNumber = { value: pn, inUse: !answer.isValid };
      if (normalisePartnerNumber(getValues('partnerNumber')) === pn) await trigger('partnerNumber');
    } catch {
      /* checked again on submit */
    }
  };

  const checkZip = async (value: string) => {
    const zip = value.trim();
    if (syncProblem('zipCode', zip)) return;
    if (checks.current.zip?.value === zip) return;
    try {
      const answer = await validateZip(zip);
      checks.current.zip = { value: zip, message: answer.isValid ? null : answer.message || ZIP_NOT_US_MESSAGE };
      if (getValues('zipCode').trim() === zip) await trigger('zipCode');
    } catch {
      // §5: the general message when the call fails; not remembered, so the next blur asks again.
      if (getValues('zipCode').trim() === zip) setError('zipCode', { type: 'check', message: ZIP_CHECK_FAILED });
    }
  };

  return { checkEmail, checkPartnerNumber, checkZip };
}
