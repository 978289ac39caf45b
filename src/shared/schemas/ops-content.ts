import { z } from 'zod';
import { SURVEY_FREE_TEXT_MAX, SURVEY_MAX_OPTIONS, SURVEY_MAX_QUESTIONS } from '../rules/surveys';

/**
 * The console's content editing (issue 27 item 5, docs/features/console.md#content): the eleven
 * content pages of a partner (docs/content-model.md), each item (one slug of a page) edited as a
 * draft validated against its page's field schema below, published as a new version, rolled back
 * to an earlier one, or scheduled. Every schema is strict: a key no screen reads is refused, so a
 * typo cannot be published silently (the demo content passes them all, a test says so).
 */

/** The eleven content pages as the console names them: the API's '*' (the default page) is 'default', as stored. */
export const OPS_CONTENT_NAMES = ['default', 'home', 'discover', 'tier_1_activation', 'surveys', 'account_center', 'announcement_banner', 'earn_details', 'earn_banner', 'popup', 'sidebar'] as const;
export type OpsContentName = (typeof OPS_CONTENT_NAMES)[number];

export const CONTENT_PAGE_LABELS: Record<OpsContentName, string> = {
  default: 'Every page (footer, navigation, labels)',
  home: 'Home',
  discover: 'Discover',
  tier_1_activation: 'Activation',
  surveys: 'Surveys',
  account_center: 'Account centre',
  announcement_banner: 'Announcement banner',
  earn_details: 'Earn pages',
  earn_banner: 'Bonus banners',
  popup: 'Pop-ups',
  sidebar: 'Sidebar',
};

