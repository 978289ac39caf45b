import { lazy, Suspense } from 'react';
import { usePartner } from '#client/lib/partner';
import { Button } from '#client/components/button';
import { useDocumentTitle } from '#client/components/use-document-title';
import { useSignOutAndReload } from '../use-sign-out';
import styles from './re-enrolment-page.module.css';

// The card form (frame, captcha) loads only for the few members who see this page.
const ReEnrolmentCardForm = lazy(() => import('../../cards').then((m) => ({ default: m.ReEnrolmentCardForm })));

export const RE_ENROLMENT_TITLE = 'Reactivate your account';
export const RE_ENROLMENT_SUBMIT = 'Reactivate account';

/**
 * §2 closed-account member: this page replaces the body: title, card-deleted notice, add-card
 * notice, the card form with Cancel (signs out) and submit. A linked card reopens the account.
 */
export function ReEnrolmentPage() {
  const partner = usePartner();
  const signOutAndReload = useSignOutAndReload();
  useDocumentTitle(`${RE_ENROLMENT_TITLE} | ${partner.name}`);
  const cancel = (
    <Button variant="link" onClick={() => void signOutAndReload()}>
      Cancel
    </Button>
  );
  return (
    <div className={`container ${styles.page}`}>
      <h1>{RE_ENROLMENT_TITLE}</h1>
      <p className={styles.notice}>
        The card linked to your {partner.copyStates.programName1} account was deleted, so your account was closed and is no longer earning{' '}
        {partner.copyStates.currencyPlural}.
      </p>
      <p>Link a card to reactivate your account and start earning {partner.copyStates.currencyPlural} when you dine again.</p>
      <div className={styles.form}>
        <Suspense
          fallback={
            // The form's room is kept while its code loads, so it does not push the page down when it comes.
            <div className={styles.loading}>
              <p role="status">Loading the card form…</p>
              {cancel}
            </div>
          }
        >
          <ReEnrolmentCardForm label={RE_ENROLMENT_TITLE} submitLabel={RE_ENROLMENT_SUBMIT} cancel={cancel} />
        </Suspense>
      </div>
    </div>
  );
}
