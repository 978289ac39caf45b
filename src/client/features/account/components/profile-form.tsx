import { useId } from 'react';
import type { Member } from '#shared/schemas/member';
import { FormBanner } from '#client/components/form-banner';
import { SmsConsentModal } from '#client/components/sms-consent-modal';
import { useProfileForm } from '../hooks/use-profile-form';
import { REQUIRED_NOTE } from '../profile-values';
import { ProfileAccountFields, ProfileAddressFields, ProfileNameFields, ProfilePhoneFields } from './profile-fields';
import { EmailChange } from './email-change';
import styles from './profile-form.module.css';
import { FormActions } from '#client/components/form-actions';

type ProfileFormProps = { member: Member; title: string };

/**
 * §2 / §5 member profile. Validates each field on blur and, after a submit, on every change
 * (react-hook-form onBlur / reValidate onChange). The e-mail address changes through its own
 * form above the profile (EmailChange: confirmed by a link); the password is shown, not edited;
 * single sign-on members' names come from their sign-on account and are read-only.
 */
export function ProfileForm({ member, title }: ProfileFormProps) {
  const titleId = useId();
  const profile = useProfileForm(member);
  const phone = profile.form.watch('phoneNumber');
  return (
    <div className={styles.page}>
      <h1 id={titleId}>{title}</h1>
      <p className={styles.requiredNote}>{REQUIRED_NOTE}</p>
      <EmailChange member={member} />
      <form ref={profile.formRef} className={styles.form} onSubmit={profile.onSubmit} noValidate aria-labelledby={titleId}>
        <ProfileAccountFields profile={profile} member={member} />
        <ProfileNameFields profile={profile} member={member} />
        <ProfileAddressFields profile={profile} />
        <ProfilePhoneFields profile={profile} phone={phone} />
        <FormActions className={styles.actions} submit="Save changes" loading={profile.form.formState.isSubmitting} />
        {profile.serverError && <FormBanner kind="error">{profile.serverError}</FormBanner>}
      </form>
      <SmsConsentModal {...profile.sms.consent} phone={phone} />
    </div>
  );
}
