import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from '#client/lib/router';
import { isInternalPath, safeUrl } from '#shared/rules/safe-url';

export const NEW_TAB_TEXT = '(opens in a new tab)';

/** The screen-reader hint for links that open a new tab. */
export function NewTabHint() {
  return <span className="visually-hidden"> {NEW_TAB_TEXT}</span>;
}

export type SmartLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> & {
  href: string;
  /** Open in a new tab with rel="noopener noreferrer" and a screen-reader hint. */
  newTab?: boolean;
  children: ReactNode;
};

/**
 * A link from content or configuration: internal paths go through the router, other safe URLs
 * are plain anchors, unsafe URLs render the text without a link.
 */
export function SmartLink({ href, newTab = false, children, ...rest }: SmartLinkProps) {
  const url = safeUrl(href);
  if (!url) return <span className={rest.className}>{children}</span>;
  if (newTab) {
    return (
      <a {...rest} href={url} target="_blank" rel="noopener noreferrer">
        {children}
        <NewTabHint />
      </a>
    );
  }
  if (isInternalPath(url)) {
    return (
      <Link {...rest} to={url}>
        {children}
      </Link>
    );
  }
  return (
    <a {...rest} href={url}>
      {children}
    </a>
  );
}
