import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '#client/lib/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { API_PATHS } from '#shared/api-paths';
import type { StaffMe } from '#shared/schemas/ops';
import type { ZOpsRedemptionHold } from '#shared/schemas/redemptions';
import { HOLD_WINDOWS_DAYS, type HoldReason } from '#shared/constants/redemptions';
import { call } from '#client/lib/api';
import { SelectField } from '#client/components/select-field';
import { FormBanner } from '#client/components/form-banner';
import { Spinner } from '#client/components/spinner';
import { may, messageOf, usePartners } from '../api';
import { ReasonButton, Rows, dollars, when } from '../parts';

type Hold = z.infer<typeof ZOpsRedemptionHold>;

const hoursSince = (iso: string) => Math.max(0, Math.floor((Date.now() - new Date(iso).getTime()) / 3_600_000));
const joined = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
/** Whose redemption of how much, in the words its buttons and dialogs use: "$25.00 for Bea Cardwell". */
const whose = (h: Hold) => `${dollars(h.amountCents)} for ${h.memberName || h.memberEmail}`;
/** The option's name without what its brackets add ("Gift card of your choice"), for titles and messages. */
const optionName = (h: Hold) => h.label.replace(/ \(.*\)$/, '');
const NOTE_MAX = 500;
const earlier = (n: number) => (n === 0 ? 'No earlier redemption' : n === 1 ? '1 earlier redemption' : `${n} earlier redemptions`);

/** Why it waits, for the team (the member reads the longer HOLD_REASONS sentence). */
const HELD_BECAUSE: Record<HoldReason, string> = {
  firstRedemption: 'Their first redemption',
  newMember: `Joined less than ${HOLD_WINDOWS_DAYS.joined} days before`,
  emailChanged: `E-mail changed less than ${HOLD_WINDOWS_DAYS.emailChanged} days before`,
  payoutCardLinked: `Card linked less than ${HOLD_WINDOWS_DAYS.payoutCardLinked} days before`,
};

/**
 * Redemptions held for the team (issue 28 item 5), oldest first: a member's first redemption, one
 * soon after joining, after an e-mail change or after linking the payout card. A supervisor or an
 * administrator releases one (it is sent) or rejects it (the money goes back to the balance and
 * the member reads the note with the redemption); everyone else who may read the queue sees it
 * without buttons.
 */
export function RedemptionHoldsScreen({ me }: { me: StaffMe }) {
  const [params, setParams] = useSearchParams();
  const partner = params.get('partner') ?? '';
  const partners = usePartners();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ text: string; n: number } | null>(null);
  const banner = useRef<HTMLDivElement>(null);
  // After a decision the row leaves the list, and its buttons with it: focus goes to the message
  // that says what was done, from where the keyboard carries on to the next row.
  useEffect(() => { if (notice) banner.current?.focus(); }, [notice]);
  const queue = useQuery({
    queryKey: ['ops', 'redemption-holds', partner],
    queryFn: () => call(API_PATHS.opsRedemptionHolds, { query: partner ? { partner } : {} }),
  });
  const decide = (redemptionId: string, decision: 'release' | 'reject', note: string) =>
    call(API_PATHS.opsRedemptionDecide, { params: { redemptionId }, body: { decision, note } });
  const done = (text: string) => {
    setNotice((before) => ({ text, n: (before?.n ?? 0) + 1 }));
    void queryClient.invalidateQueries({ queryKey: ['ops', 'redemption-holds'] });
  };
  const decides = may(me, 'redemptions.release');
  const holds = queue.data?.data ?? [];
  return (
    <section aria-labelledby="holds-title">
      <h1 id="holds-title">Redemptions on hold</h1>
      <p className="console-note">
        Redemptions checked by our team before they are sent, oldest first: a member&apos;s first, and those soon after joining, an e-mail change or linking the card.
        Release sends one; reject returns the money to the member&apos;s balance, and the member reads your note with the redemption.
        {decides ? '' : ' A supervisor or an administrator releases or rejects them.'}
      </p>
      <div className="console-filters" role="group" aria-label="Filters">
        <SelectField label="Partner" placeholder="All your partners" value={partner} onChange={(e) => setParams(e.target.value ? { partner: e.target.value } : {})}
          options={(partners.data?.partners ?? []).map((p) => ({ value: p.code, label: p.name }))} />
      </div>
      {notice && <FormBanner key={notice.n} kind="success" ref={banner}>{notice.text}</FormBanner>}
      {queue.isPending && <Spinner label="Loading the redemptions on hold" />}
      {queue.isError && <FormBanner>{messageOf(queue.error)}</FormBanner>}
      {queue.data && (
        <Rows title={`${holds.length} on hold`} rows={holds} empty="No redemption waits for a decision." columns={[
          ['Age', (h) => `${hoursSince(h.createdAt)} h`],
          ['Partner', (h) => h.partnerCode],
          ['Member', (h) => (
            <>
              <Link to={`/members/${h.memberId}`}>{h.memberName || h.memberEmail}</Link>
              <br />{h.memberEmail}
              <br />{`Joined ${joined(h.joinDate)}`}
              <br />{earlier(h.priorRedemptions)}
            </>
          )],
          ['Amount', (h) => dollars(h.amountCents)],
          ['Redemption', (h) => <>{h.label}<br />{`to\u00a0${h.destination}`}<br /><span className="console-note">{`Asked for ${when(h.createdAt)}`}</span></>],
          ['Why held', (h) => HELD_BECAUSE[h.hold.reason]],
          ['Decide', (h) => (decides ? (
            <span className="console-actions">
              <ReasonButton label="Release" name={`Release ${whose(h)}`} variant="primary" maxLength={NOTE_MAX}
                title={`Release ${whose(h)} (${optionName(h)})`}
                intro={<p>{`It goes on to be sent to ${h.destination}. Once released, it can no longer be rejected here.`}</p>}
                field={{ label: 'Note for the record', hint: 'Kept in the audit log with your name; the member does not see it.', missing: 'Add a note for the record: what you checked.' }}
                act={(note) => decide(h.redemptionId, 'release', note)}
                onDone={() => done(`Released: ${whose(h)} (${optionName(h)}) is being sent.`)} />
              <ReasonButton label="Reject" name={`Reject ${whose(h)}`} maxLength={NOTE_MAX}
                title={`Reject ${whose(h)} (${optionName(h)})`}
                intro={<p>{`${dollars(h.amountCents)} goes back to the member's balance. The member reads your note with the redemption, after "Our team did not send it:".`}</p>}
                field={{ label: 'Note to the member', hint: 'The member reads it; it is kept in the audit log with your name.', missing: 'Tell the member why (they read it).' }}
                act={(note) => decide(h.redemptionId, 'reject', note)}
                onDone={() => done(`Rejected: ${dollars(h.amountCents)} is back in the balance of ${h.memberName || h.memberEmail}, with your note.`)} />
            </span>
          ) : '–')],
        ]} />
      )}
    </section>
  );
}
