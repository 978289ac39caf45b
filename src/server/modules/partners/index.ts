/**
 * Public entry of the partners module for other server modules: partner configuration, earning
 * settings and content. Other modules import from here, never from the module's files
 * (eslint.config.js).
 */
export { earningSettingsOf, toPartnerConfig } from './partner-config';
export { contentPagesAnswer } from './content.service';
export { findContent } from './content.repo';
export { draftsShown, PREVIEW_MINUTES } from './content-preview';
