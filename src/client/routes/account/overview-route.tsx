import { usePartner } from '../../lib/partner';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMember } from '../../features/session';
import { DiningProgress } from '../../features/account/components/dining-progress';
import { MembershipStatus } from '../../features/account/components/membership-status';
import { ReferralBox } from '../../features/account/components/referral-box';
import { AccountLinks } from '../../features/account/components/account-links';
import { AccountAccess } from '../../features/account/components/account-access';
import { BonusBanners } from '../../features/bonuses';
import { YearTotal } from '../../features/rewards';
import { currentPlatform } from '../../components/platform';
import styles from '../../features/account/components/overview.module.css';

export const OVERVIEW_TITLE = 'Account Overview';

/** §2 /account/overview: bonus banners ('available' and 'activated'), membership status, dining progress, this year's total, referral box, the content's link groups. */
export function OverviewRoute() {
  const partner = usePartner();
  const { member } = useMember();
  useDocumentTitle(`${OVERVIEW_TITLE} | ${partner.name}`);
  // The account shell renders its pages only for a signed-in member.
  if (!member) return null;
  return (
    <div className={styles.page}>
      <h1>{OVERVIEW_TITLE}</h1>
      {/* On top: a bonus a member can still earn runs out, so it comes before the standing. */}
      <BonusBanners member={member} inNativeApp={currentPlatform() === 'native'} />
      <MembershipStatus member={member} />
      <DiningProgress member={member} />
      <YearTotal linkToHistory />
      <ReferralBox publicId={member.publicId} />
      <AccountLinks />
      <AccountAccess />
    </div>
  );
}
