import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ADDRESS_MAX, CITY_MAX, NAME_MAX, US_STATE_OPTIONS } from '../../../shared/constants/member';
import { emailProblem, isValidEmail, normaliseEmail } from '../../../shared/rules/email';
import { cutPassword, passwordProblem, PASSWORD_MIN } from '../../../shared/rules/password';
import { ENROLLMENT_PHONE_MESSAGE, formatPhone, isValidUsPhone, phoneDigits } from '../../../shared/rules/phone';
import { isZipShape, ZIP_FORMAT_MESSAGE, ZIP_NOT_US_MESSAGE, ZIP_CHECK_FAILED } from '../../../shared/rules/zip';
import { isValidPartnerNumber, normalisePartnerNumber, PARTNER_NUMBER_FORMAT_MESSAGE } from '../../../shared/rules/partner-number';
import { smsOptInAfterPhoneChange, smsOptInEnabled, smsOptInPayload } from '../../../shared/rules/sms-opt-in';
import type { PartnerConfig } from '../../../shared/schemas/partner';
import { ApiError } from '../../lib/api';
import { usePartner } from '../../lib/partner';
import { Button, buttonClassName, LinkButton } from '../../components/button';
import { TextField, REQUIRED_MESSAGE } from '../../components/text-field';
import { PasswordField } from '../../components/password-field';
import { CheckboxField } from '../../components/checkbox-field';
import { SelectField } from '../../components/select-field';
import { FormBanner } from '../../components/form-banner';
import { applySignedIn, useMember } from '../../features/session/api';
import { readKnownPublicId, readReferral } from '../../features/session/arrival-storage';
import { AuthPage, authStyles as styles } from '../../features/member-forms/auth-page';
import { EnrollmentGate } from '../../features/member-forms/enrollment-gate';
import { signUp, validateEmail, validateZip } from '../../features/member-forms/member-calls';
import { rulesResolver, type FieldRules } from '../../features/member-forms/rules-resolver';
import { applyServerFieldErrors, errorCode } from '../../features/member-forms/server-errors';
import { SmsConsentModal } from '../../features/member-forms/sms-consent-modal';

/** §5 / §8 wording. */
export const EMAIL_IN_USE = 'This email is already in use with the program.';
export const PARTNER_NUMBER_IN_USE = 'This partner number is already in use.';
export { ZIP_CHECK_FAILED };
export const PASSWORDS_DIFFER = 'Passwords do not match.';
export const ALREADY_MEMBER = 'It looks like you already have an account.';
export const JOIN_FAILED = 'We could not create your account just now. Please try again in a moment.';
export const DONE_TITLE = 'Your account is ready';
/** Enrolment step 2, where a new member goes once the account exists. */
export const ADD_CARD_PATH = '/add_card';

export type JoinValues = {
  email: string;
  password: string;
  passwordConfirm: string;
  firstName: string;
  lastName: string;
  partnerNumber: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
  phoneNumber: string;
  smsOptIn: boolean;
  emailOptIn: boolean;
};

/** Results of the server checks made on blur, keyed by the value they were made for. */
type Checks = {
  email?: { value: string; inUse: boolean };
  partnerNumber?: { value: string; inUse: boolean };
  zip?: { value: string; message: string | null };
};

const maxLength = (label: string, max: number) => (v: string) => (v.trim().length > max ? `${label} must be ${max} characters or fewer.` : null);
const required = (v: string) => (v.trim() ? null : REQUIRED_MESSAGE);

/** Whether the partner asks for the postal address at joining (§5). */
export function needsFullAddress(p: Pick<PartnerConfig, 'fullAddressRequired' | 'currencyType'>) {
  return p.fullAddressRequired && p.currencyType !== 'Credit';
}

