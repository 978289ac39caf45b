import { paths } from '#shared/routes';
import { useContentPage } from '../../features/content';
import { ContentPage } from '../../features/content-page/content-page';
import { NotFoundScreen } from '../error-screens';

export const HOW_IT_WORKS_URL = paths.howItWorks();

/** §2 How it works: the content-page template of the earn_details item whose url is /how-it-works. */
export function HowItWorksRoute() {
  const items = useContentPage('earn_details');
  const item = items.find((i) => typeof i.fields.url === 'string' && i.fields.url.trim().replace(/\/+$/, '') === HOW_IT_WORKS_URL);
  if (!item) return <NotFoundScreen />;
  return <ContentPage fields={item.fields} fallbackTitle="How it works" />;
}