const text = z.string().max(5000, 'At most 5,000 characters.');
const line = z.string().max(500, 'At most 500 characters.');
/** A link: a site path, or an http(s) address. */
const url = z.string().max(2000).refine((u) => u === '' || u.startsWith('/') || /^https?:\/\//i.test(u), 'A link is a site path (/earn) or an http(s) address.');
const userStates = z.array(z.enum(['anonymous', 'known_visitor', 'non_card_member', 'card_member', 'closed_account_member', 'opted_out', 'new_member_bonus', 'progress_building', 'progress_renewing', 'progress_complete'])).max(20);

/** A text block (docs/content-model.md): text, button, link, title, merchant carousel… */
export const ZOpsTextBlock = z.strictObject({
  type: z.enum(['body_text', 'button', 'standalone_link', 'title', 'merchant_carousel', 'footer', 'earn', 'navbar']),
  text_desktop: text.optional(),
  text_mobile: text.optional(),
  url: url.optional(),
  new_tab: z.boolean().optional(),
  query: z.record(z.string(), z.string().max(200)).optional(),
  title: line.optional(),
});
export const ZOpsLink = z.strictObject({ text: line, url, new_tab: z.boolean().optional() });
export const ZOpsBanner = z.strictObject({
  enable_banner: z.boolean(),
  image: z.string().max(2000),
  image_mobile: z.string().max(2000),
  alt_text: line,
  image_x_position: z.number().min(0).max(100),
  image_y_position: z.number().min(0).max(100),
  include_welcome_message: z.boolean(),
  include_prospect_email: z.boolean(),
});
const blocks = z.array(ZOpsTextBlock).max(60);

const ZDefault = z.union([
  z.strictObject({ primary_links: z.array(ZOpsLink).max(30), secondary_links: z.array(ZOpsLink).max(30), disclaimer: text, copyright: line }),
  z.strictObject({ links: z.array(z.strictObject({ text_desktop: line, text_mobile: line, url })).max(20) }),
  z.strictObject({ search_location_placeholder: line, search_cuisine_placeholder: line, prospect_email_placeholder: line, prospect_email_button: line }),
]);
const ZHome = z.strictObject({
  user_states: userStates,
  banner_text: line.optional(),
  browser_title: line.optional(),
  title: line.optional(),
  subtitle: text.optional(),
  steps: z.array(z.strictObject({ title: line, text })).length(3, 'Exactly three steps: search, dine, earn.').optional(),
  browse_title: line.optional(),
  main_column: blocks.optional(),
  banner: ZOpsBanner.optional(),
  prospect_title: line.optional(),
  prospect_text: text.optional(),
  new_member_promo: blocks.optional(),
});
const ZDiscover = z.strictObject({ browser_title: line.optional(), greeting: line.optional(), greeting_vip: line.optional(), search_prompt: line.optional(), main_column: blocks.optional() });
const ZActivation = z.strictObject({ title: line, body: text, button_text: line, activated_title: line, activated_body: text, error_text: text });
const questionId = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'A question id is lower-case letters, digits and _ (40 at most).');
const ZSurveyQuestion = z.discriminatedUnion('type', [
  z.strictObject({ id: questionId, type: z.literal('rating'), label: line.min(1), required: z.boolean(), low_label: line.optional(), high_label: line.optional() }),
  z.strictObject({ id: questionId, type: z.literal('single_choice'), label: line.min(1), required: z.boolean(), options: z.array(line.min(1)).min(2).max(SURVEY_MAX_OPTIONS) }),
  z.strictObject({ id: questionId, type: z.literal('free_text'), label: line.min(1), required: z.boolean(), max_length: z.number().int().min(1).max(SURVEY_FREE_TEXT_MAX) }),
]);
const ZSurvey = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/, 'A survey id is letters, digits, - and _ (100 at most).'),
  title: line.optional(),
  text,
  questions: z.array(ZSurveyQuestion).min(1).max(SURVEY_MAX_QUESTIONS).refine((qs) => new Set(qs.map((q) => q.id)).size === qs.length, 'Each question needs its own id.'),
  url,
  delay_timeout: z.number().int().min(0),
  cookie_timeout: z.number().int().min(0),
  url_allow_list: z.array(z.strictObject({ url_allowed: z.string().max(500) })).max(50),
  url_disallow_list: z.array(z.strictObject({ url_disallowed: z.string().max(500) })).max(50),
});
const ZAccountCenter = z.strictObject({
  referral_link: z.strictObject({ is_enabled: z.boolean(), title: line, description: text }),
  link_groups: z.array(z.strictObject({ title: line, links: z.array(z.strictObject({ text: line, url })).max(30) })).max(10).optional(),
});
const ZAnnouncement = z.strictObject({
  banner_copy: z.array(z.strictObject({ copy: text, url: url.optional(), new_tab: z.boolean().optional() })).min(1).max(10),
  tooltip_copy: text.optional(),
  user_states: userStates.optional(),
});
const ZEarnDetails = z.strictObject({
  url: z.string().regex(/^\/[A-Za-z0-9\-_.~/]*$/, 'The page\'s path, e.g. /earn/reservations.'),
  browser_title: line.optional(),
  banner_text: line.optional(),
  title: line.optional(),
  banner: ZOpsBanner.optional(),
  main_column: blocks.optional(),
  side_column: blocks.optional(),
  disclaimer: text.optional(),
  stage: line.optional(),
});
const ZEarnBanner = z.strictObject({
  kind: z.literal('bonus'),
  text: z.array(line).min(1, 'At least one line: the first is the card\'s heading.').max(10),
  user_states: userStates,
  code: z.string().max(40).optional(),
  order: z.number().int(),
  days_to_display: z.number().int().min(1).optional(),
  app_text: line.optional(),
  app_only_bonus: z.boolean().optional(),
  image: z.string().max(2000).optional(),
  stage_text: z.strictObject({ Eligible: z.array(line).optional(), Enrolled: z.array(line).optional(), Qualified: z.array(line).optional() }).optional(),
});
const ZPopup = z.strictObject({ title: line, body_text: text, cta_text: line.optional(), cta_url: url.optional() });
const ZSidebar = z.strictObject({ page_text: text });

