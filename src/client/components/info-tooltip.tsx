import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
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
  const [shift, setShift] = useState(0);
  const tipRef = useRef<HTMLSpanElement>(null);
  const tipId = useId();

  // Kept inside the viewport: moved left (or right) by what would overflow, 8px from the edge.
  useLayoutEffect(() => {
    const tip = tipRef.current;
    if (!open || !tip) {
      setShift(0);
      return;
    }
    const rect = tip.getBoundingClientRect();
    const natural = rect.left - shift;
    const width = rect.width;
    const max = document.documentElement.clientWidth - 8;
    if (natural + width > max) setShift(Math.max(8 - natural, max - (natural + width)));
    else if (natural < 8) setShift(8 - natural);
    else setShift(0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- measured once per opening; `shift` is read to undo the previous one
  }, [open]);

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
      <span ref={tipRef} role="tooltip" id={tipId} className={styles.tip} hidden={!open} style={shift ? { transform: `translateX(${shift}px)` } : undefined}>
        {children}
      </span>
    </span>
  );
}
