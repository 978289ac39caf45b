import { Button } from '#client/components/button';
import { useMember } from '../api';
import { exitEmulation } from '../emulation';
import styles from './emulation-banner.module.css';

const time = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * The bar of a "View as member" window (§6): whose account, viewed by which team, read only, until
 * when; Exit ends the view here (the console can end it too).
 */
export function EmulationBanner() {
  const { member } = useMember();
  const emulation = member?.session.emulation;
  if (!member || !emulation) return null;
  return (
    <div className={styles.bar} role="region" aria-label="Viewing as the member">
      <p>
        <strong>{`Viewing ${member.firstName} ${member.lastName}'s account as ${emulation.by}.`}</strong>
        {` Read only: nothing can be changed. Ends at ${time(emulation.endsAt)}.`}
      </p>
      <Button variant="secondary" onClick={exitEmulation}>Exit the view</Button>
    </div>
  );
}
