import { useId } from 'react';
import type { Member } from '#shared/schemas/member';
import { vipMeterFigures, vipMeterText, vipMeterView, type VipMeterView } from '#shared/rules/rewards/policy';
import { usePartner } from '#client/lib/partner';
import { ProgressBar } from '#client/components/progress-bar';
import styles from './overview.module.css';

/**
 * §3/§4 the VIP meter of the overview: the earning policy's view of the member's standing
 * (vipMeterView), the same figures and words as home. Nothing where the partner has no VIP or the
 * member cannot reach it by dining; at the top, what the member has rather than a countdown.
 */
export function DiningProgress({ member }: { member: Pick<Member, 'tierLevel' | 'diningProgress'> | null | undefined }) {
  const partner = usePartner();
  const titleId = useId();
  if (!member) return null;
  const view = vipMeterView(partner, member);
  const text = vipMeterText(view);
  if (view.kind === 'none' || !text) return null;
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {view.kind === 'vip' ? 'VIP status' : view.renewing ? `Keep VIP in ${view.countYear + 1}` : `VIP progress for ${view.countYear}`}
      </h2>
      {view.kind === 'counting' && <VisitMeter view={view} />}
      <p>{text}</p>
    </section>
  );
}

/** The visit meter: one segment per qualifying dine towards VIP, as a progress bar with its value in words. */
function VisitMeter({ view }: { view: Extract<VipMeterView, { kind: 'counting' }> }) {
  const labelId = useId();
  const text = vipMeterFigures(view);
  return (
    <div className={styles.progress}>
      <div className={styles.progressLabel}>
        <span id={labelId}>Qualifying dines</span>
        <span>{text}</span>
      </div>
      <ProgressBar className={styles.meter} labelId={labelId} max={view.max} now={view.done} text={text} data-done={view.done}>
        {Array.from({ length: view.max }, (_, i) => (
          <span key={i} className={i < view.done ? `${styles.segment} ${styles.segmentDone}` : styles.segment} />
        ))}
      </ProgressBar>
    </div>
  );
}
