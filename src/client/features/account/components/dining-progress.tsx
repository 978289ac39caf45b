import { useId } from 'react';
import type { Member } from '#shared/schemas/member';
import { usePartner } from '#client/lib/partner';
import { diningProgressView } from '../membership';
import styles from './overview.module.css';

/** §3/§4 dining progress towards VIP, for partners with VIP when the member has a target. */
export function DiningProgress({ progress }: { progress: Member['diningProgress'] | null | undefined }) {
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
