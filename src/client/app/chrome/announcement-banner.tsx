import { useId, useState } from 'react';
import { useContentPage } from '../../features/content/content-provider';
import { RichText } from '../../components/rich-text';
import { SmartLink } from '../../components/smart-link';
import { InfoIcon } from './icons';
import { announcementPieces } from '#shared/rules/content-fields';
import { announcementStatesFor, pickAnnouncementItem } from '#shared/rules/home-variant';
import { usePartner } from '../../lib/partner';
import { useMember } from '../../features/session/api';
import { useKnownPublicId } from '../../features/session/arrival';
import styles from './announcement-banner.module.css';

/**
 * §2 announcement banner under the top bar: content 'announcement_banner' pieces of text or links,
 * optional tooltip. An item may name who it is for in `user_states` (the home states, plus
 * 'new_member_bonus' for whoever can still earn that bonus): "New here?" is not shown to a
 * long-time member (issue 25). Not before the member is known.
 */
export function AnnouncementBanner() {
  const partner = usePartner();
  const items = useContentPage('announcement_banner');
  const { member, isLoading } = useMember();
  const knownPublicId = useKnownPublicId();
  const item = isLoading ? undefined : pickAnnouncementItem(items, announcementStatesFor(partner, member, knownPublicId));
  const fields = item?.fields;
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
