import { NotFoundPage } from '../../components/not-found-page';

export { NOT_FOUND_TITLE } from '../../components/not-found-page';

/** §2 /not_found and the catch-all: the not-found page. */
export function NotFoundRoute() {
  return <NotFoundPage />;
}
