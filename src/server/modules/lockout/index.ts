/**
 * Public entry of the lockout module for other server modules: sign-in lockout (failures per
 * account and per client), and its scheduled sweep. Other modules import from here, never from
 * the module's files (eslint.config.js).
 */
export { ADDRESS_RULE, LOCKOUT_WINDOW_MS, afterClientFailure, afterFailure, waitMs, type FailureState } from './lockout';
export { LOCKOUT_MESSAGE, clearLockout, clearMemberLockouts, clientWaitMessage, clientWaitMs, isLocked, lockoutState, normaliseIdentifier, parseIdentifier, recordAccountFailure, recordClientFailure, recordFailure, type SignInClient, type SignInIdentifier } from './lockout';
export { lockoutJobs } from './jobs';
