import { useId } from 'react';
import { Link } from '#client/lib/router';
import { paths } from '#shared/routes';
import { CLAIM_STATUS_LABELS } from '#shared/rules/claim-status';
import { longDate } from '#shared/rules/claim-window';
import { Spinner } from '#client/components/spinner';
import { formatMoney } from '../../rewards';
import { useClaims, type Claim } from '../api';
import { SupportContact } from './support-contact';
import styles from './claims.module.css';

export const CLAIMS_LIST_TITLE = 'Your claims';

/** The member's claims, newest first, each with its status and what was found. */
export function ClaimsList() {
  const titleId = useId();
  const claims = useClaims();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {CLAIMS_LIST_TITLE}
      </h2>
      {claims.isPending && <Spinner label="Loading your claims" />}
      {claims.isError && <p role="alert">Your claims could not be loaded. Please refresh the page.</p>}
      {claims.data && claims.data.claims.length === 0 && <p>You have not made a claim yet.</p>}
      {claims.data && claims.data.claims.length > 0 && (
        <ul className={styles.list}>
          {claims.data.claims.map((c) => (
            <ClaimItem key={c.id} claim={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ClaimItem({ claim }: { claim: Claim }) {
  const headingId = useId();
  return (
    <li className={styles.claim} aria-labelledby={headingId}>
      <div className={styles.claimHead}>
        <h3 id={headingId} className={styles.claimTitle}>
          <Link to={paths.merchant(claim.merchantId)}>{claim.merchantName}</Link>
          {`, ${longDate(claim.dineDate)}`}
        </h3>
        <span className={styles.status}>
          <span className="visually-hidden">Status: </span>
          {CLAIM_STATUS_LABELS[claim.status]}
        </span>
      </div>
      <p className={styles.facts}>
        {formatMoney(claim.amount)} with {claim.card.cardType} ending in {claim.card.lastFour} · Claim {claim.id}, made {longDate(claim.createdAt.slice(0, 10))}
      </p>
      <p>{claim.message}</p>
      {claim.transactionId && claim.status === 'Matched' && (
        <p>
          <Link to={paths.account.recentActivity()}>See it on Reviews &amp; History</Link>
        </p>
      )}
      {claim.status === 'NotFound' && (
        <p>
          <SupportContact />
        </p>
      )}
    </li>
  );
}
