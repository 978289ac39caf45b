import type { CmsItem, ContentName } from '../schemas/cms';

const nonEmptyArray = (v: unknown) => Array.isArray(v) && v.length > 0;
const nonEmptyString = (v: unknown) => typeof v === 'string' && v.trim().length > 0;

/**
 * §3 content rules: home items are kept only with non-empty user_states; account_center items
 * only with a referral_link; earn_details items need a url; earn_banner items need a non-empty
 * text list. Other pages keep every item.
 */
export function filterContentItems(name: ContentName, items: CmsItem[]): CmsItem[] {
  switch (name) {
    case 'home':
      return items.filter((i) => nonEmptyArray(i.fields.user_states));
    case 'account_center':
      return items.filter((i) => i.fields.referral_link !== undefined && i.fields.referral_link !== null);
    case 'earn_details':
      return items.filter((i) => nonEmptyString(i.fields.url));
    case 'earn_banner':
      return items.filter((i) => nonEmptyArray(i.fields.text) && (i.fields.text as unknown[]).some(nonEmptyString));
    default:
      return items;
  }
}

/** popup and sidebar content is looked up by slug. */
export function keyBySlug(items: CmsItem[]): Record<string, CmsItem['fields']> {
  return Object.fromEntries(items.map((i) => [i.slug, i.fields]));
}

/** The home item for an audience (anonymous, non_card_member, …), falling back to anonymous. */
export function homeItemFor(items: CmsItem[], userState: string): CmsItem | undefined {
  const has = (i: CmsItem, s: string) => (i.fields.user_states as string[]).includes(s);
  return items.find((i) => has(i, userState)) ?? items.find((i) => has(i, 'anonymous')) ?? items[0];
}
