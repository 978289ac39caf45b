import { useId } from 'react';
import { SmartLink } from '#client/components/smart-link';
import { useContentPage } from '../../content';
import styles from './overview.module.css';

export type AccountLinkGroup = { title: string; links: Array<{ text: string; url: string }> };

/** The 'account_center' content's link_groups (§3): each with a title and at least one link with text and url. */
export function readLinkGroups(value: unknown): AccountLinkGroup[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((g): AccountLinkGroup[] => {
    const o = g && typeof g === 'object' ? (g as Record<string, unknown>) : {};
    const title = typeof o.title === 'string' ? o.title.trim() : '';
    const links = (Array.isArray(o.links) ? o.links : []).flatMap((l) => {
      const x = l && typeof l === 'object' ? (l as Record<string, unknown>) : {};
      return typeof x.text === 'string' && x.text.trim() && typeof x.url === 'string' && x.url.trim() ? [{ text: x.text.trim(), url: x.url.trim() }] : [];
    });
    return title && links.length > 0 ? [{ title, links }] : [];
  });
}

/**
 * The account centre's link groups (content 'account_center' link_groups: "Earn more", "Need
 * help?"), at the foot of the overview. Links off this site open in a new tab and say so.
 */
export function AccountLinks() {
  const items = useContentPage('account_center');
  const groups = items.flatMap((i) => readLinkGroups(i.fields.link_groups));
  const baseId = useId();
  if (groups.length === 0) return null;
  return (
    <div className={styles.linkGroups}>
      {groups.map((g, gi) => (
        <section key={`${g.title}-${gi}`} className={styles.linkGroup} aria-labelledby={`${baseId}-${gi}`}>
          <h2 id={`${baseId}-${gi}`} className={styles.linkGroupTitle}>{g.title}</h2>
          <ul className={styles.linkList}>
            {g.links.map((l) => (
              <li key={`${l.url}-${l.text}`}>
                <SmartLink href={l.url} newTab={/^https?:\/\//i.test(l.url)}>{l.text}</SmartLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
