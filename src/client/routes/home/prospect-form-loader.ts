import { canJoinHere } from '#shared/rules/partner-features';
import { FIRST_SCREEN_IDS } from '#shared/first-screen';
import type { PartnerConfig } from '#shared/schemas/partner';
import type * as FormModule from '../../features/content-page/prospect-email-form';

let loading: Promise<typeof FormModule> | undefined;

/** The §2 prospect e-mail form's code, fetched once: the home page's lazy form and the early fetch share it. */
export function loadProspectForm(): Promise<typeof FormModule> {
  loading ??= import('../../features/content-page/prospect-email-form');
  return loading;
}

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
