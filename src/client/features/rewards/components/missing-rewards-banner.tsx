import { useId } from 'react';
import { Link } from '#client/lib/router';
import { paths } from '#shared/routes';
import { CLAIM_AFTER_DAYS } from '#shared/constants/rewards';
import { useSupportLinks } from '../../session';
import styles from './recent-activity.module.css';

export const MISSING_REWARDS_TITLE = 'Missing rewards?';

/**
 * §2 missing-rewards banner: a dine missing from the list can be claimed once §9's 10 days have
 * passed, on the claims page (docs/api-claims.md); customer support stays one link away (the
 * member's own line: VIP members have theirs).
 */
export function MissingRewardsBanner() {
  const links = useSupportLinks();
  const titleId = useId();
  return (
    <section className={styles.banner} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.bannerTitle}>
        {MISSING_REWARDS_TITLE}
      </h2>
      <p>
        Dines usually show here within a few days. If a dine paid with a linked card is still missing {CLAIM_AFTER_DAYS} days after
        you dined, <Link to={paths.account.claims()}>claim the missing reward</Link>: we look for it in what the card networks sent us,
        and you can follow your claims there.
      </p>
      <p>
        Questions? Contact customer support
        {links ? ': ' : '.'}
        {links}
        {links && '.'}
      </p>
    </section>
  );
}
