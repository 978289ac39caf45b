/**
 * Public entry of the members module for other server modules: members: rows, the member answer,
 * standing and progress. Other modules import from here, never from the module's files
 * (eslint.config.js).
 */
export { toMember } from './member-mapper';
export { signInAnswer } from './sign-in-answer';
export { MEMBER_NOT_FOUND, contactOf, memberStanding, progressFigures } from './members.service';
export { findMemberByPartnerNumber, findMemberByPublicId, findMembersByEmail, updateMember, type MemberPatch } from './members.repo';
export { currentTier } from './standing';
export { pendingEmailChange } from './email-change';
