import { paths } from '#shared/routes';
import { usePartner } from '../lib/partner';
import { LinkButton } from './button';
import { StatusIllustration, StatusPage, Stroke } from './status-page';
import { useDocumentTitle } from './use-document-title';

/** §8 wording. */
export const NOT_FOUND_TITLE = "That page isn't on our radar.";

/**
 * The not-found page (/not_found, unknown paths, unknown merchants, routes the partner lacks). A
 * component rather than a screen, so features that show it (partner gates) need not import routes/.
 */
export function NotFoundPage() {
  const partner = usePartner();
  useDocumentTitle(`Page not found | ${partner.name}`);
  return (
    <StatusPage
      title={NOT_FOUND_TITLE}
      illustration={<RadarIllustration />}
      actions={
        <>
          <LinkButton to={paths.home()}>Go to the home page</LinkButton>
          <LinkButton to={paths.search()} variant="secondary">
            Search restaurants
          </LinkButton>
        </>
      }
    >
      <p>The page you are looking for may have moved, or the address may have a typo.</p>
    </StatusPage>
  );
}

function RadarIllustration() {
  return (
    <StatusIllustration>
      <circle cx="60" cy="60" r="54" fill="none" stroke="currentColor" strokeWidth="3" opacity="0.35" />
      <circle cx="60" cy="60" r="36" fill="none" stroke="currentColor" strokeWidth="3" opacity="0.55" />
      <circle cx="60" cy="60" r="18" fill="none" stroke="currentColor" strokeWidth="3" opacity="0.8" />
      <Stroke d="M60 60L98 22" width={4} />
      <circle cx="60" cy="60" r="5" fill="currentColor" />
    </StatusIllustration>
  );
}
