import { z } from 'zod';

import { CONTENT_NAMES, CONTENT_PAGE_SIZE } from '../constants/cms';

export * from '../constants/cms';

export const ZCmsParams = z.object({
  contentName: z.enum(CONTENT_NAMES, { message: `Unknown content name. Use one of: ${CONTENT_NAMES.join(', ')}.` }),
});
export const ZCmsQuery = z.object({
  page_size: z.coerce.number({ message: 'page_size must be a number.' }).int('page_size must be a whole number.').min(1, 'page_size is at least 1.').max(CONTENT_PAGE_SIZE, `page_size is at most ${CONTENT_PAGE_SIZE}.`).default(CONTENT_PAGE_SIZE),
  page: z.coerce.number({ message: 'page must be a number.' }).int('page must be a whole number.').min(1, 'page starts at 1.').default(1),
  preview: z.enum(['1', 'true', '0', 'false'], { message: 'preview must be 1 or 0.' }).optional(),
});

export const ZCmsItem = z.object({
  id: z.number(),
  slug: z.string(),
  status: z.enum(['draft', 'published']),
  updatedAt: z.string(),
  fields: z.record(z.string(), z.unknown()),
});
export type CmsItem = z.infer<typeof ZCmsItem>;

export const ZCmsResponse = z.object({
  data: z.array(ZCmsItem),
  meta: z.object({
    contentName: z.string(),
    preview: z.boolean(),
    pagination: z.object({ page: z.number(), pageSize: z.number(), pageCount: z.number(), total: z.number() }),
  }),
});
export type CmsResponse = z.infer<typeof ZCmsResponse>;

/** Field shapes the client reads (§3 content pages). Items are loose: unknown keys are kept. */
export const ZTextBlock = z.object({
  type: z.enum(['body_text', 'button', 'standalone_link', 'title', 'merchant_carousel', 'footer', 'earn', 'navbar']),
  text_desktop: z.string().optional(),
  text_mobile: z.string().optional(),
  url: z.string().optional(),
  new_tab: z.boolean().optional(),
  /** merchant_carousel: the search query of its 'View all' link and its search. */
  query: z.record(z.string(), z.string()).optional(),
  title: z.string().optional(),
});
export type TextBlock = z.infer<typeof ZTextBlock>;
export const ZFooterLink = z.object({ text: z.string(), url: z.string(), new_tab: z.boolean().optional() });
export type FooterLink = z.infer<typeof ZFooterLink>;