/** Each page's field schema: an item's `fields` must pass its page's. */
export const CONTENT_FIELD_SCHEMAS: Record<OpsContentName, z.ZodType<Record<string, unknown>>> = {
  default: ZDefault,
  home: ZHome,
  discover: ZDiscover,
  tier_1_activation: ZActivation,
  surveys: ZSurvey,
  account_center: ZAccountCenter,
  announcement_banner: ZAnnouncement,
  earn_details: ZEarnDetails,
  earn_banner: ZEarnBanner,
  popup: ZPopup,
  sidebar: ZSidebar,
};

const slug = z.string().trim().min(1, 'Give the item a slug.').max(80).regex(/^[a-z0-9][a-z0-9_-]*$/, 'A slug is lower-case letters, digits, - and _.');

export const ZOpsContentPartnerParams = z.object({ partner: z.string().min(1).max(40) });
export const ZOpsContentItemParams = z.object({
  partner: z.string().min(1).max(40),
  contentName: z.enum(OPS_CONTENT_NAMES, { message: `Unknown content page. Use one of: ${OPS_CONTENT_NAMES.join(', ')}.` }),
  slug,
});
export const ZOpsContentScheduleParams = z.object({ scheduleId: z.coerce.number().int().positive() });

/** A draft: the item's fields (checked against the page's schema by the server) and its place in the page. */
export const ZOpsContentDraft = z.object({
  fields: z.record(z.string(), z.unknown()),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
});
export const ZOpsContentRollback = z.object({ version: z.number().int().positive('Choose a version.') });
export const ZOpsContentSchedule = z.object({ publishAt: z.iso.datetime({ offset: true, message: 'A date and time, e.g. 2026-12-01T09:00:00Z.' }) });
export const ZOpsContentPreviewRequest = z.object({
  path: z.string().max(300).regex(/^\/(?!\/)[^\s#]*$/, 'A path on the partner site, e.g. / or /earn.').optional(),
});

const ZFieldsAt = z.object({ fields: z.record(z.string(), z.unknown()), sortOrder: z.number(), updatedAt: z.string() });
export const ZOpsContentVersion = z.object({
  version: z.number(),
  kind: z.enum(['initial', 'publish', 'rollback', 'scheduled']),
  rolledBackFrom: z.number().nullable(),
  fields: z.record(z.string(), z.unknown()),
  publishedAt: z.string(),
  staffEmail: z.string().nullable(),
});
export type OpsContentVersion = z.infer<typeof ZOpsContentVersion>;
export const ZOpsContentScheduleView = z.object({
  id: z.number(),
  publishAt: z.string(),
  status: z.enum(['pending', 'published', 'cancelled']),
  version: z.number().nullable(),
  staffEmail: z.string().nullable(),
  createdAt: z.string(),
});
export const ZOpsContentItem = z.object({
  partner: z.object({ code: z.string(), name: z.string(), cmsPreview: z.boolean() }),
  contentName: z.enum(OPS_CONTENT_NAMES),
  slug: z.string(),
  published: ZFieldsAt.nullable(),
  draft: ZFieldsAt.nullable(),
  versions: z.array(ZOpsContentVersion),
  schedules: z.array(ZOpsContentScheduleView),
});
export type OpsContentItem = z.infer<typeof ZOpsContentItem>;

export const ZOpsContentList = z.object({
  partner: z.object({ code: z.string(), name: z.string(), cmsPreview: z.boolean() }),
  items: z.array(z.object({
    contentName: z.enum(OPS_CONTENT_NAMES),
    slug: z.string(),
    published: z.boolean(),
    draft: z.boolean(),
    version: z.number().nullable(),
    scheduledAt: z.string().nullable(),
  })),
});
export type OpsContentList = z.infer<typeof ZOpsContentList>;

export const ZOpsContentPreview = z.object({ url: z.string(), origin: z.string(), endsAt: z.string() });

/** The partner site's side: the grant the console made, traded once for a preview session. */
export const ZContentPreviewStart = z.object({ token: z.string().min(20).max(200) });
export const ZContentPreviewStarted = z.object({ path: z.string(), endsAt: z.string() });
