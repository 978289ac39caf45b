/**
 * Public entry of the members module for other server modules: members: rows (and whether an
 * e-mail is taken), the member answer, standing and progress, a pending change of e-mail address. Other modules import from here, never from the module's files
 * (eslint.config.js).
 */
export { toMember } from './member-mapper';
export { signInAnswer } from './sign-in-answer';
export { EMAIL_IN_USE_MESSAGE, MEMBER_NOT_FOUND, contactOf, memberStanding, progressFigures, progressFiguresOf } from './members.service';
export { emailInUse, findMemberByPartnerNumber, findMemberByPublicId, findMembersByEmail, lockEmail, progressOfYears, progressYears, standingFactsColumns, standingFactsOf, updateMember, type MemberPatch, type ProgressRow, type RawStandingFacts, type StandingFacts } from './members.repo';
export { currentTier } from './standing';
export { pendingEmailChange } from './email-change';
