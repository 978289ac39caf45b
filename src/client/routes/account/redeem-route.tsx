import { currencyWords } from '#shared/rules/rewards/policy';
import { usePartner } from '../../lib/partner';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMember } from '../../features/session';
import { Redeem, RedemptionHistory } from '../../features/redemptions';
import styles from '../../features/redemptions/components/redemptions.module.css';

export const REDEEM_TITLE = 'Redeem';

/**
 * /account/redeem (cash-back partners; issue 28, docs/features/redemptions.md): the balance, the
 * ways to take it out (a statement credit to a linked card, a prepaid or gift card by e-mail), the
 * automatic statement credit and the member's redemptions.
 */
export function RedeemRoute() {
  const partner = usePartner();
  const { member } = useMember();
  useDocumentTitle(`${REDEEM_TITLE} | ${partner.name}`);
  // The account shell renders its pages only for a signed-in member.
  if (!member) return null;
  return (
    <div className={styles.page}>
      <div className={styles.section}>
        <h1>{REDEEM_TITLE}</h1>
        <p>{`Take your ${currencyWords({ plural: partner.copyStates.currencyPlural })} out of your balance: as a statement credit to a linked card, or as a prepaid or gift card by e-mail.`}</p>
      </div>
      <Redeem />
      <RedemptionHistory />
    </div>
  );
}