/** §5 rules of the joining form (plain functions; the server applies the same ones). */
export function joinRules(partner: PartnerConfig, checks: Checks): FieldRules<JoinValues> {
  const address = needsFullAddress(partner);
  return {
    // The one e-mail rule of the page and the server (rules/email.ts), then the server's in-use answer.
    email: (v) => emailProblem(v) ?? (checks.email?.inUse && checks.email.value === normaliseEmail(v) ? EMAIL_IN_USE : null),
    password: (v, all) => (v ? passwordProblem(v, partner.hasPPN ? normalisePartnerNumber(all.partnerNumber ?? '') || null : null) : REQUIRED_MESSAGE),
    passwordConfirm: (v, all) => (!v ? REQUIRED_MESSAGE : cutPassword(v) !== cutPassword(all.password) ? PASSWORDS_DIFFER : null),
    firstName: (v) => required(v) ?? maxLength('First name', NAME_MAX)(v),
    lastName: (v) => required(v) ?? maxLength('Last name', NAME_MAX)(v),
    partnerNumber: (v) => {
      if (!partner.hasPPN) return null;
      const t = normalisePartnerNumber(v);
      if (!t) return REQUIRED_MESSAGE;
      if (!isValidPartnerNumber(t, partner.partnerNumberValidator)) return PARTNER_NUMBER_FORMAT_MESSAGE;
      if (checks.partnerNumber?.inUse && checks.partnerNumber.value === t) return PARTNER_NUMBER_IN_USE;
      return null;
    },
    address1: (v) => (address ? required(v) : null) ?? maxLength('Address', ADDRESS_MAX)(v),
    address2: (v) => maxLength('Address line 2', ADDRESS_MAX)(v),
    city: (v) => (address ? required(v) : null) ?? maxLength('City', CITY_MAX)(v),
    state: (v) => (address ? required(v) : null),
    zipCode: (v) => {
      const t = v.trim();
      if (!t) return REQUIRED_MESSAGE;
      if (!isZipShape(t)) return ZIP_FORMAT_MESSAGE;
      if (checks.zip?.value === t && checks.zip.message) return checks.zip.message;
      return null;
    },
    phoneNumber: (v) => (v.trim() === '' || isValidUsPhone(v) ? null : ENROLLMENT_PHONE_MESSAGE),
  };
}

/** /join: enrollment step 1 (§2: only where enrollmentType is not none). */
export function JoinRoute() {
  return (
    <EnrollmentGate condition="notNone">
      <JoinScreen />
    </EnrollmentGate>
  );
}

function JoinScreen() {
  const partner = usePartner();
  const { member } = useMember();
  const [joined, setJoined] = useState(false);
  const program = partner.copyStates.programName1 || partner.name;
  // §2 enrolment: step 1 done, the account exists and is signed in; step 2 links a card. Replace,
  // so Back does not return to a joining form the member has already sent.
  if (joined) return <Navigate to={ADD_CARD_PATH} replace />;
  // Back from single sign-on with a new account (no card yet): on to step 2 as well.
  if (member?.memberType === 'NonCardMember') return <Navigate to={ADD_CARD_PATH} replace />;
  if (member) {
    // Step 1 is done (also on the way back from single sign-on): the account exists.
    return (
      <AuthPage title={DONE_TITLE}>
        <div className="stack">
          <p>Your {program} account exists and you are signed in.</p>
          <p>
            <LinkButton to="/account">Go to your account</LinkButton>
          </p>
        </div>
      </AuthPage>
    );
  }
  if (partner.enrollmentType === 'sso') {
    // Single sign-on partners: the first sign-in with the partner's account creates the member.
    return (
      <AuthPage title={`Join ${program}`} intro={<p>Use your {program} account to join. Your dining rewards account is created the first time you sign in.</p>}>
        <div className={styles.actions}>
          <a className={buttonClassName('primary')} href={`/auth/sso/start?returnTo=${encodeURIComponent('/join')}`}>
            Join with {program}
          </a>
        </div>
      </AuthPage>
    );
  }
  return <JoinForm onJoined={() => setJoined(true)} />;
}

type Banner = { kind: 'alreadyMember' } | { kind: 'failed'; messages: string[] } | null;

