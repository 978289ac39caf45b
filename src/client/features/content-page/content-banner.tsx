import type { ReactNode } from 'react';
import { RichText } from '../../components/rich-text';
import { safeUrl } from '#shared/rules/safe-url';
import { DESKTOP_QUERY } from '../../components/use-media-query';
import type { BannerFields } from '#shared/rules/content-fields';
import styles from './content-banner.module.css';

type ContentBannerProps = {
  banner: BannerFields;
  /** The page's h1 (content HTML allowed, rendered inline). */
  title: string;
  subtitle?: string;
  text?: string;
  /** First name of a signed-in member; anonymous visitors get a plain welcome. */
  firstName?: string;
  /** The member is still loading: the welcome line keeps its place, empty, instead of greeting the wrong person. */
  welcomePending?: boolean;
  /** Extra content in the panel (the prospect e-mail form). */
  children?: ReactNode;
};

/**
 * §2 content-page banner: desktop image positioned by x/y, or the mobile image on small screens,
 * with the welcome message, the h1 and the banner text in a panel over (desktop) or under it (mobile).
 */
export function ContentBanner({ banner, title, subtitle, text, firstName, welcomePending = false, children }: ContentBannerProps) {
  const desktop = safeUrl(banner.image);
  const mobile = safeUrl(banner.imageMobile);
  const showImage = banner.enabled && Boolean(desktop || mobile);
  return (
    <div className={`${styles.banner} ${showImage ? styles.withImage : styles.plain}`}>
      {showImage && (
        <div className={styles.media}>
          <picture>
            {desktop && mobile && <source media={DESKTOP_QUERY} srcSet={desktop} />}
            <img src={(mobile ?? desktop)!} alt={banner.alt} style={{ objectPosition: banner.position }} fetchPriority="high" decoding="async" />
          </picture>
        </div>
      )}
      <div className={`container ${styles.panelWrap}`}>
        <div className={styles.panel}>
          {banner.includeWelcome && (welcomePending
            ? <p className={styles.welcome} aria-hidden="true">{'\u00a0'}</p>
            : <p className={styles.welcome}>{firstName ? `Welcome, ${firstName}!` : 'Welcome!'}</p>)}
          <h1>
            <RichText html={title} inline />
          </h1>
          {subtitle && <RichText html={subtitle} className={styles.subtitle} />}
          {text && <RichText html={text} className={styles.text} />}
          {children}
        </div>
      </div>
    </div>
  );
}
