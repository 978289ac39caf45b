import { useState } from 'react';
import { Link, useSearchParams } from '#client/lib/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { ADJUSTMENT_REASONS } from '#shared/rules/adjustments';
import type { StaffMe } from '#shared/schemas/ops';
import { call } from '#client/lib/api';
import { Button } from '#client/components/button';
import { SelectField } from '#client/components/select-field';
import { FormBanner } from '#client/components/form-banner';
import { Spinner } from '#client/components/spinner';
import { may, messageOf, usePartners } from '../api';
import { ReasonButton, Rows, when } from '../parts';

/**
 * Adjustments waiting for a second person's approval, oldest first: approve (it posts) or reject
 * with the reason. Nobody decides on their own request; a request expires after 72 hours.
 */
export function ApprovalsScreen({ me }: { me: StaffMe }) {
  const [params, setParams] = useSearchParams();
  const partner = params.get('partner') ?? '';
  const partners = usePartners();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const queue = useQuery({
    queryKey: ['ops', 'adjustments', 'waiting', partner],
    queryFn: () => call(API_PATHS.opsAdjustments, { query: { status: 'PendingApproval', ...(partner ? { partner } : {}) } }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['ops', 'adjustments'] });
  const decide = (adjustmentId: number, decision: 'approve' | 'reject', note?: string) =>
    call(API_PATHS.opsAdjustmentDecide, { params: { adjustmentId }, body: { decision, ...(note ? { note } : {}) } });
  const approve = async (adjustmentId: number) => {
    setBusy(adjustmentId);
    try {
      const done = await decide(adjustmentId, 'approve');
      setNotice({ kind: 'success', text: `Approved and posted: ${done.amountText} for ${done.memberName}.` });
    } catch (err) {
      setNotice({ kind: 'error', text: messageOf(err) });
    } finally {
      setBusy(null);
      refresh();
    }
  };
  const waiting = [...(queue.data?.adjustments ?? [])].reverse();
  const canDecide = may(me, 'adjustments.approve');
  return (
    <section aria-labelledby="approvals-title">
      <h1 id="approvals-title">Approvals</h1>
      <p className="console-note">Adjustments above their requester&apos;s limit, oldest first. Each needs a second person; a request not decided within 72 hours expires.</p>
      {may(me, 'settings.approve') && <p className="console-note">Partner settings changes that wait for approval are on <Link to="/settings">Partner settings</Link>, with each partner&apos;s history.</p>}
      <SelectField label="Partner" placeholder="All your partners" value={partner} onChange={(e) => setParams(e.target.value ? { partner: e.target.value } : {})}
        options={(partners.data?.partners ?? []).map((p) => ({ value: p.code, label: p.name }))} />
      {notice && <FormBanner kind={notice.kind}>{notice.text}</FormBanner>}
      {queue.isPending && <Spinner label="Loading the approvals" />}
      {queue.isError && <FormBanner>{messageOf(queue.error)}</FormBanner>}
      {queue.data && (
        <Rows title={`${waiting.length} waiting`} rows={waiting} empty="Nothing waits for approval." columns={[
          ['Requested', (a) => when(a.requestedAt)],
          ['Member', (a) => <Link to={`/members/${a.memberId}`}>{`${a.memberName} (${a.partnerCode})`}</Link>],
          ['Kind', (a) => a.sourceCode],
          ['Amount', (a) => a.amountText],
          ['Reason', (a) => ADJUSTMENT_REASONS[a.reasonCode].label],
          ['Note', (a) => a.note],
          ['By', (a) => a.requestedBy.name],
          ['Expires', (a) => when(a.expiresAt)],
          ['Decide', (a) => {
            if (!canDecide) return '–';
            if (a.requestedBy.id === me.id) return 'Your request: another person decides.';
            return (
              <span className="console-actions">
                <Button loading={busy === a.id} onClick={() => void approve(a.id)}>{`Approve ${a.amountText}`}</Button>
                <ReasonButton label="Reject" title={`Reject the adjustment of ${a.amountText} for ${a.memberName}: the requester reads why`}
                  onDone={(m) => { setNotice({ kind: 'success', text: m }); refresh(); }} act={(note) => decide(a.id, 'reject', note)} />
              </span>
            );
          }],
        ]} />
      )}
    </section>
  );
}
