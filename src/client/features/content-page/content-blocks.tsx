import type { TextBlock } from '#shared/schemas/cms';
import { MerchantCarousel } from '../search';
import { ContentLinkButton } from '../../components/button';
import { RichText } from '../../components/rich-text';
import { SmartLink } from '../../components/smart-link';
import { pickText, useIsDesktop } from '../../components/use-media-query';
import styles from './content-blocks.module.css';

const BLOCK_TYPES: ReadonlySet<string> = new Set<TextBlock['type']>(['body_text', 'button', 'standalone_link', 'title', 'merchant_carousel', 'footer', 'earn', 'navbar']);
const optString = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * Text blocks of a content column (the ZTextBlock shape, checked by hand so the first page need not
 * carry a schema library); invalid entries are skipped rather than breaking the page.
 */
export function parseBlocks(value: unknown): TextBlock[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v): TextBlock[] => {
    if (!v || typeof v !== 'object') return [];
    const o = v as Record<string, unknown>;
    if (typeof o.type !== 'string' || !BLOCK_TYPES.has(o.type)) return [];
    const query =
      o.query && typeof o.query === 'object' && !Array.isArray(o.query)
        ? Object.fromEntries(Object.entries(o.query as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'))
        : undefined;
    return [{
      type: o.type as TextBlock['type'],
      text_desktop: optString(o.text_desktop),
      text_mobile: optString(o.text_mobile),
      url: optString(o.url),
      new_tab: o.new_tab === true,
      query,
      title: optString(o.title),
    }];
  });
}

type ContentBlocksProps = {
  blocks: unknown;
  /** Level of 'title' blocks; carousels use it too. Default 2 (under the page's h1). */
  headingLevel?: 2 | 3;
  className?: string;
};

/**
 * Renders a content column (§2 content-page template blocks): title, body text, button,
 * standalone link and merchant carousel. Desktop copy from 861px, mobile copy below it,
 * whichever exists otherwise.
 */
export function ContentBlocks({ blocks, headingLevel = 2, className }: ContentBlocksProps) {
  const isDesktop = useIsDesktop();
  const list = parseBlocks(blocks);
  if (list.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={`${styles.blocks} ${className ?? ''}`}>
      {list.map((block, i) => {
        const text = pickText(isDesktop, block.text_desktop, block.text_mobile);
        switch (block.type) {
          case 'title': {
            const title = text || block.title || '';
            if (!title) return null;
            return (
              <Heading key={i} className={styles.title}>
                <RichText html={title} inline />
              </Heading>
            );
          }
          case 'body_text':
            return text ? <RichText key={i} html={text} className={styles.body} /> : null;
          case 'button':
            return text && block.url ? (
              <ContentLinkButton key={i} url={block.url} newTab={block.new_tab} className={styles.button}>
                <RichText html={text} inline />
              </ContentLinkButton>
            ) : null;
          case 'standalone_link':
            return text && block.url ? (
              <SmartLink key={i} href={block.url} newTab={block.new_tab} className={styles.link}>
                <RichText html={text} inline />
              </SmartLink>
            ) : null;
          case 'merchant_carousel':
            return (
              <div key={i} className={styles.carousel}>
                <MerchantCarousel title={block.title ?? text} query={block.query ?? {}} headingLevel={headingLevel} />
              </div>
            );
          default:
            // footer, earn and navbar blocks belong to the page chrome, not a content column.
            return null;
        }
      })}
    </div>
  );
}
