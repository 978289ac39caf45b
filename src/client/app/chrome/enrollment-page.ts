import { useMatches } from 'react-router';

/** Routes of the enrolment steps carry the handle { enrollment: true } (§2: main menu hidden there). */
export function useIsEnrollmentPage(): boolean {
  return useMatches().some((m) => (m.handle as { enrollment?: unknown } | undefined)?.enrollment === true);
}
