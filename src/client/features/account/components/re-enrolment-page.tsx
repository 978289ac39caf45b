import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { usePartner } from '../../../lib/partner';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useDocumentTitle } from '../../../components/use-document-title';
import { failedCardLine, linkedMessage } from '../../cards/card-results';
import { useSignOutAndReload } from '../use-sign-out';
import styles from './re-enrolment-page.module.css';

// The card form (frame, captcha) loads only for the few members who see this page.
const AddCardForm = lazy(() => import('../../cards/components/add-card-form').then((m) => ({ default: m.AddCardForm })));

export const RE_ENROLMENT_TITLE = 'Reactivate your account';
export const RE_ENROLMENT_SUBMIT = 'Reactivate account';

/**
 * §2 closed-account member: this page replaces the body: title, card-deleted notice, add-card
 * notice, the card form, Cancel (signs out) and submit. A linked card reopens the account (§4):
 * 'Your card ending in {lastFour} has been linked.', the member is fetched again, account centre.
 */
export function ReEnrolmentPage() {
  const partner = usePartner();
  const toast = useToast();
  const navigate = useNavigate();
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
            <>
              <Spinner label="Loading the card form" block />
              {cancel}
            </>
          }
        >
          <AddCardForm
            label={RE_ENROLMENT_TITLE}
            submitLabel={RE_ENROLMENT_SUBMIT}
            showSuccess={false}
            secondaryAction={cancel}
            onLinked={({ summary }) => {
              toast.show({ kind: 'success', message: linkedMessage(summary.linked.map((r) => r.memberCard.lastFour)) });
              if (summary.failed.length > 0) toast.show({ kind: 'error', message: summary.failed.map(failedCardLine).join(' ') });
              navigate('/account');
            }}
          />
        </Suspense>
      </div>
    </div>
  );
}
