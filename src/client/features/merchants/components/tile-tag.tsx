import { useId } from 'react';
import styles from './tile-tag.module.css';

/**
 * A restaurant's short tag ('2X', 'Limited') with what it means: the explanation is in the page
 * for every reader (the tag's description, read with it), and shows beside the tag on hover and on
 * keyboard focus (the tag is a tab stop for that). Not a title attribute: touch and keyboard users
 * never see those.
 */
export function TileTag({ text, explanation }: { text: string; explanation: string }) {
  const tipId = useId();
  return (
    <span className={styles.tag}>
      <span className={styles.text} tabIndex={0} aria-describedby={tipId}>
        {text}
      </span>
      <span id={tipId} role="tooltip" className={styles.tip}>
        {explanation}
      </span>
    </span>
  );
}
