import { useId, useRef, useState, type FocusEvent } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { Member, ProfileUpdateRequest } from '../../../../shared/schemas/member';
import { ADDRESS_MAX, CITY_MAX, NAME_MAX, US_STATE_OPTIONS } from '../../../../shared/constants/member';
import { formatPhone, isValidUsPhone, PHONE_MESSAGE, phoneDigits } from '../../../../shared/rules/phone';
import { smsOptInAfterPhoneChange, smsOptInEnabled, smsOptInPayload } from '../../../../shared/rules/sms-opt-in';
import { isZipShape, ZIP_FORMAT_MESSAGE, ZIP_NOT_US_MESSAGE, ZIP_CHECK_FAILED } from '../../../../shared/rules/zip';
import { ApiError } from '../../../lib/api';
import { usePartner } from '../../../lib/partner';
import { Button } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import { FormBanner } from '../../../components/form-banner';
import { SelectField } from '../../../components/select-field';
import { REQUIRED_MESSAGE, REQUIRED_STAR, TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { MEMBER_QUERY_KEY } from '../../session/api';
import { validateZip } from '../../member-forms/member-calls';
import { applyServerFieldErrors } from '../../member-forms/server-errors';
import { SmsConsentModal } from '../../member-forms/sms-consent-modal';
import { updateProfile } from '../api';
import styles from './profile-form.module.css';

/** §8 profile messages. */
export const PROFILE_SAVED = 'All changes were saved.';
export const PROFILE_NO_CHANGES = 'No changes were made.';
export const PROFILE_NOT_SAVED = 'No changes were saved. See error at bottom of page for more details.';
export { ZIP_CHECK_FAILED };
export const REQUIRED_NOTE = '* Required field';
export const PASSWORD_MASK = '••••••••';

export type ProfileValues = {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
  phoneNumber: string;
  smsOptIn: boolean;
  emailOptIn: boolean;
};

/** Server field names that differ from the form's (the member answer nests the address). */
const SERVER_FIELD_NAMES: Record<string, string> = {
  'address.address1': 'address1',
  'address.address2': 'address2',
  'address.city': 'city',
  'address.state': 'state',
  'address.zipCode': 'zipCode',
};

export function profileValues(member: Member): ProfileValues {
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    address1: member.address.address1,
    address2: member.address.address2,
    city: member.address.city,
    state: member.address.state,
    zipCode: member.address.zipCode,
    phoneNumber: formatPhone(member.phoneNumber),
    smsOptIn: member.smsOptIn,
    emailOptIn: member.emailOptIn,
  };
}

/** §5 text rule: trimmed, required when asked, at most `max` characters (the server's wording). */
function textRule(label: string, max: number, required: boolean) {
  return (value: string) => {
    const v = value.trim();
    if (required && !v) return REQUIRED_MESSAGE;
    if (v.length > max) return `${label} must be ${max} characters or fewer.`;
    return true;
  };
}

type ProfileFormProps = { member: Member; title: string };

/**
 * §2 / §5 member profile. Validates each field on blur and, after a submit, on every change
 * (react-hook-form onBlur / reValidate onChange). E-mail and password are shown, not edited;
 * single sign-on members' names come from their sign-on account and are read-only.
 */
