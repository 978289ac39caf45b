/**
 * Partner content (§3, §4 content load): the content gate and provider, the hooks that read a
 * page or an item, and the footer's content.
 */
export { useContent, useContentItem, useContentPage } from './content-provider';
export { useFooterContent } from './footer-content';
