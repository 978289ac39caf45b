import { Button } from '../../../components/button';
import styles from './update-prompt.module.css';

export const UPDATE_AVAILABLE_TEXT = 'A new version is available.';

/** The service worker's update prompt: reload onto the new version when the user chooses. */
export function UpdatePrompt({ onReload, onDismiss }: { onReload: () => void; onDismiss: () => void }) {
  return (
    <div className={styles.prompt} role="status">
      <p className={styles.text}>{UPDATE_AVAILABLE_TEXT}</p>
      <div className={styles.actions}>
        <Button onClick={onReload}>Reload</Button>
        <Button variant="secondary" onClick={onDismiss}>Not now</Button>
      </div>
    </div>
  );
}
