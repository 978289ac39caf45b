import { matchPath, useLocation } from '#client/lib/router';
import { ROUTES, type RouteName } from '#shared/routes';

/** §2 enrolment steps: the main menu is hidden there, 'Already a member? Sign in' (direct) or Sign out offered. */
const ENROLLMENT_STEPS: readonly RouteName[] = ['join', 'addCard'];

/** Whether a path is an enrolment step (matched as the router matches: any letter case, a trailing slash allowed). */
export function isEnrollmentPath(pathname: string): boolean {
  return ENROLLMENT_STEPS.some((name) => matchPath({ path: ROUTES[name].path, caseSensitive: false, end: true }, pathname) !== null);
}

/** Whether the page shown is an enrolment step, also where the partner lacks the route and it shows the not-found page. */
export function useIsEnrollmentPage(): boolean {
  return isEnrollmentPath(useLocation().pathname);
}
