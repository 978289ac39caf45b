import { useEffect, useId, useState, type ReactNode } from 'react';
import styles from './info-tooltip.module.css';

export type InfoTooltipProps = {
  /** Name of the button ('About your balance'). */
  label: string;
  /** The tooltip's text: also the button's description, so it is read on focus. */
  children: ReactNode;
};

/**
 * An "i" button with a tooltip shown on hover, keyboard focus or tap, and hidden by Escape, blur
 * or moving the pointer away (WCAG 1.4.13: dismissable, hoverable, persistent). The text is the
 * button's description, so a screen reader reads it with the button.
 */
export function InfoTooltip({ label, children }: InfoTooltipProps) {
  const [open, setOpen] = useState(false);
  const tipId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <span className={styles.wrap} onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className={styles.trigger}
        aria-label={label}
        aria-describedby={tipId}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        // A tap focuses and clicks: the click must not close what the focus opened.
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">i</span>
      </button>
      <span role="tooltip" id={tipId} className={styles.tip} hidden={!open}>
        {children}
      </span>
    </span>
  );
}
