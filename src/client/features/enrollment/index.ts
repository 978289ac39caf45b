/**
 * Public entry of the enrollment feature for other features: the joining calls (the e-mail and ZIP
 * checks serve the prospect form and the profile too) and the §5 rules of the member's details.
 * The joining and activation screens are imported by routes/ from their files.
 */
export { useCreateProspect, validateEmail, validateZip } from './api';
export { ALREADY_MEMBER, EMAIL_IN_USE, PARTNER_NUMBERS_ANCHOR, textProblem, type MemberDetailsValues } from './join-rules';
