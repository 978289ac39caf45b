import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '#client/lib/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import type { StaffMe } from '#shared/schemas/ops';
import { call } from '#client/lib/api';
import { SelectField } from '#client/components/select-field';
import { TextField } from '#client/components/text-field';
import type { ClaimFinding, ReviewClaim } from '#shared/schemas/claims';
import { CLAIM_MATCH_SCORE, CLAIM_REVIEW_SCORE } from '#shared/rules/claim-match';
import { FormBanner } from '#client/components/form-banner';
import { Spinner } from '#client/components/spinner';
import { may, messageOf, usePartners } from '../api';
import { ReasonButton, Rows, dollars, when } from '../parts';

/** The time a claim in review should be answered within (the console shows each claim's age against it). */
const TARGET_HOURS = 48;
const age = (iso: string) => Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 3_600_000));

/** Why a claim waits for a person (the findings of In review, schemas/claims.ts). */
const IN_REVIEW_FINDINGS: Array<{ value: string; label: string }> = [
  { value: 'borderline', label: 'Borderline match' },
  { value: 'unknownLocation', label: 'Card terminal we do not know' },
  { value: 'requalifies', label: 'Would earn on a second look' },
  { value: 'notSettled', label: 'Purchase never settled' },
  { value: 'notApplied', label: 'Matched event not applied yet' },
];
const AGES = [
  { value: '24', label: 'Waiting a day or more' },
  { value: String(TARGET_HOURS), label: `Late (over ${TARGET_HOURS} hours)` },
  { value: '168', label: 'Waiting a week or more' },
];
/** The filters kept in the address (a link to the filtered queue can be shared). */
const FILTERS = ['partner', 'finding', 'olderThanHours', 'minScore', 'maxScore'] as const;
const scoreWords = (score: number) => (score >= CLAIM_MATCH_SCORE ? 'a match' : score >= CLAIM_REVIEW_SCORE ? 'borderline' : score > 0 ? 'weak' : 'not this purchase');

/** Missing-reward claims in review, oldest first: award (a manual M reward) or reject with the reason; the member is e-mailed. */
export function ClaimsScreen({ me }: { me: StaffMe }) {
  const [params, setParams] = useSearchParams();
  const partner = params.get('partner') ?? '';
  const filters = Object.fromEntries(FILTERS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))) as Partial<Record<(typeof FILTERS)[number], string>>;
  const setFilter = (key: (typeof FILTERS)[number], value: string) => setParams(withParam(params, key, value));
  const partners = usePartners();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useQuery({
    queryKey: ['ops', 'claims', filters],
    queryFn: () => call(API_PATHS.opsClaims, { query: {
      ...(filters.partner ? { partner: filters.partner } : {}),
      ...(filters.finding ? { finding: filters.finding as ClaimFinding } : {}),
      ...(filters.olderThanHours ? { olderThanHours: Number(filters.olderThanHours) } : {}),
      ...(filters.minScore ? { minScore: Number(filters.minScore) } : {}),
      ...(filters.maxScore ? { maxScore: Number(filters.maxScore) } : {}),
    } }),
  });
  const done = (message: string) => {
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: ['ops', 'claims'] });
  };
  const compared = Number(params.get('claim')) || null;
  // A claim decided leaves the queue, and its comparison closes.
  const resolved = (claimId: number) => (message: string) => {
    done(message);
    if (claimId === compared) setParams(withParam(params, 'claim', ''));
  };
  return (
    <section aria-labelledby="claims-title">
      <h1 id="claims-title">Claims queue</h1>
      <p className="console-note">{`Claims in review, oldest first. Answer each within ${TARGET_HOURS} hours; the member is e-mailed the outcome.`}</p>
      <div className="console-filters" role="group" aria-label="Filters">
        <SelectField label="Partner" placeholder="All your partners" value={partner} onChange={(e) => setFilter('partner', e.target.value)}
          options={(partners.data?.partners ?? []).map((p) => ({ value: p.code, label: p.name }))} />
        <SelectField label="Why in review" placeholder="Any reason" value={filters.finding ?? ''} onChange={(e) => setFilter('finding', e.target.value)} options={IN_REVIEW_FINDINGS} />
        <SelectField label="Age" placeholder="Any age" value={filters.olderThanHours ?? ''} onChange={(e) => setFilter('olderThanHours', e.target.value)} options={AGES} />
        <TextField label="Match score from" type="number" min={0} max={100} inputMode="numeric" value={filters.minScore ?? ''} onChange={(e) => setFilter('minScore', e.target.value)} />
        <TextField label="Match score to" type="number" min={0} max={100} inputMode="numeric" value={filters.maxScore ?? ''} onChange={(e) => setFilter('maxScore', e.target.value)} />
      </div>
      {notice && <FormBanner kind="success">{notice}</FormBanner>}
      {queue.isPending && <Spinner label="Loading the queue" />}
      {queue.isError && <FormBanner>{messageOf(queue.error)}</FormBanner>}
      {queue.data && (
        <Rows title={`${queue.data.claims.length} in review`} rows={queue.data.claims} empty="Nothing waits for review." columns={[
          ['Age', (c) => <span className={age(c.createdAt) > TARGET_HOURS ? 'console-late' : undefined}>{`${age(c.createdAt)} h${age(c.createdAt) > TARGET_HOURS ? ' (late)' : ''}`}</span>],
          ['Member', (c) => <Link to={`/members?${new URLSearchParams({ ...(partner ? { partner } : {}), q: c.memberEmail }).toString()}`}>{c.memberEmail}</Link>],
          ['Restaurant', (c) => c.merchantName],
          ['Dined', (c) => c.dineDate],
          ['Amount', (c) => dollars(Math.round(c.amount * 100))],
          ['Card', (c) => `${c.card.cardType} ${c.card.lastFour}`],
          ['Match', (c) => `${c.matchScore ?? '–'}${c.finding ? ` · ${c.finding}` : ''}`],
          ['Note', (c) => c.reviewNote ?? '–'],
          ['Filed', (c) => when(c.createdAt)],
          ['Events', (c) => <Link to={`?${withParam(params, 'claim', String(c.id))}`} aria-label={`Compare claim #${c.id} with its card's events`}>Compare</Link>],
          ['Decide', (c) => (may(me, 'claims.resolve') ? <Decide claim={c} onDone={resolved(c.id)} /> : '–')],
        ]} />
      )}
      {compared && <ClaimBeside claimId={compared} canResolve={may(me, 'claims.resolve')} onDone={resolved(compared)} />}
    </section>
  );
}

