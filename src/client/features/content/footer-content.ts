import type { FooterLink } from '#shared/schemas/cms';
import { useContentItem } from './content-provider';

export type FooterContent = {
  primaryLinks: FooterLink[];
  secondaryLinks: FooterLink[];
  disclaimer: string;
  copyright: string;
};

function parseLinks(value: unknown): FooterLink[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v): FooterLink[] => {
    if (!v || typeof v !== 'object') return [];
    const o = v as Record<string, unknown>;
    if (typeof o.text !== 'string' || typeof o.url !== 'string' || !o.text.trim() || !o.url.trim()) return [];
    return [{ text: o.text, url: o.url, new_tab: o.new_tab === true }];
  });
}

/** Content '*' item 'footer': the page footer's links and copy (the add-card form shows its terms too). */
export function useFooterContent(): FooterContent {
  const fields = useContentItem('*', 'footer') ?? {};
  return {
    primaryLinks: parseLinks(fields.primary_links),
    secondaryLinks: parseLinks(fields.secondary_links),
    disclaimer: typeof fields.disclaimer === 'string' ? fields.disclaimer : '',
    copyright: typeof fields.copyright === 'string' ? fields.copyright : '',
  };
}
