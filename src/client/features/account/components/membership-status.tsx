import { useId } from 'react';
import { Link } from '#client/lib/router';
import type { Member } from '#shared/schemas/member';
import { emailOptInOffered, programName } from '#shared/rules/partner-features';
import { paths } from '#shared/routes';
import { usePartner } from '#client/lib/partner';
import { useContent } from '../../content';
import { formatJoinDate, tierEarning, tierName } from '../membership';
import styles from './overview.module.css';

/** §2 overview: the member's tier, earn rate and join date, with a note for their tier. */
export function MembershipStatus({ member }: { member: Member }) {
  const partner = usePartner();
  const { copy } = useContent();
  const titleId = useId();
  const earning = tierEarning(member.tierLevel, partner.copyStates);
  const joined = formatJoinDate(member.joinDate);
  const program = copy(programName(partner));
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
      <TierNote member={member} program={program} current={copy(earning.current)} canOptIn={emailOptInOffered(partner)} />
    </section>
  );
}

function TierNote({ member, program, current, canOptIn }: { member: Member; program: string; current: string; canOptIn: boolean }) {
  switch (member.tierLevel) {
    case 0:
      // Where the partner keeps the e-mail choice off our pages (§2 profile: hidden for one partner), the Profile has nothing to change.
      return canOptIn ? (
        <p>
          You have opted out of {program} emails. You can change that in your <Link to={paths.account.profile()}>Profile</Link>.
        </p>
      ) : (
        <p>You have opted out of {program} emails.</p>
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
