import { useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '#client/lib/router';
import { ADDRESS_MAX, CITY_MAX, NAME_MAX } from '#shared/constants/member';
import { fullAddressRequired, smsConsentVersion, smsOptInOffered } from '#shared/rules/partner-features';
import { formatPhone, isValidUsPhone, PHONE_MESSAGE } from '#shared/rules/phone';
import { isZipShape, ZIP_CHECK_FAILED, ZIP_FORMAT_MESSAGE, ZIP_NOT_US_MESSAGE } from '#shared/rules/zip';
import type { Member } from '#shared/schemas/member';
import { paths } from '#shared/routes';
import { ApiError } from '#client/lib/api';
import { ADDRESS_FIELD_NAMES, applyServerFieldErrors, registerTrimmed } from '#client/lib/forms';
import { usePartner } from '#client/lib/partner';
import { useSmsOptIn } from '#client/components/sms-consent-modal';
import { REQUIRED_MESSAGE } from '#client/components/text-field';
import { useToast } from '#client/components/toast';
import { validateZip } from '../../enrollment';
import { useUpdateProfile } from '../api';
import { PROFILE_NO_CHANGES, PROFILE_NOT_SAVED, PROFILE_SAVED, profileUpdate, profileValues, textRule, type ProfileValues } from '../profile-values';

/**
 * The profile form's state (§5): each field validated on blur and, after a submit, on every
 * change; the ZIP code checked with the server once per code; the SMS opt-in following the phone.
 */
export function useProfileForm(member: Member) {
  const partner = usePartner();
  const toast = useToast();
  const navigate = useNavigate();
  const updateProfile = useUpdateProfile();
  const formRef = useRef<HTMLFormElement>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  // ZIP code → the check's message (null: in the U.S.), so blur and re-validation ask once per code.
  const zipChecks = useRef(new Map<string, string | null>());
  const sso = member.interfaceType === 'sso';
  const smsOffered = smsOptInOffered(partner);
  const smsV2 = smsConsentVersion(partner) === 'v2';
  const addressRequired = fullAddressRequired(partner);

  // The first invalid field is focused in the order the form shows them (focusFirstInvalid), not in
  // react-hook-form's registration order (the phone is registered first but shown last).
  const form = useForm<ProfileValues>({ mode: 'onBlur', reValidateMode: 'onChange', defaultValues: profileValues(member), shouldFocusError: false });
  // The toasts this form showed: a new attempt takes the old outcome away (an error toast stays until dismissed).
  const shownToasts = useRef<number[]>([]);
  const showToast = (t: Parameters<typeof toast.show>[0]) => shownToasts.current.push(toast.show(t));
  const clearOldWarnings = () => {
    setServerError(null);
    for (const id of shownToasts.current.splice(0)) toast.dismiss(id);
  };
  const { getValues, setValue, setError, reset } = form;
  // The phone number last committed (the saved one, then each blur): §5 SMS rules compare with it, as joining does.
  const sms = useSmsOptIn({
    offered: smsOffered,
    v2: smsV2,
    initialPhone: member.phoneNumber,
    get: () => getValues('smsOptIn'),
    set: (on) => setValue('smsOptIn', on, { shouldDirty: true }),
  });

  const checkZip = async (value: string): Promise<string | true> => {
    const zip = value.trim();
    if (!zip) return REQUIRED_MESSAGE;
    if (!isZipShape(zip)) return ZIP_FORMAT_MESSAGE;
    // The saved code passed this check when it was saved.
    if (zip === member.address.zipCode.trim()) return true;
    const known = zipChecks.current.get(zip);
    if (known !== undefined) return known ?? true;
    try {
      const answer = await validateZip(zip);
      const message = answer.isValid ? null : ZIP_NOT_US_MESSAGE;
      zipChecks.current.set(zip, message);
      return message ?? true;
    } catch {
      return ZIP_CHECK_FAILED;
    }
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await updateProfile.mutateAsync(profileUpdate(member, values, { offered: smsOffered, v2: smsV2, consented: sms.consented() }));
      reset(profileValues(result.member));
      sms.setCommittedPhone(result.member.phoneNumber);
      showToast(result.changed ? { kind: 'success', message: PROFILE_SAVED } : { kind: 'warning', message: PROFILE_NO_CHANGES });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        void navigate(paths.login());
        return;
      }
      const { placed, unplaced } = applyServerFieldErrors<ProfileValues>({ err, form: formRef.current, setError, rename: ADDRESS_FIELD_NAMES });
      if (placed > 0 && unplaced.length === 0) return;
      showToast({ kind: 'error', message: PROFILE_NOT_SAVED });
      setServerError(unplaced.length > 0 ? unplaced.join(' ') : err instanceof Error && err.message ? err.message : 'Something went wrong.');
    }
  }, (errors) => focusFirstInvalid(formRef.current, Object.keys(errors)));

  /** Every attempt starts clean: the last attempt's banner and toasts go, whatever this one finds. */
  const onSubmit = (e?: BaseSyntheticEvent) => {
    clearOldWarnings();
    return submit(e);
  };

  // Registered in this order, as before the split: react-hook-form focuses the first invalid field in registration order.
  const phone = registerTrimmed(form, 'phoneNumber', {
    validate: (v) => !v.trim() || isValidUsPhone(v) || PHONE_MESSAGE,
    transform: (v) => formatPhone(v.trim()),
    afterBlur: sms.commitPhone,
  });
  const fields = {
    phoneNumber: {
      ...phone,
      onChange: (e: { target: HTMLInputElement }) => {
        const result = phone.onChange(e);
        sms.followPhone(e.target.value);
        return result;
      },
    },
    firstName: sso ? null : registerTrimmed(form, 'firstName', { validate: textRule('First name', NAME_MAX, true) }),
    lastName: sso ? null : registerTrimmed(form, 'lastName', { validate: textRule('Last name', NAME_MAX, true) }),
    address1: registerTrimmed(form, 'address1', { validate: textRule('Address', ADDRESS_MAX, addressRequired) }),
    address2: registerTrimmed(form, 'address2', { validate: textRule('Address line 2', ADDRESS_MAX, false) }),
    city: registerTrimmed(form, 'city', { validate: textRule('City', CITY_MAX, addressRequired) }),
    state: form.register('state', { validate: (v) => !addressRequired || Boolean(v) || REQUIRED_MESSAGE }),
    zipCode: registerTrimmed(form, 'zipCode', { validate: checkZip }),
  };

  return { form, fields, formRef, serverError, sms, smsOffered, addressRequired, onSubmit };
}

export type ProfileForm = ReturnType<typeof useProfileForm>;

/** Focuses the first of the invalid fields in the order the form shows them (as server field errors are: lib/forms.ts). */
function focusFirstInvalid(form: HTMLFormElement | null, names: string[]) {
  if (!form || names.length === 0) return;
  const invalid = new Set(names);
  const first = Array.from(form.elements).find((el) => invalid.has((el as HTMLInputElement).name) && !(el as HTMLInputElement).disabled);
  (first as HTMLElement | undefined)?.focus();
}
