import { useId, useRef } from 'react';
import { RichText } from '#client/components/rich-text';
import { Button } from '#client/components/button';
import { useToast } from '#client/components/toast';
import { useContentPage } from '../../content';
import { referralLink } from '../membership';
import styles from './overview.module.css';

export const REFERRAL_COPIED_MESSAGE = 'Your referral link has been copied.';
export const REFERRAL_COPY_FALLBACK_MESSAGE = 'The link is selected: copy it with Ctrl+C (⌘C on a Mac).';

type ReferralContent = { title: string; description: string };

/** Content 'account_center': the first item whose referral_link is switched on. */
export function useReferralContent(): ReferralContent | null {
  const items = useContentPage('account_center');
  for (const item of items) {
    const r = item.fields.referral_link as { is_enabled?: unknown; title?: unknown; description?: unknown } | null | undefined;
    if (r && typeof r === 'object' && (r.is_enabled === true || r.is_enabled === 'true')) {
      return { title: typeof r.title === 'string' ? r.title : '', description: typeof r.description === 'string' ? r.description : '' };
    }
  }
  return null;
}

/**
 * §2 overview referral box (only when content switches it on): title, description, and the
 * member's referral link, read-only, copied on click (and with a button, for keyboards).
 */
export function ReferralBox({ publicId }: { publicId: string }) {
  const content = useReferralContent();
  const toast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();
  if (!content) return null;
  const link = referralLink(window.location.origin, publicId);

  const copy = async () => {
    inputRef.current?.select();
    try {
      await navigator.clipboard.writeText(link);
      toast.show({ kind: 'success', message: REFERRAL_COPIED_MESSAGE });
    } catch {
      // No clipboard access (older browser, denied permission): the text stays selected.
      inputRef.current?.focus();
      inputRef.current?.select();
      toast.show({ kind: 'warning', message: REFERRAL_COPY_FALLBACK_MESSAGE, duration: 8000 });
    }
  };

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {content.title ? <RichText html={content.title} inline /> : 'Refer a friend'}
      </h2>
      {content.description && <RichText html={content.description} className={styles.description} />}
      <div className={styles.referralRow}>
        <label htmlFor={inputId} className="visually-hidden">
          Your referral link
        </label>
        <input ref={inputRef} id={inputId} className={styles.referralInput} type="text" readOnly value={link} onClick={() => void copy()} />
        <Button variant="secondary" onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
    </section>
  );
}
