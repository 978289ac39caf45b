import { paysStatementCredits } from '#shared/rules/partner-features';
import { usePartner } from '../../lib/partner';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMember } from '../../features/session';
import { RecentActivity } from '../../features/rewards/components/recent-activity';
import { RedemptionHistory } from '../../features/redemptions';
import styles from '../../features/rewards/components/recent-activity.module.css';

export const RECENT_ACTIVITY_TITLE = 'Reviews & History';

/** §2 /account/recent_activity: the member's dines, rewards and, for cash partners, balance, statement credits and their newest redemptions. */
export function RecentActivityRoute() {
  const partner = usePartner();
  const { member } = useMember();
  useDocumentTitle(`${RECENT_ACTIVITY_TITLE} | ${partner.name}`);
  // The account shell renders its pages only for a signed-in member.
  if (!member) return null;
  return (
    <div className={styles.screen}>
      <h1>{RECENT_ACTIVITY_TITLE}</h1>
      <RecentActivity redemptions={paysStatementCredits(partner) ? <RedemptionHistory recent /> : undefined} />
    </div>
  );
}
