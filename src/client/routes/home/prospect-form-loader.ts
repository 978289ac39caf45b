import { loadOnce } from '#client/components/lazy-screen';
import { canJoinHere } from '#shared/rules/partner-features';
import { FIRST_SCREEN_IDS } from '#shared/first-screen';
import type { PartnerConfig } from '#shared/schemas/partner';

/** The §2 prospect e-mail form's code, fetched once: the home page's lazy form and the early fetch share it (a failed fetch is tried again). */
export const { load: loadProspectForm } = loadOnce(() => import('../../features/content-page/prospect-email-form'));

/**
 * Whether the home page will show the form to this visit: a partner one joins on the site and no
 * member in the page's first-screen data (the server put `member: null` there for a visitor).
 */
export function visitorMayJoin(partner: PartnerConfig, doc: Document = document): boolean {
  if (!canJoinHere(partner)) return false;
  try {
    const visit = JSON.parse(doc.getElementById(FIRST_SCREEN_IDS.visit)?.textContent ?? 'null') as { member?: unknown } | null;
    return visit !== null && visit.member === null;
  } catch {
    return false;
  }
}
