/**
 * Members signing in and out (§4): the sign-in forms (password and single sign-on), recovery,
 * fix-credentials, the page frame these screens share and the partner gate of their routes.
 */
export { useFixCredentials, useRecoveryTokenCheck, useRequestRecovery, useSignIn, useSignOut, useUpdateRecoveredPassword } from './api';
export { AuthPage, authStyles } from './components/auth-page';
export { PartnerGate } from './components/partner-gate';
export { SignInForm, INVALID_CREDENTIALS, CHECK_FORM, USERNAME_MESSAGE, SIGN_IN_FAILED, LOCKED_FALLBACK, usernameProblem } from './components/sign-in-form';
export { SsoSignIn, SSO_FAILED } from './components/sso-sign-in';
export { RecoverRequestForm, RECOVER_FAILED } from './components/recover-request-form';
export { RecoverUpdate, LINK_EXPIRED, CHECK_FAILED, UPDATE_FAILED } from './components/recover-update';
export { FixCredentialsForm, FIX_FAILED, FIX_INVALID } from './components/fix-credentials-form';
export { PASSWORDS_DIFFER, passwordConfirmProblem } from './password-rules';
export { SignInRedirect } from './components/sign-in-redirect';
