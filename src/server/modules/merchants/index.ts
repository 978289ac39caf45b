/**
 * Public entry of the merchants module for other server modules: restaurants: terms columns,
 * summaries, the detail and the reader campaign level. Other modules import from here, never from
 * the module's files (eslint.config.js).
 */
export { MERCHANT_TERMS_COLUMNS, termsOfRow, type MerchantTermsRow } from './merchant-terms';
export { toSummary } from './merchant-mapper';
export { getMerchantDetail, type MerchantSearch } from './merchants.service';
export { readerCampaignLevel } from './reader-level';
