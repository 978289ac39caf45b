import { useEffect, useId, useRef, type FocusEvent } from 'react';
import { Link, useLocation } from '#client/lib/router';
import type { Member } from '#shared/schemas/member';
import { accountPages } from '../../features/account/pages';
import { usePartner } from '../../lib/partner';
import { ChevronIcon, PersonIcon } from './icons';
import { DisclosureButton } from './disclosure-button';
import styles from './account-menu.module.css';

type AccountMenuProps = {
  member: Pick<Member, 'firstName' | 'lastName' | 'email'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignOut: () => void;
};

/**
 * §2 card member's account dropdown: a disclosure button with the greeting; the panel holds the
 * member's name and e-mail, the account pages and sign out. Escape, a click outside or focus
 * leaving it closes it; Escape puts focus back on the button.
 */
export function AccountMenu({ member, open, onOpenChange, onSignOut }: AccountMenuProps) {
  const { pathname } = useLocation();
  const partner = usePartner();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  });

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      onOpenChangeRef.current(false);
      buttonRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) onOpenChangeRef.current(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    const next = e.relatedTarget as Node | null;
    if (open && next && !e.currentTarget.contains(next)) onOpenChange(false);
  };

  const fullName = [member.firstName, member.lastName].filter(Boolean).join(' ');
  const greeting = member.firstName ? `Hi, ${member.firstName}` : 'My Account';

  return (
    <div ref={rootRef} className={styles.root} onBlur={onBlur}>
      <DisclosureButton ref={buttonRef} className={styles.button} open={open} controls={panelId} onToggle={() => onOpenChange(!open)}>
        <PersonIcon />
        <span className={styles.greeting}>{greeting}</span>
        <ChevronIcon open={open} />
      </DisclosureButton>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <div className={styles.who}>
          {fullName && <p className={styles.name}>{fullName}</p>}
          <p className={styles.email}>{member.email}</p>
        </div>
        <nav aria-label="Account">
          <ul className={styles.list}>
            {accountPages(partner).map((page) => (
              <li key={page.path}>
                <Link
                  to={page.path}
                  className={styles.item}
                  aria-current={pathname === page.path ? 'page' : undefined}
                  onClick={() => onOpenChange(false)}
                >
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" className={`${styles.item} ${styles.signOut}`} onClick={onSignOut}>
          Sign out
        </button>
      </div>
    </div>
  );
}
