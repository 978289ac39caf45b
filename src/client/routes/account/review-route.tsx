import { useParams } from '#client/lib/router';
import { usePartner } from '../../lib/partner';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMember } from '../../features/session';
import { ReviewScreen } from '../../features/reviews';
import styles from '../../features/rewards/components/recent-activity.module.css';

export const REVIEW_TITLE = 'Write a review';

/** /account/recent_activity/review/{txnId}: the review form of one visit of Reviews & History (§5). */
export function ReviewRoute() {
  const partner = usePartner();
  const { member } = useMember();
  const { txnId = '' } = useParams();
  useDocumentTitle(`${REVIEW_TITLE} | ${partner.name}`);
  // The account shell renders its pages only for a signed-in member.
  if (!member) return null;
  return (
    <div className={styles.screen}>
      <h1>{REVIEW_TITLE}</h1>
      <ReviewScreen key={txnId} txnId={txnId} />
    </div>
  );
}
