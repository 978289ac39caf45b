import type { ReactNode } from 'react';
import { paths } from '#shared/routes';
import { useNavigate } from '#client/lib/router';
import { useToast } from '#client/components/toast';
import { failedCardLine, linkedMessage } from '../card-results';
import { AddCardForm } from './add-card-form';

/**
 * §2 / §4 re-enrolment of a closed-account member: the add-card form, and on success 'Your card
 * ending in {lastFour} has been linked.', the member fetched again (the form does that) and the
 * account centre. Loaded lazily by the re-enrolment page, so none of it is in the first load.
 */
export function ReEnrolmentCardForm({ label, submitLabel, cancel }: { label: string; submitLabel: string; cancel: ReactNode }) {
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <AddCardForm
      label={label}
      submitLabel={submitLabel}
      showSuccess={false}
      secondaryAction={cancel}
      onLinked={({ summary }) => {
        toast.show({ kind: 'success', message: linkedMessage(summary.linked.map((r) => r.memberCard.lastFour)) });
        if (summary.failed.length > 0) toast.show({ kind: 'error', message: summary.failed.map(failedCardLine).join(' ') });
        navigate(paths.account());
      }}
    />
  );
}
