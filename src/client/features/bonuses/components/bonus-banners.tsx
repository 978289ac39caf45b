import { useId } from 'react';
import type { Member } from '#shared/schemas/member';
import type { BonusBannerView } from '../banners';
import { useBonusOffers } from '../hooks/use-bonus-offers';
import { BonusCard } from './bonus-card';
import styles from './bonus-card.module.css';

export { BONUS_REGISTERED_MESSAGE, BONUS_FAILED_MESSAGE } from '../hooks/use-bonus-offers';

/**
 * §2 overview bonus banners under 'available' (Eligible: with a register button) and 'activated'
 * (Enrolled and Qualified: no button). Renders nothing when the member has no banner to see.
 */
export function BonusBanners({ member, inNativeApp = false }: { member: Pick<Member, 'activeBonuses'>; inNativeApp?: boolean }) {
  const { views, pendingCode, register } = useBonusOffers({ member, inNativeApp });
  if (views.length === 0) return null;
  const available = views.filter((v) => v.section === 'available');
  const activated = views.filter((v) => v.section === 'activated');
  return (
    <>
      <BannerSection title="Available bonuses" views={available} pendingCode={pendingCode} onRegister={register} />
      <BannerSection title="Activated bonuses" views={activated} onRegister={register} />
    </>
  );
}

function BannerSection({ title, views, pendingCode, onRegister }: { title: string; views: BonusBannerView[]; pendingCode?: string; onRegister: (code: string) => void }) {
  const titleId = useId();
  if (views.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>{title}</h2>
      <ul className={styles.list}>
        {views.map((v) => <BonusCard key={v.slug} view={v} pending={pendingCode === v.code} onRegister={onRegister} />)}
      </ul>
    </section>
  );
}
