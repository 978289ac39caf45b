import { useId, useState } from 'react';
import { CheckboxField } from '#client/components/checkbox-field';
import type { RedemptionOptionsResponse } from '../api';
import { useRedemptionSettings } from '../mutations';
import { money } from '../format';
import styles from './redemptions.module.css';

export const AUTO_TITLE = 'Automatic statement credit';
export const AUTO_FAILED = 'Your setting could not be saved just now. Please try again.';

/** The switch's label: 'Pay my balance to my card automatically at $20.00'. */
export const autoLabel = (breakpointCents: number) => `Pay my balance to my card automatically at ${money(breakpointCents)}`;

/**
 * The member's automatic statement credit (on by default): when the balance reaches the payout
 * amount it goes to their linked card by itself. A switch; the server's answer is what it shows.
 */
export function AutoStatementCredit({ data }: { data: RedemptionOptionsResponse }) {
  const titleId = useId();
  const settings = useRedemptionSettings();
  const [said, setSaid] = useState<string | null>(null);
  const { enabled, breakpointCents } = data.autoStatementCredit;
  // While the change is on its way the switch shows what was asked for.
  const checked = settings.isPending ? settings.variables : enabled;
  const description = data.cards.length === 0
    ? 'You have no linked card yet: link one for your balance to be paid to it.'
    : `When your balance reaches ${money(breakpointCents)}, it is paid as a statement credit to your linked card. Off, your balance stays until you redeem it here.`;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {AUTO_TITLE}
      </h2>
      <CheckboxField
        className={styles.switch}
        role="switch"
        label={autoLabel(breakpointCents)}
        description={description}
        checked={checked}
        aria-busy={settings.isPending || undefined}
        onChange={(e) => {
          if (settings.isPending) return;
          setSaid(null);
          const on = e.currentTarget.checked;
          settings.mutate(on, {
            onSuccess: (next) => setSaid(next.autoStatementCredit.enabled ? 'Automatic statement credit is on.' : 'Automatic statement credit is off.'),
          });
        }}
      />
      <p role="status" className={said ? styles.note : 'visually-hidden'}>
        {said}
      </p>
      {settings.isError && <p role="alert">{AUTO_FAILED}</p>}
    </section>
  );
}
