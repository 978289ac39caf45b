import { useState } from 'react';
import { Link, useNavigate } from '#client/lib/router';
import { programName } from '#shared/rules/partner-features';
import { ROUTES, paths } from '#shared/routes';
import { usePartner } from '../../lib/partner';
import { LinkButton } from '../../components/button';
import { AuthPage, authStyles } from '../../features/auth/components/auth-page';
import { PartnerGate } from '../../features/auth/components/partner-gate';
import { AddCardForm } from '../../features/cards/components/add-card-form';
import { JoinSteps } from '../../features/enrollment/components/join-steps';
import { RequireMember } from './require-member';

export const ADD_CARD_TITLE = 'Link a card';
export const NO_THANKS_TEXT = 'No thanks';
export const CARD_ADDED_PATH = paths.cardAdded();

/** /add_card: enrolment step 2 (§2: where the partner has members; 'No thanks' skips it). */
export function AddCardRoute() {
  return (
    <PartnerGate route={ROUTES.addCard}>
      <RequireMember>
        <AddCardScreen />
      </RequireMember>
    </PartnerGate>
  );
}

function AddCardScreen() {
  const partner = usePartner();
  const navigate = useNavigate();
  const [partial, setPartial] = useState(false);
  const program = programName(partner);
  return (
    <AuthPage
      title={ADD_CARD_TITLE}
      wide
      intro={
        <>
          <JoinSteps step={2} />
          <p>
            Link a credit or debit card you use when you dine out, and every qualifying meal earns {partner.copyStates.currencyPlural} with{' '}
            {program}. Your card number is encrypted before it leaves the secure field; we never see or keep it.
          </p>
        </>
      }
    >
      <AddCardForm
        label={ADD_CARD_TITLE}
        showSuccess={false}
        onLinked={({ summary }) => {
          // A partial result stays on screen (which card failed and why) with a way on.
          if (summary.kind === 'success') navigate(CARD_ADDED_PATH);
          else setPartial(true);
        }}
        secondaryAction={<Link to={paths.account()}>{NO_THANKS_TEXT}</Link>}
      />
      {partial && (
        <div className={authStyles.links}>
          <LinkButton to={CARD_ADDED_PATH}>Continue</LinkButton>
        </div>
      )}
    </AuthPage>
  );
}
