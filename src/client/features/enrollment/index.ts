/**
 * Joining (§2 enrolment step 1, §5): the form with its rules and server checks, and the §4
 * activation of known visitors. The e-mail and ZIP checks serve the prospect form and the profile too.
 */
export { useCreateProspect, useSignUp, validateEmail, validateZip, type FieldCheck } from './api';
export { ALREADY_MEMBER, EMAIL_IN_USE, JOIN_FAILED, PARTNER_NUMBER_IN_USE, joinRules, textProblem, type JoinValues, type MemberDetailsValues } from './join-rules';
export { JoinScreen, DONE_TITLE, ADD_CARD_PATH } from './components/join-screen';
export { ActivationStage, ACTIVATION_FAILED } from './components/activation-stage';
export { useActivationContent } from './activation-content';
