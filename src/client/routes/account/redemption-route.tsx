import { useLocation, useParams } from '#client/lib/router';
import { usePartner } from '../../lib/partner';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMember } from '../../features/session';
import { RedemptionDetail } from '../../features/redemptions';

export const REDEMPTION_TITLE = 'Your redemption';

/** /account/redeem/:redemptionId (cash-back partners): one redemption and its steps, reached from the Redeem page and Reviews & History. */
export function RedemptionRoute() {
  const partner = usePartner();
  const { member } = useMember();
  const { redemptionId = '' } = useParams();
  const state = useLocation().state as { redeemed?: unknown } | null;
  useDocumentTitle(`${REDEMPTION_TITLE} | ${partner.name}`);
  // The account shell renders its pages only for a signed-in member.
  if (!member) return null;
  // Keyed by id: another redemption's page starts afresh.
  return <RedemptionDetail key={redemptionId} redemptionId={redemptionId} arrived={state?.redeemed === true} />;
}
