import type { CmsItem } from '../schemas/cms';
import { normalizePagePath } from '../routes';

/**
 * The earn_details item whose `url` is this page's path (§3: an item without a url is dropped).
 * Paths compare without trailing slashes and case-sensitively (§2: an item's url is exact); the first item in
 * content order wins when two name the same url.
 */
export function findContentPageItem(items: readonly CmsItem[], pathname: string): CmsItem | undefined {
  const path = normalizePagePath(pathname);
  return items.find((i) => typeof i.fields.url === 'string' && i.fields.url.trim() !== '' && normalizePagePath(i.fields.url.trim()) === path);
}
