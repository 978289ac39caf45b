import { usePartner } from '../../lib/partner';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMember } from '../../features/session';
import { ClaimForm, ClaimsList } from '../../features/claims';
import styles from '../../features/claims/components/claims.module.css';

export const CLAIMS_TITLE = 'Missing rewards';

/**
 * /account/claims: the missing-reward claim form and the member's claims with their status,
 * reached from the missing-rewards banner of Reviews & History (docs/api-claims.md).
 */
export function ClaimsRoute() {
  const partner = usePartner();
  const { member } = useMember();
  useDocumentTitle(`${CLAIMS_TITLE} | ${partner.name}`);
  // The account shell renders its pages only for a signed-in member.
  if (!member) return null;
  return (
    <div className={styles.page}>
      <h1>{CLAIMS_TITLE}</h1>
      <ClaimForm />
      <ClaimsList />
    </div>
  );
}
