/**
 * Content-driven pages (§3): banners, text blocks, a content page, the prospect e-mail form and
 * the helpers that read content fields.
 */
export { bannerFields, bool, str, type BannerFields } from './fields';
export { ContentBanner } from './content-banner';
export { ContentBlocks, parseBlocks } from './content-blocks';
export { ContentPage } from './content-page';
export { ProspectEmailForm, PROSPECT_EMAIL_MAX, INVALID_EMAIL_MESSAGE, validateProspectEmail } from './prospect-email-form';
