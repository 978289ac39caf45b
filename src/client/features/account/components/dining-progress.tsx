import { useId } from 'react';
import type { Member } from '#shared/schemas/member';
import { usePartner } from '#client/lib/partner';
import { diningProgressView, type ProgressPart } from '../membership';
import styles from './overview.module.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the meter says, in words (the visible line and the meter's value text). */
export function dinesText(dines: ProgressPart): string {
  return `${dines.done} of ${plural(dines.max, 'dine', 'dines')}`;
}

/**
 * §3/§4 the VIP meter of the overview, for partners with VIP: this year's qualified dines out of
 * the dines before VIP (§9 max 11), with the next-year label while Renewing, and only the words
 * once next year is secured (Complete).
 */
export function DiningProgress({ progress }: { progress: Member['diningProgress'] | null | undefined }) {
  const partner = usePartner();
  const titleId = useId();
  const view = diningProgressView(progress, partner);
  if (view.kind === 'none') return null;
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  if (view.kind === 'complete') {
    return (
      <section className={styles.card} aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.cardTitle}>
          VIP status for {view.year}
        </h2>
        <p>You have secured VIP status for {view.year}. Thank you for dining with us.</p>
      </section>
    );
  }
  const thisYear = view.status === 'Renewing' ? view.year - 1 : view.year;
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        VIP progress for {view.year}
      </h2>
      {view.dines && (
        <VisitMeter dines={view.dines} />
      )}
      {view.dollars && (
        <ProgressBar
          label="Spend"
          done={view.dollars.done}
          max={view.dollars.max}
          text={`${money.format(view.dollars.done)} of ${money.format(view.dollars.max)}`}
        />
      )}
      <p>{progressNote(view.status, view.dines, { year: view.year, thisYear })}</p>
    </section>
  );
}

function progressNote(status: 'Building' | 'QualifiedAndBuilding' | 'Qualified' | 'Renewing', dines: ProgressPart | null, years: { year: number; thisYear: number }): string {
  if (status === 'Qualified') return `You are VIP for the rest of ${years.year} and all of ${years.year + 1}.`;
  const more = dines?.remaining ?? 0;
  if (status === 'Renewing') {
    const lead = `You are VIP through ${years.thisYear}.`;
    if (more === 0) return `${lead} Your VIP status for ${years.year} is being confirmed.`;
    return `${lead} ${more === 1 ? 'One more qualifying dine' : `${more} more qualifying dines`} this year keep${more === 1 ? 's' : ''} you VIP in ${years.year}.`;
  }
  if (more === 0) return 'Your VIP status is being confirmed.';
  if (more === 1) return 'Your next qualifying dine makes you VIP.';
  return `${more} more qualifying dines this year make you VIP.`;
}

/** The visit meter: one segment per dine before VIP, as a progress bar with its value in words. */
function VisitMeter({ dines }: { dines: ProgressPart }) {
  const labelId = useId();
  const text = dinesText(dines);
  return (
    <div className={styles.progress}>
      <div className={styles.progressLabel}>
        <span id={labelId}>Qualifying dines this year</span>
        <span>{text}</span>
      </div>
      <div
        className={styles.meter}
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={dines.max}
        aria-valuenow={dines.done}
        aria-valuetext={text}
        data-done={dines.done}
      >
        {Array.from({ length: dines.max }, (_, i) => (
          <span key={i} className={i < dines.done ? `${styles.segment} ${styles.segmentDone}` : styles.segment} />
        ))}
      </div>
    </div>
  );
}

function ProgressBar({ label, done, max, text }: { label: string; done: number; max: number; text: string }) {
  const id = useId();
  return (
    <div className={styles.progress}>
      <div className={styles.progressLabel}>
        <span id={id}>{label}</span>
        <span>{text}</span>
      </div>
      <progress aria-labelledby={id} aria-valuetext={text} value={done} max={max} />
    </div>
  );
}
