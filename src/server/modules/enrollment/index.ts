/**
 * Public entry of the enrollment module for other server modules: the enrolment offer and the
 * executor type (whether an e-mail is taken is the members module's: emailInUse, lockEmail). Other modules import from here, never from the module's files
 * (eslint.config.js).
 */
export { type Executor } from './enrollment.repo';
export { requireOffered } from './enrollment.service';