/** The address's parameters with one set (or removed when empty). */
function withParam(params: URLSearchParams, key: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

const resolve = (claimId: number, resolution: 'award' | 'reject', note: string) => call(API_PATHS.opsClaimResolve, { params: { claimId }, body: { resolution, note } });

/** Award (a manual M reward of the proposed amount) or reject with the reason; the member is e-mailed. */
function Decide({ claim, onDone }: { claim: ReviewClaim; onDone: (message: string) => void }) {
  return (
    <span className="console-actions">
      <ReasonButton label={`Award ${claim.proposedReward}`} title={`Award claim #${claim.id} (${claim.proposedReward})`} variant="primary" onDone={onDone} act={(note) => resolve(claim.id, 'award', note)} />
      <ReasonButton label="Reject" title={`Reject claim #${claim.id}: the reason is sent to the member`} onDone={onDone} act={(note) => resolve(claim.id, 'reject', note)} />
    </span>
  );
}

/**
 * One claim beside the card-network events the matcher weighed for it (its card's authorisations
 * and clearings of the claimed day ± 1, at the restaurant or at a location no restaurant has),
 * best score first, with what the engine made of each; the decision next to them.
 */
function ClaimBeside({ claimId, canResolve, onDone }: { claimId: number; canResolve: boolean; onDone: (message: string) => void }) {
  const found = useQuery({ queryKey: ['ops', 'claim-candidates', claimId], queryFn: () => call(API_PATHS.opsClaimCandidates, { params: { claimId } }), retry: false });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, [claimId]);
  return (
    <section className="console-section" aria-labelledby="claim-beside-title">
      <h2 id="claim-beside-title" ref={heading} tabIndex={-1}>{`Claim #${claimId} beside its card's events`}</h2>
      {found.isPending && <Spinner label="Loading the events" />}
      {found.isError && <FormBanner>{messageOf(found.error)}</FormBanner>}
      {found.data && (
        <div className="console-beside">
          <section aria-labelledby="claim-beside-claimed">
            <h3 id="claim-beside-claimed">What the member claimed</h3>
            <dl className="console-facts">
              <dt>Member</dt><dd>{found.data.claim.memberEmail}</dd>
              <dt>Restaurant</dt><dd>{found.data.claim.merchantName}</dd>
              <dt>Dined</dt><dd>{found.data.claim.dineDate}</dd>
              <dt>Amount</dt><dd>{dollars(Math.round(found.data.claim.amount * 100))}</dd>
              <dt>Card</dt><dd>{`${found.data.claim.card.cardType} ${found.data.claim.card.lastFour}`}</dd>
              <dt>Match</dt><dd>{`${found.data.claim.matchScore ?? '–'}${found.data.claim.finding ? ` · ${found.data.claim.finding}` : ''}`}</dd>
              <dt>Note</dt><dd>{found.data.claim.reviewNote ?? '–'}</dd>
            </dl>
            {canResolve && <Decide claim={found.data.claim} onDone={onDone} />}
          </section>
          <Rows title="Events the matcher weighed" rows={found.data.candidates} empty="No authorisation or clearing of this card on the day or the days either side, at this restaurant or an unknown location." columns={[
            ['Score', (e) => `${e.score} (${scoreWords(e.score)})${e.matched ? ', matched' : ''}`],
            ['Kind', (e) => (e.type === 'authorisation' ? 'Authorisation' : 'Clearing')],
            ['Local time', (e) => e.localDateTime.replace('T', ' ')],
            ['Amount', (e) => dollars(e.amountCents)],
            ['Where', (e) => (e.location === 'restaurant' ? 'This restaurant' : 'A location no restaurant has')],
            ['Engine', (e) => (e.dineStatus ? `Dine ${e.dineStatus}${e.dineReason ? ` (${e.dineReason})` : ''}` : e.processed ? `Applied: ${e.outcome ?? 'no dine'}` : 'Not applied yet')],
          ]} />
        </div>
      )}
    </section>
  );
}
