import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { Link, type LinkProps } from '#client/lib/router';
import { Spinner } from './spinner';
import { NewTabHint } from './smart-link';
import { isInternalPath, safeUrl } from '#shared/rules/safe-url';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

export function buttonClassName(variant: ButtonVariant = 'primary', fullWidth = false, extra?: string): string {
  return [styles.button, styles[variant], fullWidth ? styles.fullWidth : '', extra ?? ''].filter(Boolean).join(' ');
}

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  /** Shows a spinner, sets aria-busy and ignores clicks; the button keeps focus (not disabled). */
  loading?: boolean;
  fullWidth?: boolean;
};

/** 40px high button (§9). type defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'primary', loading = false, fullWidth = false, className, type = 'button', onClick, children, ...rest }: ButtonProps) {
  const handleClick = (e: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      e.preventDefault();
      return;
    }
    onClick?.(e);
  };
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName(variant, fullWidth, className)}
      aria-busy={loading || undefined}
      aria-disabled={loading || rest['aria-disabled'] || undefined}
      onClick={handleClick}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}

export type LinkButtonProps = LinkProps & {
  variant?: ButtonVariant;
  fullWidth?: boolean;
  ref?: ComponentPropsWithRef<'a'>['ref'];
};

/** A router link that looks like a button. */
export function LinkButton({ variant = 'primary', fullWidth = false, className, ...rest }: LinkButtonProps) {
  return <Link {...rest} className={buttonClassName(variant, fullWidth, typeof className === 'string' ? className : undefined)} />;
}

type ContentButtonProps = {
  url: string;
  newTab?: boolean;
  variant?: ButtonVariant;
  className?: string;
  children: ReactNode;
};

/**
 * A content 'button' block: an internal path goes through the router, an external URL is an
 * anchor (new tab with rel noopener and a screen-reader hint when asked), an unsafe URL renders nothing.
 */
export function ContentLinkButton({ url, newTab = false, variant = 'primary', className, children }: ContentButtonProps) {
  const href = safeUrl(url);
  if (!href) return null;
  const cls = buttonClassName(variant, false, className);
  if (newTab) {
    return (
      <a className={cls} href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <NewTabHint />
      </a>
    );
  }
  if (isInternalPath(href)) {
    return (
      <Link className={cls} to={href}>
        {children}
      </Link>
    );
  }
  return (
    <a className={cls} href={href}>
      {children}
    </a>
  );
}
