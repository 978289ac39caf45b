import { useState, type ReactNode } from 'react';
import { Link, useParams } from '#client/lib/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import type { StaffMe } from '#shared/schemas/ops';
import { call } from '#client/lib/api';
import { FormBanner } from '#client/components/form-banner';
import { Spinner } from '#client/components/spinner';
import { may, messageOf } from '../api';
import { ReasonButton, Rows, dollars, when } from '../parts';
import { ViewAsMember } from '../emulation';
import { AdjustButton, AdjustmentRows } from '../adjustments';

/** One page with everything about a member (opening it is audited), and the actions the role allows. */
export function MemberScreen({ me }: { me: StaffMe }) {
  const memberId = Number(useParams().memberId);
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const page = useQuery({ queryKey: ['ops', 'member', memberId], queryFn: () => call(API_PATHS.opsMember, { params: { memberId } }), enabled: Number.isInteger(memberId) && memberId > 0 });
  if (page.isPending) return <Spinner label="Loading the member" />;
  if (page.isError) return <FormBanner>{messageOf(page.error)}</FormBanner>;
  const d = page.data;
  const m = d.member;
  const locked = d.locks.some((l) => l.lockedUntil && new Date(l.lockedUntil) > new Date());
  const done = (message: string) => {
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: ['ops', 'member', memberId] });
  };
  return (
    <article aria-labelledby="member-title">
      <p><Link to={`/members?partner=${m.partnerCode}`}>Back to the search</Link></p>
      <h1 id="member-title">{m.name || m.email}</h1>
      {notice && <FormBanner kind="success">{notice}</FormBanner>}
      <dl className="console-facts">
        <dt>Partner</dt><dd>{m.partnerCode}</dd>
        <dt>E-mail</dt><dd>{m.email}{m.emailOptIn ? ' (mail opted in)' : ''}</dd>
        <dt>Partner number</dt><dd>{m.partnerNumber ?? '–'}</dd>
        <dt>Public id</dt><dd>{m.publicId}</dd>
        <dt>Phone</dt><dd>{m.phone ?? '–'}{m.smsOptIn ? ` (SMS consent ${when(m.smsConsentAt)})` : ''}</dd>
        <dt>Tier</dt><dd>{`${m.tierLevel} · VIP standing: ${m.diningStatus}, ${m.remainingDines} dines to go`}</dd>
        <dt>Joined</dt><dd>{`${when(m.joinDate)}${m.enrollmentSource ? ` via ${m.enrollmentSource}` : ''}`}</dd>
        <dt>Account</dt><dd>{m.active ? 'Open' : 'Closed'}{locked ? ' · sign-in locked' : ''}</dd>
        {d.balanceCents !== null && <><dt>Cash-back balance</dt><dd>{dollars(d.balanceCents)}</dd></>}
      </dl>
      <div className="console-actions">
        {may(me, 'members.unlock') && locked && (
          <ReasonButton label="Unlock sign-in" title={`Unlock ${m.email}`} variant="primary" onDone={done}
            act={(reason) => call(API_PATHS.opsMemberUnlock, { params: { memberId }, body: { reason } })} />
        )}
        {may(me, 'members.emulate') && m.active && <ViewAsMember memberId={memberId} name={m.name || m.email} />}
        {may(me, 'adjustments.create') && (
          <AdjustButton target={{ memberId, name: m.name || m.email, currency: m.currency, limit: d.adjustmentLimit, limitText: d.adjustmentLimitText }} onDone={done} />
        )}
        {may(me, 'members.signInLink') && (
          <ReasonButton label="E-mail a sign-in link" title={`E-mail ${m.email} a one-time sign-in link`} onDone={done}
            act={(reason) => call(API_PATHS.opsMemberSignInLink, { params: { memberId }, body: { reason } })} />
        )}
        {may(me, 'members.close') && m.active && (
          <ReasonButton label="Close account" title={`Close the account of ${m.email}: every card is unlinked and the member signed out; rewards and history stay`} onDone={done}
            act={(reason) => call(API_PATHS.opsMemberClose, { params: { memberId }, body: { reason } })} />
        )}
      </div>
      <Rows title="Cards" rows={d.cards} empty="No linked cards." columns={[['Card', (c) => `${c.description} ending ${c.lastFour}`], ['Linked', (c) => when(c.linkedAt)]]} />
      <Rows title="Dines" rows={d.dines} empty="No dines yet." columns={[
        ['Date', (x) => x.localDate], ['Restaurant', (x) => x.merchant], ['Amount', (x) => dollars(x.amountCents)], ['Card', (x) => x.cardLastFour],
        ['Status', (x) => x.status], ['Reason', (x) => x.reason ?? '–'], ['Reward', (x) => `${x.reward} ${m.currency}`],
      ]} />
      <AdjustmentRows rows={d.adjustments} memberId={memberId} canAdjust={may(me, 'adjustments.create')} onDone={done} />
      <Rows title="Rewards" rows={d.rewards} empty="No rewards." columns={[
        ['Date', (r) => when(r.createdAt)], ['Source', (r) => r.sourceCode], ['Amount', (r) => r.amount], ['Status', (r) => r.status], ['Reason', (r) => r.reason ?? r.description ?? '–'],
      ]} />
      <Rows title="Statement credits" rows={d.credits} empty="No statement credits." columns={[['Date', (c) => when(c.createdAt)], ['Amount', (c) => dollars(c.amountCents)], ['To', (c) => c.target], ['Status', (c) => c.status]]} />
      <Rows title="Bonuses" rows={d.bonuses} empty="No bonuses." columns={[['Bonus', (b) => b.name], ['Status', (b) => b.status], ['Registered', (b) => when(b.enrolledAt)]]} />
      <Rows title="Missing-reward claims" rows={d.claims} empty="No claims." columns={[
        ['Filed', (c) => when(c.createdAt)], ['Restaurant', (c) => c.merchant], ['Dined', (c) => c.dineDate], ['Amount', (c) => dollars(c.amountCents)], ['Status', (c) => `${c.status}${c.finding ? ` (${c.finding})` : ''}`],
      ]} />
      <Rows title="Reservations" rows={d.reservations} empty="No reservations." columns={[['When', (r) => `${r.localDate} ${r.localTime}`], ['Restaurant', (r) => r.merchant], ['Party', (r) => r.partySize], ['Status', (r) => r.status], ['Confirmation', (r) => r.confirmationNumber]]} />
      <Rows title="Reviews" rows={d.reviews} empty="No reviews." columns={[['Date', (r) => when(r.createdAt)], ['Restaurant', (r) => r.merchant], ['Overall', (r) => r.overall.toFixed(1)], ['Comment', (r) => r.comment ?? '–']]} />
      <Rows title="E-mails sent" rows={d.emails} empty="No e-mails." columns={[
        ['Sent', (e) => when(e.sentAt)], ['Subject', (e) => e.subject], ['To', (e) => e.to],
        ...(may(me, 'members.resendEmail') ? [['Resend', (e: (typeof d.emails)[number]) => (
          <ReasonButton label="Resend" title={`Send “${e.subject}” again to ${m.email}`} onDone={done}
            act={(reason) => call(API_PATHS.opsMemberResendEmail, { params: { memberId, emailId: e.id }, body: { reason } })} />
        )] as [string, (e: (typeof d.emails)[number]) => ReactNode]] : []),
      ]} />
      <Rows title="Signed-in sessions" rows={d.sessions} empty="No session is open." columns={[['Started', (s) => when(s.startedAt)], ['Last seen', (s) => when(s.lastSeenAt)], ['Ends', (s) => when(s.expiresAt)], ['Device', (s) => s.device || '–']]} />
      <Rows title="Sign-in locks" rows={d.locks} empty="No failed sign-ins counted." columns={[['Typed as', (l) => l.identifier], ['Failures', (l) => l.failures], ['Locked until', (l) => when(l.lockedUntil)]]} />
    </article>
  );
}
