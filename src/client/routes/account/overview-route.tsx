import { usePartner } from '../../lib/partner';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMember } from '../../features/session';
import { DiningProgress } from '../../features/account/components/dining-progress';
import { MembershipStatus } from '../../features/account/components/membership-status';
import { ReferralBox } from '../../features/account/components/referral-box';
import { BonusBanners } from '../../features/bonuses';
import { currentPlatform } from '../../app/chrome/platform';
import styles from '../../features/account/components/overview.module.css';

export const OVERVIEW_TITLE = 'Account Overview';

/** §2 /account/overview: membership status, bonus banners ('available' and 'activated'), dining progress, referral box. */
export function OverviewRoute() {
  const partner = usePartner();
  const { member } = useMember();
  useDocumentTitle(`${OVERVIEW_TITLE} | ${partner.name}`);
  // The account shell renders its pages only for a signed-in member.
  if (!member) return null;
  return (
    <div className={styles.page}>
      <h1>{OVERVIEW_TITLE}</h1>
      <MembershipStatus member={member} />
      <BonusBanners member={member} inNativeApp={currentPlatform() === 'native'} />
      <DiningProgress progress={member.diningProgress} />
      <ReferralBox publicId={member.publicId} />
    </div>
  );
}
