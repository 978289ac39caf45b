import { looksLikeEmail } from '#shared/rules/email';
import type { CustomerSupport } from '#shared/schemas/partner';

/** §2 support contact: a mailto link when it looks like an e-mail address, otherwise a page opened in a new tab. */
export function supportContact(email: CustomerSupport['email']): { href: string; text: string; newTab: boolean } | null {
  const href = email.href.trim();
  const text = email.display.trim() || href.replace(/^mailto:/i, '');
  if (!href && looksLikeEmail(text)) return { href: `mailto:${text}`, text, newTab: false };
  if (!href) return null;
  if (/^mailto:/i.test(href)) return { href, text, newTab: false };
  if (looksLikeEmail(href)) return { href: `mailto:${href}`, text, newTab: false };
  return { href, text, newTab: true };
}

/** A tel: link for a configured phone (href may be digits, '+1…' or already 'tel:…'). */
export function telHref(href: string): string {
  const h = href.trim();
  if (/^tel:/i.test(h)) return h;
  const digits = h.replace(/[^\d+]/g, '');
  return `tel:${digits}`;
}
