import { useEffect, useState } from 'react';
import { useLocation } from '#client/lib/router';
import { paths } from '#shared/routes';
import { usePartner } from '../../lib/partner';
import { clientErrorReport, referenceFor, reportClientError } from '../../lib/client-errors';
import { Button, LinkButton } from '../../components/button';
import { StatusIllustration, StatusPage, Stroke } from '../../components/status-page';
import { telHref } from '../../components/contact-links';
import { useDocumentTitle } from '../../components/use-document-title';
import { useCustomerSupport } from '../../features/session';

/** §8 wording. */
export const SERVER_ERROR_TITLE = 'Looks like this page is still simmering';

/**
 * The server-error screen (/error and any unexpected failure while showing a page). Its reference
 * code is the failed request's id where a server answer caused it, else one sent with the error
 * to the server (lib/client-errors.ts): the code a visitor quotes always reaches support.
 */
export function ServerErrorRoute({ error }: { error?: unknown }) {
  const partner = usePartner();
  const { pathname } = useLocation();
  const [reference] = useState(() => referenceFor(error));
  const code = reference.code;
  const phone = useCustomerSupport().phone;
  useDocumentTitle(`Something went wrong | ${partner.name}`);
  useEffect(() => {
    if (!reference.fromServer) reportClientError(clientErrorReport(reference.code, error, pathname));
    console.info(`Error reference code: ${reference.code}`);
    // Once for the error this page shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reference]);
  return (
    <StatusPage
      title={SERVER_ERROR_TITLE}
      illustration={<PotIllustration />}
      actions={
        <>
          <Button onClick={() => window.location.reload()}>Try again</Button>
          <LinkButton to={paths.home()} variant="secondary">
            Go to the home page
          </LinkButton>
        </>
      }
    >
      <p>Something went wrong on our side. Please try again in a few minutes.</p>
      <p>
        Reference code: <strong data-testid="reference-code">{code}</strong>
      </p>
      {phone.formatted.trim() && (
        <p>
          If the problem continues, call customer support at <a href={telHref(phone.href || phone.formatted)}>{phone.formatted}</a> and
          mention the reference code.
        </p>
      )}
    </StatusPage>
  );
}

function PotIllustration() {
  return (
    <StatusIllustration>
      <Stroke d="M22 58h76v26a18 18 0 0 1-18 18H40a18 18 0 0 1-18-18z" width={4} join="round" />
      <Stroke d="M14 58h92M10 66h12M98 66h12" width={4} />
      <Stroke d="M44 44c-6-8 6-12 0-22M60 44c-6-8 6-12 0-22M76 44c-6-8 6-12 0-22" width={3.5} opacity={0.6} />
    </StatusIllustration>
  );
}
