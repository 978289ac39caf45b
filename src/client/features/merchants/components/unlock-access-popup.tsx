import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '#client/lib/router';
import { useContentPage } from '../../content';
import type { UnlockTier } from '#shared/rules/earn-text';
import styles from './unlock-access-popup.module.css';

function text(v: unknown): string {
  // Content text may hold simple HTML; the popup shows it as plain text so nothing unsafe renders.
  return typeof v === 'string' ? v.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '').trim() : '';
}

const isExternal = (url: string) => /^https?:\/\//i.test(url);

/** §2 'Unlock access to earn': a button opening a small modal dialog with the next tier's popup copy. */
export function UnlockAccessButton({ tier, merchantName }: { tier: UnlockTier; merchantName: string }) {
  const items = useContentPage('popup');
  const fields = items.find((i) => i.slug === `acclaimed_${tier}`)?.fields ?? {};
  const title = text(fields.title) || 'Unlock access to earn';
  const body = text(fields.body_text);
  const ctaText = text(fields.cta_text);
  const ctaUrl = typeof fields.cta_url === 'string' ? fields.cta_url : '';
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const d = dialogRef.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.unlock}
        aria-haspopup="dialog"
        aria-label={`Unlock access to earn at ${merchantName}`}
        onClick={() => setOpen(true)}
      >
        Unlock access to earn
      </button>
      <dialog
        ref={dialogRef}
        className={styles.popup}
        aria-labelledby={titleId}
        aria-describedby={body ? bodyId : undefined}
        onCancel={(e) => { e.preventDefault(); close(); }}
        onClick={(e) => { if (e.target === e.currentTarget) close(); }}
      >
        {open && (
          <div className={styles.popupInner}>
            <h2 id={titleId} className={styles.popupTitle}>{title}</h2>
            {body && <p id={bodyId} className={styles.popupBody}>{body}</p>}
            <div className={styles.popupActions}>
              {ctaText && ctaUrl && (isExternal(ctaUrl)
                ? <a className={styles.popupCta} href={ctaUrl} target="_blank" rel="noreferrer">{ctaText}</a>
                : <Link className={styles.popupCta} to={ctaUrl} onClick={() => setOpen(false)}>{ctaText}</Link>)}
              <button type="button" className={styles.popupClose} onClick={close}>Close</button>
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
