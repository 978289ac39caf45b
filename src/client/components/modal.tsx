import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { tabbableElements } from './focusable';
import styles from './modal.module.css';

export type ModalProps = {
  open: boolean;
  /** Called on Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  /** Names the dialog (aria-labelledby). */
  title: ReactNode;
  children: ReactNode;
  /** Buttons under the body. */
  footer?: ReactNode;
  /** Element focused on open; default the dialog itself, so its title is read first. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Element focused after close; default the element focused before opening. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  closeLabel?: string;
  /** Keep the dialog open on a backdrop click (forms with unsaved input). */
  dismissOnBackdrop?: boolean;
  className?: string;
  /** Extra description (aria-describedby). */
  describedBy?: string;
};

/**
 * Accessible modal dialog (§9: max width 650px): rendered into <body>, the rest of the page is
 * made inert, Tab cycles inside, Escape closes, focus returns to where it was.
 */
export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<ModalDialog {...props} />, document.body);
}

function ModalDialog({ onClose, title, children, footer, initialFocusRef, returnFocusRef, closeLabel = 'Close', dismissOnBackdrop = true, className, describedBy }: ModalProps) {
  const titleId = useId();
  const overlayRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overlay = overlayRef.current;
    // Everything else in <body> leaves the accessibility tree and the tab order while open.
    const madeInert: Element[] = [];
    for (const el of Array.from(document.body.children)) {
      if (el === overlay || el.hasAttribute('inert') || el.tagName === 'SCRIPT') continue;
      el.setAttribute('inert', '');
      madeInert.push(el);
    }
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    (initialFocusRef?.current ?? dialogRef.current)?.focus();
    return () => {
      madeInert.forEach((el) => el.removeAttribute('inert'));
      document.body.style.overflow = overflow;
      // The element to return to is read at close time on purpose: it may have been re-rendered.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      const target = returnFocusRef?.current ?? previous;
      if (target && target.isConnected) target.focus();
    };
    // Runs once per opening; later prop changes must not steal focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      e.preventDefault();
      onCloseRef.current();
      return;
    }
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const items = tabbableElements(dialogRef.current);
    if (items.length === 0) {
      e.preventDefault();
      dialogRef.current.focus();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === dialogRef.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const onBackdrop = (e: MouseEvent<HTMLDivElement>) => {
    if (dismissOnBackdrop && e.target === e.currentTarget) onCloseRef.current();
  };

  return (
    <div ref={overlayRef} className={styles.overlay} onMouseDown={onBackdrop} data-modal-overlay="">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`${styles.dialog} ${className ?? ''}`}
        onKeyDown={onKeyDown}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={() => onCloseRef.current()} aria-label={closeLabel}>
            <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  );
}
