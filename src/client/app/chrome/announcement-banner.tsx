import { useId, useState } from 'react';
import { useContentPage } from '../../features/content/content-provider';
import { RichText } from '../../components/rich-text';
import { SmartLink } from '../../components/smart-link';
import { InfoIcon } from './icons';
import { announcementPieces } from '#shared/rules/content-fields';
import styles from './announcement-banner.module.css';

/** §2 announcement banner under the top bar: content 'announcement_banner' pieces of text or links, optional tooltip. */
export function AnnouncementBanner() {
  const items = useContentPage('announcement_banner');
  const fields = items[0]?.fields;
  const copy = announcementPieces(fields?.banner_copy);
  const tooltip = typeof fields?.tooltip_copy === 'string' ? fields.tooltip_copy.trim() : '';
  const [showTip, setShowTip] = useState(false);
  const tipId = useId();
  if (copy.length === 0) return null;
  return (
    <section className={styles.banner} aria-label="Announcement">
      <div className={`container-wide ${styles.inner}`}>
        <p>
          {copy.map((p, i) => (
            <span key={i}>
              {i > 0 && ' '}
              {p.url ? (
                <SmartLink href={p.url} newTab={p.new_tab}>
                  <RichText html={p.copy} inline />
                </SmartLink>
              ) : (
                <RichText html={p.copy} inline />
              )}
            </span>
          ))}
        </p>
        {tooltip && (
          <>
            <button type="button" className={styles.info} aria-expanded={showTip} aria-controls={tipId} onClick={() => setShowTip((v) => !v)}>
              <InfoIcon />
              <span className="visually-hidden">More information</span>
            </button>
            <div id={tipId} className={styles.tooltip} hidden={!showTip}>
              <RichText html={tooltip} />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
