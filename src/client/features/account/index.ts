/**
 * Public entry of the account feature for other features: the tier name. The account centre's
 * pages are imported by routes/ (and app/) from their files.
 */
export { tierName } from './membership';