export function ProfileForm({ member, title }: ProfileFormProps) {
  const partner = usePartner();
  const toast = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const [consentOpen, setConsentOpen] = useState(false);
  // ZIP code → the check's message (null: in the U.S.), so blur and re-validation ask once per code.
  const zipChecks = useRef(new Map<string, string | null>());
  // The phone number last committed (the saved one, then each blur): §5 SMS rules compare with it, as joining does.
  const committedPhone = useRef(member.phoneNumber);

  const sso = member.interfaceType === 'sso';
  const smsPartner = partner.hasSmsOptIn || partner.hasSmsOptInV2;
  const smsV2 = partner.hasSmsOptInV2;
  const addressRequired = partner.fullAddressRequired && partner.currencyType !== 'Credit';
  const program = partner.copyStates.programName1 || partner.name;

  const { register, handleSubmit, control, setValue, getValues, setError, reset, watch, formState } = useForm<ProfileValues>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: profileValues(member),
  });
  const { errors, isSubmitting } = formState;
  const phone = watch('phoneNumber');
  const smsEnabled = smsOptInEnabled(phone);

  /** Registers a text field that is trimmed when it loses focus (§5: text values trimmed). */
  const textField = (name: Exclude<Path<ProfileValues>, 'smsOptIn' | 'emailOptIn'>, validate: (value: string) => string | true | Promise<string | true>) => {
    const reg = register(name, { validate });
    return {
      ...reg,
      onBlur: (e: FocusEvent<HTMLInputElement>) => {
        const trimmed = e.target.value.trim();
        if (trimmed !== e.target.value) setValue(name, trimmed);
        return reg.onBlur(e);
      },
    };
  };

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

  const phoneReg = register('phoneNumber', { validate: (v) => !v.trim() || isValidUsPhone(v) || PHONE_MESSAGE });

  /** §5 SMS opt-in as the phone changes: a first number turns it on, an invalid one off, on v1 so does another number. */
  const followPhone = (value: string) => {
    if (!smsPartner) return;
    const current = getValues('smsOptIn');
    const next = smsOptInAfterPhoneChange({ previousPhone: committedPhone.current, phone: value, optIn: current, v2: smsV2 });
    if (next !== current) setValue('smsOptIn', next, { shouldDirty: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const body: ProfileUpdateRequest = {
      firstName: sso ? member.firstName : values.firstName.trim(),
      lastName: sso ? member.lastName : values.lastName.trim(),
      address1: values.address1.trim(),
      address2: values.address2.trim(),
      city: values.city.trim(),
      state: values.state,
      zipCode: values.zipCode.trim(),
      phoneNumber: phoneDigits(values.phoneNumber.trim()),
      ...smsOptInPayload({ phone: values.phoneNumber, checked: smsPartner && values.smsOptIn, v2: smsV2 }),
      emailOptIn: values.emailOptIn,
    };
    try {
      const result = await updateProfile(body);
      queryClient.setQueryData(MEMBER_QUERY_KEY, result.member);
      reset(profileValues(result.member));
      committedPhone.current = result.member.phoneNumber;
      toast.show(result.changed ? { kind: 'success', message: PROFILE_SAVED } : { kind: 'warning', message: PROFILE_NO_CHANGES });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        void navigate('/login');
        return;
      }
      const { placed, unplaced } = applyServerFieldErrors<ProfileValues>({ err, form: formRef.current, setError, rename: SERVER_FIELD_NAMES });
      if (placed > 0 && unplaced.length === 0) return;
      toast.show({ kind: 'error', message: PROFILE_NOT_SAVED });
      setServerError(unplaced.length > 0 ? unplaced.join(' ') : err instanceof Error && err.message ? err.message : 'Something went wrong.');
    }
  });

  return (
    <div className={styles.page}>
      <h1 id={titleId}>{title}</h1>
      <p className={styles.requiredNote}>{REQUIRED_NOTE}</p>
      <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Account</legend>
          <TextField label="Email" type="email" value={member.email} readOnly autoComplete="off" />
          {/* No partner switch hides the e-mail opt-in yet (§2 names one partner without it), so it is always shown. */}
          <Controller
            name="emailOptIn"
            control={control}
            render={({ field }) => (
              <CheckboxField
                ref={field.ref}
                name={field.name}
                checked={field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                onBlur={field.onBlur}
                label={`Send me emails with offers and news from ${program}`}
              />
            )}
          />
          {member.interfaceType === 'direct' && (
            <div className={styles.passwordRow}>
              <TextField label="Password" value={PASSWORD_MASK} readOnly autoComplete="off" />
              {partner.enrollmentType === 'direct' && (
                <p className={styles.fieldLink}>
                  <Link to="/recover">Change password</Link>
                </p>
              )}
            </div>
          )}
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Name</legend>
          <div className={styles.row}>
            {sso ? (
              <>
                <TextField label="First name" value={member.firstName} readOnly hint={`From your ${partner.copyStates.partnerName2 || partner.name} account`} />
                <TextField label="Last name" value={member.lastName} readOnly hint={`From your ${partner.copyStates.partnerName2 || partner.name} account`} />
              </>
            ) : (
              <>
                <TextField
                  label="First name"
                  required
                  requiredMarker={REQUIRED_STAR}
                  autoComplete="given-name"
                  maxLength={NAME_MAX}
                  error={errors.firstName?.message}
                  {...textField('firstName', textRule('First name', NAME_MAX, true))}
                />
                <TextField
                  label="Last name"
                  required
                  requiredMarker={REQUIRED_STAR}
                  autoComplete="family-name"
                  maxLength={NAME_MAX}
                  error={errors.lastName?.message}
                  {...textField('lastName', textRule('Last name', NAME_MAX, true))}
                />
              </>
            )}
          </div>
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Address</legend>
          <TextField
            label="Address"
            required={addressRequired}
            requiredMarker={REQUIRED_STAR}
            autoComplete="address-line1"
            maxLength={ADDRESS_MAX}
            error={errors.address1?.message}
            {...textField('address1', textRule('Address', ADDRESS_MAX, addressRequired))}
          />
          <TextField
            label="Address line 2"
            autoComplete="address-line2"
            maxLength={ADDRESS_MAX}
            error={errors.address2?.message}
            {...textField('address2', textRule('Address line 2', ADDRESS_MAX, false))}
          />
          <div className={styles.row}>
            <TextField
              label="City"
              required={addressRequired}
              requiredMarker={REQUIRED_STAR}
              autoComplete="address-level2"
              maxLength={CITY_MAX}
              error={errors.city?.message}
              {...textField('city', textRule('City', CITY_MAX, addressRequired))}
            />
            <SelectField
              label="State"
              required={addressRequired}
              requiredMarker={REQUIRED_STAR}
              autoComplete="address-level1"
              placeholder="Select a state"
              options={US_STATE_OPTIONS.map((s) => ({ value: s.code, label: s.name }))}
              error={errors.state?.message}
              {...register('state', { validate: (v) => !addressRequired || Boolean(v) || REQUIRED_MESSAGE })}
            />
          </div>
          <TextField
            className={styles.zip}
            label="ZIP code"
            required
            requiredMarker={REQUIRED_STAR}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={5}
            error={errors.zipCode?.message}
            {...textField('zipCode', checkZip)}
          />
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Phone</legend>
          <TextField
            label="Mobile phone number"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            hint="Format: xxx-xxx-xxxx"
            error={errors.phoneNumber?.message}
            {...phoneReg}
            onChange={(e) => {
              const result = phoneReg.onChange(e);
              followPhone(e.target.value);
              return result;
            }}
            onBlur={(e) => {
              const value = e.target.value.trim();
              const formatted = isValidUsPhone(value) ? formatPhone(value) : value;
              if (formatted !== e.target.value) setValue('phoneNumber', formatted);
              followPhone(formatted);
              committedPhone.current = formatted;
              return phoneReg.onBlur(e);
            }}
          />
          {smsPartner && (
            <Controller
              name="smsOptIn"
              control={control}
              render={({ field }) => (
                <CheckboxField
                  ref={field.ref}
                  name={field.name}
                  checked={field.value && smsEnabled}
                  disabled={!smsEnabled}
                  onChange={(e) => {
                    if (e.target.checked) setConsentOpen(true);
                    else field.onChange(false);
                  }}
                  onBlur={field.onBlur}
                  label="Send me text messages about my account and offers"
                  description={smsEnabled ? `Message and data rates may apply. Text STOP to ${partner.shortCode} to stop.` : 'Enter a valid mobile phone number to turn on text messages.'}
                />
              )}
            />
          )}
        </fieldset>

        <div className={styles.actions}>
          <Button type="submit" loading={isSubmitting}>
            Save changes
          </Button>
        </div>
        {serverError && <FormBanner kind="error">{serverError}</FormBanner>}
      </form>
      <SmsConsentModal
        open={consentOpen}
        phone={phone}
        onConfirm={() => {
          setConsentOpen(false);
          setValue('smsOptIn', true, { shouldDirty: true });
        }}
        onCancel={() => {
          setConsentOpen(false);
          setValue('smsOptIn', false, { shouldDirty: true });
        }}
      />
    </div>
  );
}
