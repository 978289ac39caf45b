import { Controller } from 'react-hook-form';
import { Link } from '#client/lib/router';
import { ADDRESS_MAX, CITY_MAX, NAME_MAX } from '#shared/constants/member';
import { US_STATE_OPTIONS } from '#shared/constants/us-states';
import { canRecoverPassword, emailOptInOffered, programName } from '#shared/rules/partner-features';
import { smsOptInEnabled } from '#shared/rules/sms-opt-in';
import type { Member } from '#shared/schemas/member';
import { paths } from '#shared/routes';
import { usePartner } from '#client/lib/partner';
import { CheckboxField } from '#client/components/checkbox-field';
import { SelectField } from '#client/components/select-field';
import { REQUIRED_STAR, TextField } from '#client/components/text-field';
import type { ProfileForm } from '../hooks/use-profile-form';
import { PASSWORD_MASK } from '../profile-values';
import styles from './profile-form.module.css';

type Props = { profile: ProfileForm; member: Member };

/**
 * The e-mail opt-in and, for password members, the masked password (the address itself is above
 * the form, with its change: email-change.tsx); nothing where neither applies.
 */
export function ProfileAccountFields({ profile, member }: Props) {
  const partner = usePartner();
  if (!emailOptInOffered(partner) && member.interfaceType !== 'direct') return null;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Account</legend>
      {emailOptInOffered(partner) && <Controller
        name="emailOptIn"
        control={profile.form.control}
        render={({ field }) => (
          <CheckboxField
            ref={field.ref}
            name={field.name}
            checked={field.value}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            label={`Send me emails with offers and news from ${programName(partner)}`}
          />
        )}
      />}
      {member.interfaceType === 'direct' && (
        <div className={styles.passwordRow}>
          <TextField label="Password" value={PASSWORD_MASK} readOnly autoComplete="off" />
          {canRecoverPassword(partner) && (
            <p className={styles.fieldLink}>
              <Link to={paths.recover()}>Change password</Link>
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}

/** First and last name; a single sign-on member's come from the sign-on account, read-only. */
export function ProfileNameFields({ profile, member }: Props) {
  const partner = usePartner();
  const { errors } = profile.form.formState;
  const { firstName, lastName } = profile.fields;
  const from = `From your ${partner.copyStates.partnerName2 || partner.name} account`;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Name</legend>
      <div className={styles.row}>
        {firstName && lastName ? (
          <>
            <TextField label="First name" required requiredMarker={REQUIRED_STAR} autoComplete="given-name" maxLength={NAME_MAX} error={errors.firstName?.message} {...firstName} />
            <TextField label="Last name" required requiredMarker={REQUIRED_STAR} autoComplete="family-name" maxLength={NAME_MAX} error={errors.lastName?.message} {...lastName} />
          </>
        ) : (
          <>
            <TextField label="First name" value={member.firstName} readOnly hint={from} />
            <TextField label="Last name" value={member.lastName} readOnly hint={from} />
          </>
        )}
      </div>
    </fieldset>
  );
}

/** The postal address; address, city and state required where the partner asks for the full address (§5). */
export function ProfileAddressFields({ profile }: { profile: ProfileForm }) {
  const { errors } = profile.form.formState;
  const { fields, addressRequired } = profile;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Address</legend>
      <TextField label="Address" required={addressRequired} requiredMarker={REQUIRED_STAR} autoComplete="address-line1" maxLength={ADDRESS_MAX} error={errors.address1?.message} {...fields.address1} />
      <TextField label="Address line 2" autoComplete="address-line2" maxLength={ADDRESS_MAX} error={errors.address2?.message} {...fields.address2} />
      <div className={styles.row}>
        <TextField label="City" required={addressRequired} requiredMarker={REQUIRED_STAR} autoComplete="address-level2" maxLength={CITY_MAX} error={errors.city?.message} {...fields.city} />
        <SelectField
          label="State"
          required={addressRequired}
          requiredMarker={REQUIRED_STAR}
          autoComplete="address-level1"
          placeholder="Select a state"
          options={US_STATE_OPTIONS.map((s) => ({ value: s.code, label: s.name }))}
          error={errors.state?.message}
          {...fields.state}
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
        {...fields.zipCode}
      />
    </fieldset>
  );
}

/** The mobile number and, where the partner offers it, the SMS opt-in that follows it (§5). */
export function ProfilePhoneFields({ profile, phone }: { profile: ProfileForm; phone: string }) {
  const partner = usePartner();
  const { errors } = profile.form.formState;
  const smsEnabled = smsOptInEnabled(phone);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Phone</legend>
      <TextField
        label="Mobile phone number"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        hint="Format: xxx-xxx-xxxx"
        error={errors.phoneNumber?.message}
        {...profile.fields.phoneNumber}
      />
      {profile.smsOffered && (
        <Controller
          name="smsOptIn"
          control={profile.form.control}
          render={({ field }) => (
            <CheckboxField
              ref={field.ref}
              name={field.name}
              checked={field.value && smsEnabled}
              disabled={!smsEnabled}
              onChange={(e) => (e.target.checked ? profile.sms.askConsent() : profile.sms.optOut())}
              onBlur={field.onBlur}
              label="Send me text messages about my account and offers"
              description={smsEnabled ? `Message and data rates may apply. Text STOP to ${partner.shortCode} to stop.` : 'Enter a valid mobile phone number to turn on text messages.'}
            />
          )}
        />
      )}
    </fieldset>
  );
}
