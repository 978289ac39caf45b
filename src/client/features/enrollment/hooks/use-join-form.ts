import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from '#client/lib/router';
import { normaliseEmail } from '#shared/rules/email';
import { cutPassword } from '#shared/rules/password';
import { fullAddressRequired, smsConsentVersion, smsOptInOffered } from '#shared/rules/partner-features';
import { normalisePartnerNumber } from '#shared/rules/partner-number';
import { formatPhone, phoneDigits } from '#shared/rules/phone';
import { smsOptInPayload } from '#shared/rules/sms-opt-in';
import type { ProspectSignUpRequest } from '#shared/schemas/member';
import { ApiError } from '#client/lib/api';
import { ADDRESS_FIELD_NAMES, applyServerFieldErrors, errorCode, registerChecking, registerTrimmed, rulesResolver } from '#client/lib/forms';
import { usePartner } from '#client/lib/partner';
import { useSmsOptIn } from '#client/components/sms-consent-modal';
import { readKnownPublicId, readReferral } from '../../session';
import { useSignUp } from '../api';
import { JOIN_FAILED, joinRules, type JoinChecks, type JoinValues } from '../join-rules';
import { useJoinChecks } from './use-join-checks';

export type JoinBanner = { kind: 'alreadyMember' } | { kind: 'failed'; messages: string[] } | null;

const EMPTY: Omit<JoinValues, 'email'> = {
  password: '', passwordConfirm: '', firstName: '', lastName: '', partnerNumber: '', address1: '', address2: '', city: '', state: '', zipCode: '', phoneNumber: '', smsOptIn: false, emailOptIn: true,
};

/**
 * The joining form's state (§5): rules, the server checks on blur, the SMS opt-in following the
 * phone, and the sign-up with its answers placed on the fields or in the banner.
 */
export function useJoinForm({ onJoined }: { onJoined: () => void }) {
  const partner = usePartner();
  const [params] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const checks = useRef<JoinChecks>({});
  const [banner, setBanner] = useState<JoinBanner>(null);
  const address = fullAddressRequired(partner);
  const smsVersion = smsConsentVersion(partner);
  const smsOffered = smsOptInOffered(partner);
  const signUp = useSignUp({ onJoined });

  const form = useForm<JoinValues>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    resolver: rulesResolver(() => joinRules(partner, checks.current)),
    defaultValues: { email: (params.get('email') ?? '').trim().slice(0, 254), ...EMPTY },
  });
  const { getValues, setValue, setError, trigger, clearErrors, formState: { errors } } = form;
  const serverChecks = useJoinChecks(partner, form, checks);
  const sms = useSmsOptIn({
    offered: smsOffered,
    v2: smsVersion === 'v2',
    initialPhone: '',
    get: () => getValues('smsOptIn'),
    set: (on) => setValue('smsOptIn', on),
  });

  useEffect(() => {
    if (banner) bannerRef.current?.focus();
  }, [banner]);

  const signUpRequest = (values: JoinValues): ProspectSignUpRequest => {
    const phone = values.phoneNumber.trim();
    return {
      email: normaliseEmail(values.email),
      password: cutPassword(values.password),
      passwordConfirm: cutPassword(values.passwordConfirm),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      address1: address ? values.address1.trim() : '',
      address2: address ? values.address2.trim() : '',
      city: address ? values.city.trim() : '',
      state: address ? values.state : '',
      zipCode: values.zipCode.trim(),
      phoneNumber: phone ? phoneDigits(phone) : '',
      ...smsOptInPayload({ phone, checked: smsOffered && values.smsOptIn, v2: smsVersion === 'v2', consented: sms.consented() }),
      partnerNumber: partner.hasPPN ? normalisePartnerNumber(values.partnerNumber) : '',
      emailOptIn: values.emailOptIn,
      referral: readReferral(),
      publicId: readKnownPublicId() ?? undefined,
    };
  };

  const onValid = async (values: JoinValues) => {
    setBanner(null);
    try {
      await signUp.mutateAsync(signUpRequest(values));
    } catch (err) {
      if (errorCode(err) === 'alreadyMember') {
        setBanner({ kind: 'alreadyMember' });
        return;
      }
      const { placed, unplaced } = applyServerFieldErrors({ err, form: formRef.current, setError, rename: { smsOptInV2: 'smsOptIn', ...ADDRESS_FIELD_NAMES } });
      if (placed > 0 && unplaced.length === 0) return;
      setBanner({ kind: 'failed', messages: unplaced.length > 0 ? unplaced : [err instanceof ApiError && err.status < 500 && err.message ? err.message : JOIN_FAILED] });
    }
  };

  // Registered in the order the fields appear: react-hook-form focuses the first invalid field in this order.
  const email = registerTrimmed(form, 'email', { afterBlur: (v) => void serverChecks.checkEmail(v) });
  const partnerNumber = registerTrimmed(form, 'partnerNumber', {
    transform: normalisePartnerNumber,
    afterBlur: (v) => {
      if (getValues('password')) void trigger('password');
      void serverChecks.checkPartnerNumber(v);
    },
  });
  const password = registerChecking(form, 'password', 'passwordConfirm');
  const passwordConfirm = form.register('passwordConfirm');
  const firstName = registerTrimmed(form, 'firstName');
  const lastName = registerTrimmed(form, 'lastName');
  const address1 = registerTrimmed(form, 'address1');
  const address2 = registerTrimmed(form, 'address2');
  const city = registerTrimmed(form, 'city');
  const state = form.register('state');
  const zip = registerTrimmed(form, 'zipCode', { afterBlur: (v) => void serverChecks.checkZip(v) });
  const phone = registerTrimmed(form, 'phoneNumber', { transform: (v) => formatPhone(v.trim()), afterBlur: sms.commitPhone });
  const fields = {
    email, partnerNumber, password, passwordConfirm, firstName, lastName, address1, address2, city, state,
    zipCode: {
      ...zip,
      onChange: async (e: { target: HTMLInputElement }) => {
        // A failed check is a manual error; typing again clears it until the next blur.
        if (errors.zipCode?.type === 'check') clearErrors('zipCode');
        await zip.onChange(e);
      },
    },
    phoneNumber: {
      ...phone,
      onChange: async (e: { target: HTMLInputElement }) => {
        await phone.onChange(e);
        sms.followPhone(e.target.value);
      },
    },
    emailOptIn: form.register('emailOptIn'),
  };

  return { form, fields, formRef, bannerRef, banner, sms, address, smsOffered, onSubmit: form.handleSubmit(onValid) };
}

export type JoinForm = ReturnType<typeof useJoinForm>;
