import { useState } from 'react';
import { programName } from '#shared/rules/partner-features';
import { ROUTES, paths } from '#shared/routes';
import { usePartner } from '../../lib/partner';
import { LinkButton } from '../../components/button';
import { AuthPage, authStyles } from '../../features/auth/components/auth-page';
import { PartnerGate } from '../../features/auth/components/partner-gate';
import { readRegistration } from '../../features/cards/card-results';
import { JoinSteps } from '../../features/enrollment/components/join-steps';
import { WelcomeBonus } from '../../features/bonuses';
import { useMember } from '../../features/session';
import { currentPlatform } from '../../components/platform';
import { RequireMember } from './require-member';

export const CARD_ADDED_TITLE = 'You are all set';

/** /card_added: enrolment step 3, the success page, which offers the new-member bonus the home page promised. */
export function CardAddedRoute() {
  return (
    <PartnerGate route={ROUTES.cardAdded}>
      <RequireMember>
        <CardAddedScreen />
      </RequireMember>
    </PartnerGate>
  );
}

function CardAddedScreen() {
  const partner = usePartner();
  const { member } = useMember();
  const [stored] = useState(readRegistration);
  const program = programName(partner);
  const cards = stored?.cards ?? [];
  const what = cards.length === 0
    ? 'Your card is linked'
    : cards.length === 1
      ? `Your ${cards[0]!.cardType} card ending in ${cards[0]!.lastFour} is linked`
      : `Your ${cards.length} cards are linked`;
  return (
    <AuthPage
      title={CARD_ADDED_TITLE}
      wide
      focusHeading
      intro={
        <>
          <JoinSteps step={3} />
          <p>
            {what} to your {program} account. Pay with it at participating restaurants, bars and clubs and the {partner.copyStates.currencyPlural}{' '}
            are added for you. There is nothing to show and no code to mention.
          </p>
        </>
      }
    >
      {member && <WelcomeBonus member={member} inNativeApp={currentPlatform() === 'native'} />}
      <div className={authStyles.actions}>
        <LinkButton to={paths.search()}>Find restaurants</LinkButton>
        <LinkButton to={paths.account()} variant="secondary">
          Go to your account
        </LinkButton>
      </div>
    </AuthPage>
  );
}
