/**
 * Public entry of the auth feature for other features: the page frame of the member screens, the
 * password confirmation rule and the sign-in/out calls. The screens' forms are imported by routes/
 * from their files, so a feature that needs a piece of auth does not load the forms.
 */
export { useFixCredentials, useRecoveryTokenCheck, useRequestRecovery, useSignIn, useSignOut, useUpdateRecoveredPassword } from './api';
export { AuthPage, authStyles } from './components/auth-page';
export { PASSWORDS_DIFFER, passwordConfirmProblem } from './password-rules';
