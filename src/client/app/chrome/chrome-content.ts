import type { FooterLink } from '../../../shared/schemas/cms';
import type { NavLinkConfig, PartnerConfig } from '../../../shared/schemas/partner';
import { useContentItem } from '../../features/content/content-provider';
import { usePartner } from '../../lib/partner';

export type AuthLink = { key: 'signIn' | 'join'; text: string; to: string };

/**
 * §2 member area for an anonymous visitor: direct partners offer Sign in and Join, single sign-on
 * partners only the join link, partners without enrolment nothing. (Signed-in members arrive
 * with sign-in; their account links replace these.)
 */
export function anonymousAuthLinks(enrollmentType: PartnerConfig['enrollmentType']): AuthLink[] {
  switch (enrollmentType) {
    case 'direct':
      return [
        { key: 'signIn', text: 'Sign in', to: '/login' },
        { key: 'join', text: 'Join', to: '/join' },
      ];
    case 'sso':
      return [{ key: 'join', text: 'Join', to: '/join' }];
    default:
      return [];
  }
}

/** §2 footer: primary links end with the auth link; for an anonymous visitor the partner's join link. */
export function footerAuthLink(enrollmentType: PartnerConfig['enrollmentType']): AuthLink | null {
  return anonymousAuthLinks(enrollmentType).find((l) => l.key === 'join') ?? null;
}

function parseLinks(value: unknown): FooterLink[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v): FooterLink[] => {
    if (!v || typeof v !== 'object') return [];
    const o = v as Record<string, unknown>;
    if (typeof o.text !== 'string' || typeof o.url !== 'string' || !o.text.trim() || !o.url.trim()) return [];
    return [{ text: o.text, url: o.url, new_tab: o.new_tab === true }];
  });
}

function parseNavLinks(value: unknown): NavLinkConfig[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    if (!v || typeof v !== 'object') return [];
    const o = v as Record<string, unknown>;
    const url = typeof o.url === 'string' ? o.url.trim() : '';
    const text_desktop = typeof o.text_desktop === 'string' ? o.text_desktop : '';
    const text_mobile = typeof o.text_mobile === 'string' ? o.text_mobile : '';
    return url && (text_desktop.trim() || text_mobile.trim()) ? [{ url, text_desktop, text_mobile }] : [];
  });
}

export type FooterContent = {
  primaryLinks: FooterLink[];
  secondaryLinks: FooterLink[];
  disclaimer: string;
  copyright: string;
};

/** Content '*' item 'footer'. */
export function useFooterContent(): FooterContent {
  const fields = useContentItem('*', 'footer') ?? {};
  return {
    primaryLinks: parseLinks(fields.primary_links),
    secondaryLinks: parseLinks(fields.secondary_links),
    disclaimer: typeof fields.disclaimer === 'string' ? fields.disclaimer : '',
    copyright: typeof fields.copyright === 'string' ? fields.copyright : '',
  };
}

/** §2 configured nav links: the partner's own, then the content '*' navbar links (no duplicate URLs). */
export function useNavLinks(): NavLinkConfig[] {
  const partner = usePartner();
  const fields = useContentItem('*', 'navbar') ?? {};
  const seen = new Set<string>();
  return [...parseNavLinks(partner.navLinks), ...parseNavLinks(fields.links)].filter((l) => {
    if (seen.has(l.url)) return false;
    seen.add(l.url);
    return true;
  });
}
