import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ReviewClaim } from '#shared/schemas/claims';
import { longDate } from '#shared/rules/claim-window';
import { Button } from '#client/components/button';
import { FormBanner } from '#client/components/form-banner';
import { Spinner } from '#client/components/spinner';
import { TextField } from '#client/components/text-field';
import { usePartner } from '#client/lib/partner';
import { formatMoney, formatReward } from '../../rewards';
import { reviewClaimsQueryOptions, useResolveClaim } from '../api';
import { messageOf } from '../message-of';
import { ToolSection } from './tool-section';
import styles from './stgtools.module.css';

export const CLAIMS_REVIEW_TITLE = 'Claims in review';

/**
 * The missing-reward claims an operator decides (docs/api-claims.md "The review queue"): award
 * as a manual reward or reject with the reason; the member is e-mailed either way. Demo accounts'
 * claims and the viewer's own only, like the rest of the tools.
 */
export function ClaimsReview() {
  const query = useQuery(reviewClaimsQueryOptions());
  return (
    <ToolSection title={CLAIMS_REVIEW_TITLE} query={query}>
      <p>Missing-reward claims whose match was not certain. In production, operators use the claims command (docs/api-claims.md).</p>
      {query.isPending && <Spinner label="Loading the claims in review" />}
      {query.isError && <p role="alert">The claims could not be loaded: {messageOf(query.error)}</p>}
      {query.data && query.data.claims.length === 0 && <p>No claims in review.</p>}
      {query.data && query.data.claims.length > 0 && (
        <ul className={styles.claimQueue}>
          {query.data.claims.map((c) => (
            <ReviewItem key={c.id} claim={c} />
          ))}
        </ul>
      )}
    </ToolSection>
  );
}

function ReviewItem({ claim }: { claim: ReviewClaim }) {
  const partner = usePartner();
  const resolve = useResolveClaim();
  const headingId = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = async (resolution: 'award' | 'reject') => {
    setError(null);
    try {
      await resolve.mutateAsync(resolution === 'award' ? { id: claim.id, resolution, ...(note.trim() ? { note } : {}) } : { id: claim.id, resolution, note });
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <li className={styles.claimItem} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.claimTitle}>
        Claim {claim.id}: {claim.merchantName}, {longDate(claim.dineDate)}
      </h3>
      <p>
        {claim.memberEmail} · {formatMoney(claim.amount)} with {claim.card.cardType} ending in {claim.card.lastFour} · match score {claim.matchScore ?? 'none'}
      </p>
      <p>{claim.reviewNote ?? claim.message}</p>
      <TextField label="Note for the member" name={`note-${claim.id}`} hint="Required to reject: the member reads it in the e-mail." value={note} onChange={(e) => setNote(e.target.value)} maxLength={300} />
      <div className={styles.claimActions}>
        <Button loading={resolve.isPending && resolve.variables?.resolution === 'award'} onClick={() => void run('award')}>
          Award {formatReward(claim.proposedReward, partner)}
        </Button>
        <Button variant="secondary" loading={resolve.isPending && resolve.variables?.resolution === 'reject'} onClick={() => void run('reject')}>
          Reject
        </Button>
      </div>
      {error && (
        <FormBanner>
          <p>Not resolved: {error}</p>
        </FormBanner>
      )}
    </li>
  );
}
