import type { Ref } from 'react';
import { Link } from '#client/lib/router';
import { isValidEmail } from '#shared/rules/email';
import { programName, usesSingleSignOn } from '#shared/rules/partner-features';
import { paths, type LinkQuery } from '#shared/routes';
import { usePartner } from '#client/lib/partner';
import { FormBanner } from '#client/components/form-banner';
import { SmsConsentModal } from '#client/components/sms-consent-modal';
import { AuthPage, authStyles as styles } from '../../auth';
import { useJoinForm, type JoinBanner } from '../hooks/use-join-form';
import { ALREADY_MEMBER } from '../join-rules';
import { JoinAboutFields, JoinAccountFields, JoinMessageFields } from './join-fields';
import { JoinSteps } from './join-steps';
import { FormActions } from '#client/components/form-actions';

/** §2 enrolment step 1: the joining form of direct partners (§5 fields and rules). */
export function JoinForm({ onJoined }: { onJoined: () => void }) {
  const partner = usePartner();
  const program = programName(partner);
  const join = useJoinForm({ onJoined });
  const phone = join.form.watch('phoneNumber') ?? '';
  const emailValue = join.form.watch('email');
  const emailQuery = isValidEmail(emailValue ?? '') ? { email: emailValue.trim() } : undefined;
  return (
    <AuthPage
      title="Join"
      wide
      intro={
        <>
          <JoinSteps step={1} />
          <p>
            Create your {program} account to start earning {partner.copyStates.currencyPlural} when you dine.{' '}
            {usesSingleSignOn(partner) ? null : (
              <>
                Already a member? <Link to={paths.login()}>Sign in</Link>.
              </>
            )}
          </p>
        </>
      }
    >
      <form ref={join.formRef} className={styles.form} noValidate aria-label="Join" onSubmit={join.onSubmit}>
        <JoinBannerView banner={join.banner} bannerRef={join.bannerRef} emailQuery={emailQuery} />
        <JoinAccountFields join={join} emailQuery={emailQuery} />
        <JoinAboutFields join={join} />
        <JoinMessageFields join={join} phone={phone} />
        <FormActions className={styles.actions} submit="Create account" loading={join.form.formState.isSubmitting} />
      </form>
      <SmsConsentModal {...join.sms.consent} phone={phone} />
    </AuthPage>
  );
}

function JoinBannerView({ banner, bannerRef, emailQuery }: { banner: JoinBanner; bannerRef: Ref<HTMLDivElement>; emailQuery?: LinkQuery }) {
  const partner = usePartner();
  if (banner?.kind === 'alreadyMember') {
    return (
      <FormBanner ref={bannerRef}>
        {ALREADY_MEMBER}{' '}
        {usesSingleSignOn(partner) ? (
          <>
            Please contact customer service at <a href={partner.customerSupport.phone.href}>{partner.customerSupport.phone.formatted}</a> for help.
          </>
        ) : (
          <>
            <Link to={paths.login(emailQuery)}>Sign in</Link> or <Link to={paths.recover(emailQuery)}>reset your password</Link>.
          </>
        )}
      </FormBanner>
    );
  }
  if (banner?.kind === 'failed') {
    return (
      <FormBanner ref={bannerRef}>
        {banner.messages.length === 1 ? banner.messages[0] : (
          <ul>
            {banner.messages.map((m) => <li key={m}>{m}</li>)}
          </ul>
        )}
      </FormBanner>
    );
  }
  return null;
}
