import type { ActiveBonus, Member } from '#shared/schemas/member';
import { useBonusOffers } from '../hooks/use-bonus-offers';
import { BonusCard } from './bonus-card';

const newMemberBonus = (bonus: ActiveBonus) => bonus.isNewMemberBonus;

/**
 * The new-member bonus where it is promised (the joining success page, the home of a new member):
 * the same card as on the account overview, with its terms and deadline, Register while Eligible
 * and "You're registered" once Enrolled. Shown even when the content has no banner for it (headed
 * by the programme's description); nothing when the member has no new-member bonus.
 */
export function WelcomeBonus({ member, headingLevel = 2, inNativeApp = false }: { member: Pick<Member, 'activeBonuses'>; headingLevel?: 2 | 3; inNativeApp?: boolean }) {
  const { views, pendingCode, register } = useBonusOffers({ member, inNativeApp, which: newMemberBonus, withoutBanner: true });
  if (views.length === 0) return null;
  return (
    <>
      {views.map((v) => <BonusCard key={v.slug} as="div" view={v} pending={pendingCode === v.code} onRegister={register} headingLevel={headingLevel} />)}
    </>
  );
}

/** For React.lazy (the home page loads it only for a new member). */
export default WelcomeBonus;
