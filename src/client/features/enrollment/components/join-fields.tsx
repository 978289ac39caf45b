import { Link } from '#client/lib/router';
import { ADDRESS_MAX, CITY_MAX, NAME_MAX } from '#shared/constants/member';
import { US_STATE_OPTIONS } from '#shared/constants/us-states';
import { emailOptInOffered, programName, usesSingleSignOn } from '#shared/rules/partner-features';
import { paths, type LinkQuery } from '#shared/routes';
import { PASSWORD_MIN } from '#shared/rules/password';
import { partnerNumberHint } from '#shared/rules/partner-number';
import { smsOptInEnabled } from '#shared/rules/sms-opt-in';
import { usePartner } from '#client/lib/partner';
import { CheckboxField } from '#client/components/checkbox-field';
import { PasswordField } from '#client/components/password-field';
import { SelectField } from '#client/components/select-field';
import { TextField } from '#client/components/text-field';
import { authStyles as styles } from '../../auth';
import type { JoinForm } from '../hooks/use-join-form';
import { EMAIL_IN_USE, PARTNER_NUMBERS_ANCHOR } from '../join-rules';

type Props = { join: JoinForm };

/** 'Your account': e-mail (with sign-in links once it is a member's), partner number, password. */
export function JoinAccountFields({ join, emailQuery }: Props & { emailQuery?: LinkQuery }) {
  const partner = usePartner();
  const { errors } = join.form.formState;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Your account</legend>
      <TextField label="Email" required type="email" autoComplete="email" inputMode="email" spellCheck={false} error={errors.email?.message} {...join.fields.email} />
      {errors.email?.message === EMAIL_IN_USE && (
        <p className={styles.fieldLinks}>
          <Link to={paths.login(emailQuery)}>Sign in</Link>
          {usesSingleSignOn(partner) ? null : (
            <>
              {' '}or <Link to={paths.recover(emailQuery)}>reset your password</Link>
            </>
          )}
        </p>
      )}
      {partner.hasPPN && (
        <TextField
          label={partner.copyStates.partnerNumberLabel}
          required
          hint={<PartnerNumberHint />}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          error={errors.partnerNumber?.message}
          {...join.fields.partnerNumber}
        />
      )}
      <PasswordField
        label="Password"
        required
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters, with a letter and a number${partner.hasPPN ? `; not your ${partner.copyStates.partnerNumberLabel}` : ''}.`}
        error={errors.password?.message}
        {...join.fields.password}
      />
      <PasswordField label="Confirm password" required autoComplete="new-password" error={errors.passwordConfirm?.message} {...join.fields.passwordConfirm} />
    </fieldset>
  );
}

/** Link text, outside production only, to the staging tools' partner numbers. */
export const DEMO_NUMBERS_LINK = 'Get a demo number to join with';

/**
 * What the partner number is and where a member finds it (the partner's words), and outside
 * production a way for a newcomer without one to finish joining: the staging tools list valid,
 * unused numbers (the check character makes a made-up number fail).
 */
function PartnerNumberHint() {
  const partner = usePartner();
  return (
    <>
      {partnerNumberHint(partner.copyStates)}
      {partner.environment !== 'production' && (
        <>
          {' '}
          <Link to={`${paths.stgtools()}#${PARTNER_NUMBERS_ANCHOR}`}>{DEMO_NUMBERS_LINK}</Link> (not shown in production).
        </>
      )}
    </>
  );
}

/** 'About you': name, the postal address where the partner asks for it (§5), ZIP code and phone. */
export function JoinAboutFields({ join }: Props) {
  const { errors } = join.form.formState;
  const { fields } = join;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>About you</legend>
      <div className={styles.row}>
        <TextField label="First name" required autoComplete="given-name" maxLength={NAME_MAX} error={errors.firstName?.message} {...fields.firstName} />
        <TextField label="Last name" required autoComplete="family-name" maxLength={NAME_MAX} error={errors.lastName?.message} {...fields.lastName} />
      </div>
      {join.address && (
        <>
          <TextField label="Address" required autoComplete="address-line1" maxLength={ADDRESS_MAX} error={errors.address1?.message} {...fields.address1} />
          <TextField label="Address line 2 (optional)" autoComplete="address-line2" maxLength={ADDRESS_MAX} error={errors.address2?.message} {...fields.address2} />
          <div className={styles.row}>
            <TextField label="City" required autoComplete="address-level2" maxLength={CITY_MAX} error={errors.city?.message} {...fields.city} />
            <SelectField
              label="State"
              required
              autoComplete="address-level1"
              options={US_STATE_OPTIONS.map((s) => ({ value: s.code, label: s.name }))}
              placeholder="Select a state"
              error={errors.state?.message}
              {...fields.state}
            />
          </div>
        </>
      )}
      <div className={styles.row}>
        <TextField label="ZIP code" required autoComplete="postal-code" inputMode="numeric" maxLength={5} error={errors.zipCode?.message} {...fields.zipCode} />
        <TextField
          label="Mobile phone (optional)"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          hint="U.S. number, for example 212-555-0123."
          maxLength={20}
          error={errors.phoneNumber?.message}
          {...fields.phoneNumber}
        />
      </div>
    </fieldset>
  );
}

/** 'Messages from …': the SMS opt-in where the partner offers it (§5), and e-mails. */
export function JoinMessageFields({ join, phone }: Props & { phone: string }) {
  const partner = usePartner();
  const program = programName(partner);
  const { errors } = join.form.formState;
  const smsOptIn = join.form.watch('smsOptIn');
  const enabled = smsOptInEnabled(phone);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Messages from {program}</legend>
      {join.smsOffered && (
        <CheckboxField
          name="smsOptIn"
          label="Send me text messages about my account and offers."
          checked={smsOptIn}
          disabled={!enabled}
          onChange={(e) => (e.target.checked ? join.sms.askConsent() : join.sms.optOut())}
          error={errors.smsOptIn?.message}
          description={
            <>
              {enabled ? null : 'Enter a valid U.S. mobile number to choose text messages. '}
              Messages come from short code {partner.shortCode}. Message and data rates may apply; reply STOP to {partner.shortCode} to stop.
            </>
          }
        />
      )}
      {emailOptInOffered(partner) && <CheckboxField label={`Send me emails with news and offers from ${program}.`} {...join.fields.emailOptIn} />}
    </fieldset>
  );
}
