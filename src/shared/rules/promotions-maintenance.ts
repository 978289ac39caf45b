/**
 * §2 maintenance notice: which message a path gets, and which paths stay open while it is up.
 * Pure; the switch itself is the partner's maintenanceMode (partner column or MAINTENANCE_MODE).
 */

export const MAINTENANCE_TITLE = "We're Working On It";
/** §2 body: the team is working to resolve it; check back later. */
export const MAINTENANCE_BODY = 'Our team is working to resolve the issue. Please check back later.';

export type MaintenanceTopic = 'login' | 'join' | 'generic';

export const MAINTENANCE_MESSAGES: Readonly<Record<MaintenanceTopic, string>> = {
  login: "We're having trouble signing members in right now.",
  join: "We're having trouble with new enrollments right now.",
  generic: "We're having trouble loading this page right now.",
};

/** §2: /login (and /Login) gets the sign-in message, /join the enrolment one, any other path the generic one. */
export function maintenanceTopic(pathname: string): MaintenanceTopic {
  if (/^\/login\/?$/i.test(pathname)) return 'login';
  if (/^\/join\/?$/i.test(pathname)) return 'join';
  return 'generic';
}

/** The optional link to / is offered everywhere but on / itself. */
export function maintenanceShowsHomeLink(pathname: string): boolean {
  // Stryker disable next-line Regex: /\/+/ without the $ gives the same answer: either way it is false exactly when the path is slashes only (or empty).
  return (pathname.replace(/\/+$/, '') || '/') !== '/';
}

/**
 * Paths that stay open during maintenance: signing out (a member must always be able to leave)
 * and the staging tools (not in production), where the partner switch is turned off again.
 */
export function openDuringMaintenance(pathname: string): boolean {
  return /^\/(SignOut|stgtools)(\/|$)/i.test(pathname);
}
