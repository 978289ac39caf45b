/**
 * Public entry of the enrollment module for other server modules: e-mail uniqueness checks and the
 * enrolment offer. Other modules import from here, never from the module's files
 * (eslint.config.js).
 */
export { emailInUse, lockEmail, type Executor } from './enrollment.repo';
export { EMAIL_IN_USE_MESSAGE, requireOffered } from './enrollment.service';
