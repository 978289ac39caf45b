import { useId, useMemo, useState } from 'react';
import type { Member } from '#shared/schemas/member';
import { showsRegisterButton, type BonusStatus } from '#shared/rules/bonuses';
import { Button } from '#client/components/button';
import { RichText } from '#client/components/rich-text';
import { useToast } from '#client/components/toast';
import { useContentPage } from '../../content';
import { useUserState } from '../../session';
import { useRegisterBonus } from '../api';
import { bonusBannersOf, visibleBonusBanners, type BonusBannerView } from '../banners';
import { readBonusMarkers } from '../markers';
import styles from './bonus-banners.module.css';

/** §8 bonus messages. */
export const BONUS_REGISTERED_MESSAGE = 'Registered for bonus';
export const BONUS_FAILED_MESSAGE = 'Something went wrong, please refresh your browser.';

const STATUS_TEXT: Record<BonusStatus, string> = {
  Eligible: 'Available',
  Enrolled: 'Enrolled',
  Qualified: 'Qualified',
};
const STATUS_NOTE: Record<BonusStatus, string> = {
  Eligible: 'Register to take part.',
  Enrolled: 'You\u2019re registered: your next qualifying dine counts.',
  Qualified: 'Earned: the bonus is in your activity.',
};

/**
 * §2 overview bonus banners under 'available' (Eligible: with a register button) and 'activated'
 * (Enrolled and Qualified: no button). Renders nothing when the member has no banner to see.
 */
export function BonusBanners({ member, inNativeApp = false }: { member: Pick<Member, 'activeBonuses'>; inNativeApp?: boolean }) {
  const items = useContentPage('earn_banner');
  const { state } = useUserState();
  const register = useRegisterBonus();
  const toast = useToast();
  // Bumped after a registration so the markers are read again.
  const [registered, setRegistered] = useState(0);
  const views = useMemo(() => {
    const now = Date.now();
    return visibleBonusBanners({ banners: bonusBannersOf(items), member, userState: state, markers: readBonusMarkers(now), inNativeApp, now });
    // `registered` re-reads the local markers after a registration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, member, state, inNativeApp, registered]);
  if (views.length === 0) return null;

  const onRegister = (code: string) => {
    register.mutate(code, {
      onSuccess: () => {
        setRegistered((n) => n + 1);
        toast.show({ kind: 'success', message: BONUS_REGISTERED_MESSAGE });
      },
      onError: () => toast.show({ kind: 'error', message: BONUS_FAILED_MESSAGE }),
    });
  };
  const available = views.filter((v) => v.section === 'available');
  const activated = views.filter((v) => v.section === 'activated');
  return (
    <>
      <BannerSection title="Available bonuses" views={available} pendingCode={register.isPending ? register.variables : undefined} onRegister={onRegister} />
      <BannerSection title="Activated bonuses" views={activated} onRegister={onRegister} />
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
        {views.map((v) => <BannerCard key={v.slug} view={v} pending={pendingCode === v.code} onRegister={onRegister} />)}
      </ul>
    </section>
  );
}

function BannerCard({ view, pending, onRegister }: { view: BonusBannerView; pending: boolean; onRegister: (code: string) => void }) {
  const headingId = useId();
  const [first, ...rest] = view.lines;
  return (
    <li className={styles.banner}>
      {view.image && <img className={styles.image} src={view.image} alt="" width={96} height={96} loading="lazy" />}
      <div className={styles.body}>
        <p className={styles.status} data-status={view.status}>
          <span className="visually-hidden">Status: </span>{STATUS_TEXT[view.status]}
        </p>
        <h3 id={headingId} className={styles.title}>{first ? <RichText html={first} inline /> : view.description}</h3>
        {rest.map((line, i) => <RichText key={i} html={line} className={styles.text} />)}
        <p className={styles.note}>{STATUS_NOTE[view.status]}</p>
        {showsRegisterButton(view.status) && (
          <div>
            <Button onClick={() => onRegister(view.code)} loading={pending} aria-describedby={headingId}>
              Register
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}
