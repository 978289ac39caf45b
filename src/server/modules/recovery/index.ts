/**
 * Public entry of the recovery module for other server modules: recovery tokens, their limits and
 * answer timing (shared with sign-in links). Other modules import from here, never from the
 * module's files (eslint.config.js).
 */
export { RECOVER_ANSWER_MS } from './recovery.routes';
export { countTokensSince, findTokenMember, insertToken, invalidateMemberTokens, useToken } from './recovery.repo';
export { LINK_INVALID_MESSAGE, MAX_LINKS_PER_HOUR } from './recovery.service';
