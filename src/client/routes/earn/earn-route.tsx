import { useLocation } from '#client/lib/router';
import { useContentPage } from '../../features/content';
import { ContentPage } from '../../features/content-page/content-page';
import { findContentPageItem } from '#shared/rules/content-page-item';
import { NotFoundScreen } from '../error-screens';

/**
 * §2 earn and offer pages (/earn and its sub-pages) and the extra paths of the global setting: the
 * content-page template of the partner's earn_details item whose url is this path; a partner
 * without one shows the not-found page.
 */
export function EarnRoute() {
  const { pathname } = useLocation();
  const item = findContentPageItem(useContentPage('earn_details'), pathname);
  if (!item) return <NotFoundScreen />;
  return <ContentPage key={item.id} fields={item.fields} fallbackTitle="Ways to earn" />;
}
