/**
 * Partner content (§3, §4 content load): the content gate and provider, the hooks that read a
 * page or an item, and the footer's content.
 */
export { ContentGate, ContentProvider, useContent, useContentItem, useContentPage, wantsPreview, type ContentState } from './content-provider';
export { useFooterContent, type FooterContent } from './footer-content';
