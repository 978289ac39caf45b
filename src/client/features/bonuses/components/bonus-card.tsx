import { createElement, useId } from 'react';
import { Button } from '#client/components/button';
import { RichText } from '#client/components/rich-text';
import type { BonusBannerView } from '../banners';
import styles from './bonus-card.module.css';

/**
 * One bonus at its stage, the same on every screen that offers it (joining success, account
 * overview, home): its label, heading and content lines, the terms with the deadline while it can
 * be earned, the stage's lines, and the Register button on Eligible only.
 */
export function BonusCard({ view, pending, onRegister, headingLevel = 3, as: Element = 'li' }: {
  view: BonusBannerView;
  pending: boolean;
  onRegister: (code: string) => void;
  headingLevel?: 2 | 3;
  /** 'li' inside a list of bonuses, 'div' alone. */
  as?: 'li' | 'div';
}) {
  const headingId = useId();
  return (
    <Element className={styles.banner} data-bonus={view.code}>
      {view.image && <img className={styles.image} src={view.image} alt="" width={96} height={96} loading="lazy" />}
      <div className={styles.body}>
        <p className={styles.status} data-status={view.status}>
          <span className="visually-hidden">Status: </span>{view.label}
        </p>
        {createElement(`h${headingLevel}`, { id: headingId, className: styles.title }, <RichText html={view.heading} inline />)}
        {view.lines.map((line, i) => <RichText key={i} html={line} className={styles.text} />)}
        {view.terms && <p className={styles.terms}>{view.terms}</p>}
        {view.notes.map((note, i) => <RichText key={`n${i}`} html={note} className={styles.note} />)}
        {view.canRegister && (
          <div>
            <Button onClick={() => onRegister(view.code)} loading={pending} aria-describedby={headingId}>
              Register
            </Button>
          </div>
        )}
      </div>
    </Element>
  );
}
