import { useEffect, useState } from 'react';
import { paths } from '#shared/routes';
import { usePartner } from '../../lib/partner';
import { Button, LinkButton } from '../../components/button';
import { StatusPage } from '../../components/status-page';
import { telHref } from '../../components/contact-links';
import { useDocumentTitle } from '../../components/use-document-title';
import { useCustomerSupport } from '../../features/account/customer-support';

/** §8 wording. */
export const SERVER_ERROR_TITLE = 'Looks like this page is still simmering';

/** No 0/O or 1/I/L so a code read over the phone is unambiguous. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A short random code the visitor can quote to customer support. */
export function makeReferenceCode(length = 8): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** The server-error screen (/error and any unexpected failure while showing a page). */
export function ServerErrorRoute({ referenceCode }: { referenceCode?: string }) {
  const partner = usePartner();
  const [code] = useState(() => referenceCode ?? makeReferenceCode());
  const phone = useCustomerSupport().phone;
  useDocumentTitle(`Something went wrong | ${partner.name}`);
  useEffect(() => {
    // Lets the code the visitor quotes be matched to the console error logged with it.
    console.info(`Error reference code: ${code}`);
  }, [code]);
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
    <svg viewBox="0 0 120 120" width="120" height="120" aria-hidden="true" focusable="false">
      <path d="M22 58h76v26a18 18 0 0 1-18 18H40a18 18 0 0 1-18-18z" fill="none" stroke="currentColor" strokeWidth="4" strokeLinejoin="round" />
      <path d="M14 58h92M10 66h12M98 66h12" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      <path d="M44 44c-6-8 6-12 0-22M60 44c-6-8 6-12 0-22M76 44c-6-8 6-12 0-22" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" opacity="0.6" />
    </svg>
  );
}