function JoinForm({ onJoined }: { onJoined: (firstName: string) => void }) {
  const partner = usePartner();
  const program = partner.copyStates.programName1 || partner.name;
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const checks = useRef<Checks>({});
  const committedPhone = useRef('');
  const [banner, setBanner] = useState<Banner>(null);
  const [consentOpen, setConsentOpen] = useState(false);
  const hasSms = partner.hasSmsOptIn || partner.hasSmsOptInV2;
  const smsV2 = partner.hasSmsOptInV2;
  const address = needsFullAddress(partner);
  const isSso = partner.enrollmentType === 'sso';

  const { register, handleSubmit, setError, setValue, getValues, trigger, watch, clearErrors, formState: { errors, isSubmitting, isSubmitted } } = useForm<JoinValues>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    resolver: rulesResolver(() => joinRules(partner, checks.current)),
    defaultValues: {
      email: (params.get('email') ?? '').trim().slice(0, 254),
      password: '',
      passwordConfirm: '',
      firstName: '',
      lastName: '',
      partnerNumber: '',
      address1: '',
      address2: '',
      city: '',
      state: '',
      zipCode: '',
      phoneNumber: '',
      smsOptIn: false,
      emailOptIn: true,
    },
  });

  useEffect(() => {
    if (banner) bannerRef.current?.focus();
  }, [banner]);

  const phone = watch('phoneNumber');
  const smsOptIn = watch('smsOptIn');
  const emailError = errors.email?.message;

  /** Trims (or formats) the value before react-hook-form's own blur validation, then runs `after`. */
  const onBlurWith = (reg: UseFormRegisterReturn<keyof JoinValues & string>, opts: { transform?: (v: string) => string; after?: (v: string) => void } = {}) =>
    async (e: FocusEvent<HTMLInputElement | HTMLSelectElement>) => {
      const name = reg.name as keyof JoinValues;
      const raw = e.target.value;
      const next = (opts.transform ?? ((v: string) => v.trim()))(raw);
      if (next !== raw) setValue(name, next as never);
      await reg.onBlur(e);
      opts.after?.(next);
    };

  const syncProblem = (name: 'email' | 'zipCode' | 'partnerNumber', value: string) => {
    const rules = joinRules(partner, {});
    return rules[name]?.(value, getValues()) ?? null;
  };

  const checkEmail = async (value: string) => {
    const email = normaliseEmail(value);
    if (syncProblem('email', value) || checks.current.email?.value === email) return;
    try {
      const answer = await validateEmail(email);
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
      const answer = await validateEmail(pn, { usePpn: true });
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

  /** §5 SMS opt-in as the phone changes, against the number last committed (blur); the profile does the same. */
  const followPhone = (value: string) => {
    if (!hasSms) return;
    const current = getValues('smsOptIn');
    const next = smsOptInAfterPhoneChange({ previousPhone: committedPhone.current, phone: value, optIn: current, v2: smsV2 });
    if (next !== current) setValue('smsOptIn', next);
  };

  const onPhoneCommitted = (value: string) => {
    followPhone(value);
    committedPhone.current = value;
  };

  /** §4: ticking opens the consent (v1 and v2); unticking needs none. */
  const onSmsChange = (checked: boolean) => {
    if (checked) {
      setConsentOpen(true);
      return;
    }
    setValue('smsOptIn', false);
  };

  const onValid = async (values: JoinValues) => {
    setBanner(null);
    const phoneValue = values.phoneNumber.trim();
    try {
      const answer = await signUp({
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
        phoneNumber: phoneValue ? phoneDigits(phoneValue) : '',
        ...smsOptInPayload({ phone: phoneValue, checked: hasSms && values.smsOptIn, v2: smsV2 }),
        partnerNumber: partner.hasPPN ? normalisePartnerNumber(values.partnerNumber) : '',
        emailOptIn: values.emailOptIn,
        referral: readReferral(),
        publicId: readKnownPublicId() ?? undefined,
      });
      // The success state first, so the signed-in member never shows 'You already have an account'.
      onJoined(answer.member.firstName);
      applySignedIn(queryClient, answer);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && (errorCode(err) === 'alreadyMember' || !errorCode(err))) {
        setBanner({ kind: 'alreadyMember' });
        return;
      }
      const { placed, unplaced } = applyServerFieldErrors({
        err,
        form: formRef.current,
        setError,
        rename: { smsOptInV2: 'smsOptIn', 'address.address1': 'address1', 'address.address2': 'address2', 'address.city': 'city', 'address.state': 'state', 'address.zipCode': 'zipCode' },
      });
      if (placed > 0 && unplaced.length === 0) return;
      setBanner({ kind: 'failed', messages: unplaced.length > 0 ? unplaced : [err instanceof ApiError && err.status < 500 && err.message ? err.message : JOIN_FAILED] });
    }
  };

  // Registered in the order the fields appear: react-hook-form focuses the first invalid field in this order.
  const emailReg = register('email');
  const pnReg = register('partnerNumber');
  const passwordReg = register('password');
  const confirmReg = register('passwordConfirm');
  const firstReg = register('firstName');
  const lastReg = register('lastName');
  const a1Reg = register('address1');
  const a2Reg = register('address2');
  const cityReg = register('city');
  const stateReg = register('state');
  const zipReg = register('zipCode');
  const phoneReg = register('phoneNumber');
  const emailValue = watch('email');
  const emailQuery = isValidEmail(emailValue ?? '') ? `?email=${encodeURIComponent(emailValue.trim())}` : '';

  return (
    <AuthPage
      title="Join"
      wide
      intro={
        <p>
          Create your {program} account to start earning {partner.copyStates.currencyPlural} when you dine.{' '}
          {isSso ? null : (
            <>
              Already a member? <Link to="/login">Sign in</Link>.
            </>
          )}
        </p>
      }
    >
      <form ref={formRef} className={styles.form} noValidate aria-label="Join" onSubmit={handleSubmit(onValid)}>
        {banner?.kind === 'alreadyMember' && (
          <FormBanner ref={bannerRef}>
            {ALREADY_MEMBER}{' '}
            {isSso ? (
              <>
                Please contact customer service at <a href={partner.customerSupport.phone.href}>{partner.customerSupport.phone.formatted}</a> for help.
              </>
            ) : (
              <>
                <Link to={`/login${emailQuery}`}>Sign in</Link> or <Link to={`/recover${emailQuery}`}>reset your password</Link>.
              </>
            )}
          </FormBanner>
        )}
        {banner?.kind === 'failed' && (
          <FormBanner ref={bannerRef}>
            {banner.messages.length === 1 ? banner.messages[0] : (
              <ul>
                {banner.messages.map((m) => <li key={m}>{m}</li>)}
              </ul>
            )}
          </FormBanner>
        )}

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Your account</legend>
          <TextField
            label="Email"
            required
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            error={emailError}
            {...emailReg}
            onBlur={onBlurWith(emailReg, { after: (v) => void checkEmail(v) })}
          />
          {emailError === EMAIL_IN_USE && (
            <p className={styles.fieldLinks}>
              <Link to={`/login${emailQuery}`}>Sign in</Link>
              {isSso ? null : (
                <>
                  {' '}or <Link to={`/recover${emailQuery}`}>reset your password</Link>
                </>
              )}
            </p>
          )}
          {partner.hasPPN && (
            <TextField
              label={partner.copyStates.partnerNumberLabel}
              required
              hint={`7 letters or numbers, as shown on your ${program} card.`}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              error={errors.partnerNumber?.message}
              {...pnReg}
              onBlur={onBlurWith(pnReg, {
                transform: normalisePartnerNumber,
                after: (v) => {
                  if (getValues('password')) void trigger('password');
                  void checkPartnerNumber(v);
                },
              })}
            />
          )}
          <PasswordField
            label="Password"
            required
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN} characters, with a letter and a number${partner.hasPPN ? `; not your ${partner.copyStates.partnerNumberLabel}` : ''}.`}
            error={errors.password?.message}
            {...passwordReg}
            onChange={async (e) => {
              await passwordReg.onChange(e);
              if (isSubmitted && getValues('passwordConfirm')) void trigger('passwordConfirm');
            }}
          />
          <PasswordField label="Confirm password" required autoComplete="new-password" error={errors.passwordConfirm?.message} {...confirmReg} />
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>About you</legend>
          <div className={styles.row}>
            <TextField label="First name" required autoComplete="given-name" maxLength={NAME_MAX} error={errors.firstName?.message} {...firstReg} onBlur={onBlurWith(firstReg)} />
            <TextField label="Last name" required autoComplete="family-name" maxLength={NAME_MAX} error={errors.lastName?.message} {...lastReg} onBlur={onBlurWith(lastReg)} />
          </div>
          {address && (
            <>
              <TextField label="Address" required autoComplete="address-line1" maxLength={ADDRESS_MAX} error={errors.address1?.message} {...a1Reg} onBlur={onBlurWith(a1Reg)} />
              <TextField label="Address line 2 (optional)" autoComplete="address-line2" maxLength={ADDRESS_MAX} error={errors.address2?.message} {...a2Reg} onBlur={onBlurWith(a2Reg)} />
              <div className={styles.row}>
                <TextField label="City" required autoComplete="address-level2" maxLength={CITY_MAX} error={errors.city?.message} {...cityReg} onBlur={onBlurWith(cityReg)} />
                <SelectField
                  label="State"
                  required
                  autoComplete="address-level1"
                  options={US_STATE_OPTIONS.map((s) => ({ value: s.code, label: s.name }))}
                  placeholder="Select a state"
                  error={errors.state?.message}
                  {...stateReg}
                />
              </div>
            </>
          )}
          <div className={styles.row}>
            <TextField
              label="ZIP code"
              required
              autoComplete="postal-code"
              inputMode="numeric"
              maxLength={5}
              error={errors.zipCode?.message}
              {...zipReg}
              onChange={async (e) => {
                // A failed check is a manual error; typing again clears it until the next blur.
                if (errors.zipCode?.type === 'check') clearErrors('zipCode');
                await zipReg.onChange(e);
              }}
              onBlur={onBlurWith(zipReg, { after: (v) => void checkZip(v) })}
            />
            <TextField
              label="Mobile phone (optional)"
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              hint="U.S. number, for example 212-555-0123."
              maxLength={20}
              error={errors.phoneNumber?.message}
              {...phoneReg}
              onChange={async (e) => {
                await phoneReg.onChange(e);
                followPhone(e.target.value);
              }}
              onBlur={onBlurWith(phoneReg, { transform: (v) => formatPhone(v.trim()), after: onPhoneCommitted })}
            />
          </div>
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Messages from {program}</legend>
          {hasSms && (
            <CheckboxField
              name="smsOptIn"
              label="Send me text messages about my account and offers."
              checked={smsOptIn}
              disabled={!smsOptInEnabled(phone ?? '')}
              onChange={(e) => onSmsChange(e.target.checked)}
              error={errors.smsOptIn?.message}
              description={
                <>
                  {smsOptInEnabled(phone ?? '') ? null : 'Enter a valid U.S. mobile number to choose text messages. '}
                  Messages come from short code {partner.shortCode}. Message and data rates may apply; reply STOP to {partner.shortCode} to stop.
                </>
              }
            />
          )}
          <CheckboxField label={`Send me emails with news and offers from ${program}.`} {...register('emailOptIn')} />
        </fieldset>

        <div className={styles.actions}>
          <Button type="submit" loading={isSubmitting}>
            Create account
          </Button>
        </div>
      </form>
      <SmsConsentModal
        open={consentOpen}
        phone={phone ?? ''}
        onConfirm={() => {
          setConsentOpen(false);
          setValue('smsOptIn', true);
        }}
        onCancel={() => {
          setConsentOpen(false);
          setValue('smsOptIn', false);
        }}
      />
    </AuthPage>
  );
}
