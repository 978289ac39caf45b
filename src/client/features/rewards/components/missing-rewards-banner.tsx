import { useId } from 'react';
import { Link } from '#client/lib/router';
import { paths } from '#shared/routes';
import { MISSING_REWARDS_COPY } from '#shared/constants/missing-rewards';
import { useSupportLinks } from '../../session';
import styles from './recent-activity.module.css';

export const MISSING_REWARDS_TITLE = MISSING_REWARDS_COPY.title;

/**
 * §2 missing-rewards banner (its words: MISSING_REWARDS_COPY, which the page's skeleton draws first): a dine missing from the list can be claimed once §9's 10 days have
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
        {MISSING_REWARDS_COPY.before}
        <Link to={paths.account.claims()}>{MISSING_REWARDS_COPY.link}</Link>
        {MISSING_REWARDS_COPY.after}
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
