import { useId } from 'react';
import { Link } from 'react-router';
import type { Member } from '../../../shared/schemas/member';
import { usePartner } from '../../lib/partner';
import { useDocumentTitle } from '../../components/use-document-title';
import { useContent } from '../../features/content/content-provider';
import { useMember } from '../../features/session/api';
import { diningProgressView, formatJoinDate, tierEarning, tierName } from '../../features/account/membership';
import { ReferralBox } from '../../features/account/components/referral-box';
import styles from '../../features/account/components/overview.module.css';

export const OVERVIEW_TITLE = 'Account Overview';

/** §2 /account/overview: membership status, dining progress, referral box. */
export function OverviewRoute() {
  const partner = usePartner();
  const { member } = useMember();
  useDocumentTitle(`${OVERVIEW_TITLE} | ${partner.name}`);
  // The account shell renders its pages only for a signed-in member.
  if (!member) return null;
  return (
    <div className={styles.page}>
      <h1>{OVERVIEW_TITLE}</h1>
      <MembershipStatus member={member} />
      <DiningProgress progress={member.diningProgress} />
      <ReferralBox publicId={member.publicId} />
    </div>
  );
}

function MembershipStatus({ member }: { member: Member }) {
  const partner = usePartner();
  const { copy } = useContent();
  const titleId = useId();
  const earning = tierEarning(member.tierLevel, partner.copyStates);
  const joined = formatJoinDate(member.joinDate);
  const program = copy(partner.copyStates.programName1) || partner.name;
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        Membership status
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>Status</dt>
          <dd className={styles.tier}>{tierName(member.tierLevel)}</dd>
        </div>
        {partner.showEarnRate && earning.proper && (
          <div>
            <dt>Earn rate</dt>
            <dd>{copy(earning.proper)}</dd>
          </div>
        )}
        {joined && (
          <div>
            <dt>Member since</dt>
            <dd>{joined}</dd>
          </div>
        )}
      </dl>
      <TierNote member={member} program={program} current={copy(earning.current)} />
    </section>
  );
}

function TierNote({ member, program, current }: { member: Member; program: string; current: string }) {
  switch (member.tierLevel) {
    case 0:
      return (
        <p>
          You have opted out of {program} emails. You can change that in your <Link to="/account/user_profile">Profile</Link>.
        </p>
      );
    case 1:
      return <p>Your {program} account is not activated yet.</p>;
    default:
      return current ? (
        <p>
          You earn {current} at participating restaurants when you pay with a linked card.
        </p>
      ) : null;
  }
}

function DiningProgress({ progress }: { progress: Member['diningProgress'] | null | undefined }) {
  const partner = usePartner();
  const titleId = useId();
  const view = diningProgressView(progress, partner);
  if (view.kind === 'none') return null;
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        VIP progress for {view.year}
      </h2>
      {view.kind === 'done' ? (
        <p>{view.status === 'Complete' ? `You have reached VIP status for ${view.year}.` : 'You have qualified for VIP status.'}</p>
      ) : (
        <div className={styles.progressList}>
          {view.dines && <ProgressBar label="Dines" done={view.dines.done} required={view.dines.required} text={`${view.dines.done} of ${view.dines.required} dines`} />}
          {view.dollars && (
            <ProgressBar
              label="Spend"
              done={view.dollars.done}
              required={view.dollars.required}
              text={`${money.format(view.dollars.done)} of ${money.format(view.dollars.required)}`}
            />
          )}
        </div>
      )}
    </section>
  );
}

function ProgressBar({ label, done, required, text }: { label: string; done: number; required: number; text: string }) {
  const id = useId();
  return (
    <div className={styles.progress}>
      <div className={styles.progressLabel}>
        <span id={id}>{label}</span>
        <span>{text}</span>
      </div>
      <progress aria-labelledby={id} aria-valuetext={text} value={done} max={required} />
    </div>
  );
}
