/**
 * Public entry of the auth feature for other features: the page frame of the member screens and
 * the password confirmation rule. The screens' forms are imported by routes/
 * from their files, so a feature that needs a piece of auth does not load the forms.
 */
export { AuthPage, authStyles } from './components/auth-page';
export { passwordConfirmProblem } from './password-rules';
