import type { MerchantHours } from '#shared/schemas/merchant';
import { hoursRows } from '../format';
import styles from './merchant-detail.module.css';

/** Opening hours Sun–Sat, 'Closed' for days without hours, today highlighted. */
export function HoursTable({ hours, headingId, today = new Date().getDay() }: { hours: MerchantHours; headingId?: string; today?: number }) {
  const rows = hoursRows(hours, today);
  return (
    <table className={styles.hours}>
      <caption>
        <h2 id={headingId}>Opening hours</h2>
      </caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.day} className={`${r.today ? styles.today : ''} ${r.closed ? styles.closed : ''}`} aria-current={r.today ? 'date' : undefined}>
            <th scope="row">
              {r.name}
              {r.today && <span className="visually-hidden"> (today)</span>}
            </th>
            <td>{r.text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
