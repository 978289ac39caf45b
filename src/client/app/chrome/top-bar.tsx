import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { Link, useLocation, useNavigate } from '#client/lib/router';
import { paths } from '#shared/routes';
import { usePartner } from '../../lib/partner';
import { LinkButton } from '../../components/button';
import { SmartLink } from '../../components/smart-link';
import { DeferredPart } from '../../components/deferred-part';
import { lazyScreen } from '../../components/lazy-screen';
import { pickText, useIsDesktop } from '../../components/use-media-query';
import { useFooterContent } from '../../features/content';
import { memberArea, menuAuthLinks, useNavLinks, type AuthLink } from './chrome-content';
import { useMember } from '../../features/session/api';
import { userStateOf } from '../../features/session/user-state';
import { useIsEnrollmentPage } from './enrollment-page';
import { useSignOutAndReload } from '../../features/account/use-sign-out';
import { AnnouncementBanner } from './announcement-banner';
import { BackIcon, MenuIcon, SearchIcon } from './icons';
import { DisclosureButton } from './disclosure-button';
import { useHideOnScroll } from './use-hide-on-scroll';
import styles from './top-bar.module.css';

const SEARCH_LABEL = 'Search restaurants';

// Only a signed-in card member at desktop width has it: not part of a visitor's first load.
const AccountMenu = lazyScreen(() => import('./account-menu'), 'AccountMenu');

/** §2: pages whose path contains /merchants/ or /account/ show a Back link. */
export function showsBackLink(pathname: string): boolean {
  return /\/(merchants|account)\//i.test(pathname);
}

/**
 * §2 top bar: logo, configured navigation (inline from 861px, in the main menu below), member
 * area (auth links or the card member's account dropdown), search icon, Back link, and the
 * announcement banner. On enrolment pages the main menu is hidden and only 'Already a member?
 * Sign in' (direct) or Sign out is offered.
 */
export function TopBar() {
  const partner = usePartner();
  const { pathname } = useLocation();
  const isDesktop = useIsDesktop();
  const navLinks = useNavLinks();
  const { member, isLoading: memberLoading } = useMember();
  const userState = userStateOf(member);
  const enrollmentPage = useIsEnrollmentPage();
  const signOutAndReload = useSignOutAndReload();
  const area = memberArea({ enrollmentType: partner.enrollmentType, userState, enrollmentPage });
  const menuAuth = menuAuthLinks(partner.enrollmentType, userState);
  const headerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // A panel (main menu or account dropdown) belongs to the page it was opened on: navigating
  // closes it, and only one is open at a time.
  const [openPanel, setOpenPanel] = useState<{ which: 'menu' | 'account'; on: string } | null>(null);
  const showMenu = !isDesktop && !enrollmentPage;
  const menuOpen = showMenu && openPanel?.which === 'menu' && openPanel.on === pathname;
  const accountOpen = isDesktop && openPanel?.which === 'account' && openPanel.on === pathname;
  const closeMenu = useCallback(() => setOpenPanel(null), []);
  const [hidden, setHidden] = useHideOnScroll(headerRef, !isDesktop && !menuOpen);

  useDismissMenu(menuOpen, headerRef, menuButtonRef, closeMenu);

  const onHeaderBlur = (e: FocusEvent<HTMLElement>) => {
    const next = e.relatedTarget as Node | null;
    if (menuOpen && next && !e.currentTarget.contains(next)) closeMenu();
  };

  const isCurrent = (url: string) => url === pathname;
  const sections = useMenuSections({ menuAuth, navLinks, isCurrent, closeMenu, signOut: () => void signOutAndReload() });

  // Auth links sit in the bar at desktop width (below it they are in the main menu), and on
  // enrolment pages at every width since the main menu is hidden there.
  // Not while the member loads: a member would see Sign in / Join flash by before the account menu.
  const showAreaLinks = !memberLoading && area.kind === 'links' && (isDesktop || enrollmentPage) && (area.links.length > 0 || area.signOut);

  return (
    <>
      <header
        ref={headerRef}
        className={`${styles.header} ${hidden ? styles.hidden : ''}`}
        onFocus={() => setHidden(false)}
        onBlur={onHeaderBlur}
      >
        <div className={`container-wide ${styles.bar}`}>
          <div className={styles.start}>
            {showsBackLink(pathname) && <BackLink pathname={pathname} />}
            <Link to={paths.home()} className={styles.logo}>
              <img src={partner.logoUrl} alt={`${partner.name} home`} height={36} />
            </Link>
          </div>
          {isDesktop && !enrollmentPage && navLinks.length > 0 && (
            <nav className={styles.desktopNav} aria-label="Main">
              <ul className={styles.navList}>
                {navLinks.map((l, i) => (
                  <li key={i}>
                    <SmartLink href={l.url} className={styles.navLink} aria-current={isCurrent(l.url) ? 'page' : undefined}>
                      {pickText(true, l.text_desktop, l.text_mobile)}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <div className={styles.end}>
            <SearchIconLink pathname={pathname} />
            {showAreaLinks && <AreaLinks area={area} isDesktop={isDesktop} isCurrent={isCurrent} signOut={() => void signOutAndReload()} />}
            {isDesktop && area.kind === 'account' && member && (
              <DeferredPart>
                <AccountMenu
                  member={member}
                  open={accountOpen}
                  onOpenChange={(open) => setOpenPanel(open ? { which: 'account', on: pathname } : null)}
                  onSignOut={() => void signOutAndReload()}
                />
              </DeferredPart>
            )}
            {showMenu && (
              <DisclosureButton
                ref={menuButtonRef}
                className={styles.menuButton}
                open={menuOpen}
                controls={menuId}
                onToggle={() => setOpenPanel(menuOpen ? null : { which: 'menu', on: pathname })}
              >
                <MenuIcon open={menuOpen} />
                <span className="visually-hidden">Main menu</span>
              </DisclosureButton>
            )}
          </div>
        </div>
        {showMenu && (
          <nav id={menuId} className={styles.menu} aria-label="Main menu" hidden={!menuOpen}>
            {sections.map((section, i) => (
              <ul key={i} className={styles.menuSection}>
                {section.map((item) => (
                  <li key={item.key}>{item.node}</li>
                ))}
              </ul>
            ))}
          </nav>
        )}
      </header>
      {pathname !== paths.discover() && <AnnouncementBanner />}
    </>
  );
}

/** Closes the open main menu on Escape (focus back on its button) and on a press outside the header. */
function useDismissMenu(menuOpen: boolean, headerRef: RefObject<HTMLElement | null>, menuButtonRef: RefObject<HTMLButtonElement | null>, close: () => void) {
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      close();
      menuButtonRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!headerRef.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen, headerRef, menuButtonRef, close]);
}

/** The main menu's sections: auth links, the configured navigation, the footer's links, Sign out. */
function useMenuSections({ menuAuth, navLinks, isCurrent, closeMenu, signOut }: { menuAuth: ReturnType<typeof menuAuthLinks>; navLinks: ReturnType<typeof useNavLinks>; isCurrent: (url: string) => boolean; closeMenu: () => void; signOut: () => void }): MenuItem[][] {
  const footer = useFooterContent();
  return dedupeByUrl([
    menuAuth.links.map((l) => ({ key: `auth-${l.key}`, url: l.to, node: <AuthMenuLink link={l} current={isCurrent(l.to)} onNavigate={closeMenu} /> })),
    navLinks.map((l, i) => ({
      key: `nav-${i}`,
      url: l.url,
      node: (
        <SmartLink href={l.url} className={styles.menuLink} aria-current={isCurrent(l.url) ? 'page' : undefined} onClick={closeMenu}>
          {pickText(false, l.text_desktop, l.text_mobile)}
        </SmartLink>
      ),
    })),
    footer.primaryLinks.map((l, i) => ({
      key: `primary-${i}`,
      url: l.url,
      node: (
        <SmartLink href={l.url} newTab={l.new_tab} className={styles.menuLink} onClick={closeMenu}>
          {l.text}
        </SmartLink>
      ),
    })),
    footer.secondaryLinks.map((l, i) => ({
      key: `secondary-${i}`,
      url: l.url,
      node: (
        <SmartLink href={l.url} newTab={l.new_tab} className={`${styles.menuLink} ${styles.menuLinkSmall}`} onClick={closeMenu}>
          {l.text}
        </SmartLink>
      ),
    })),
    menuAuth.signOut
      ? [{
          key: 'sign-out',
          url: '#sign-out',
          node: (
            <button type="button" className={`${styles.menuLink} ${styles.menuButtonLink}`} onClick={signOut}>
              Sign out
            </button>
          ),
        }]
      : [],
  ]);
}

/** The member area's links in the bar (Sign in, Join …, or Sign out). */
function AreaLinks({ area, isDesktop, isCurrent, signOut }: { area: Extract<ReturnType<typeof memberArea>, { kind: 'links' }>; isDesktop: boolean; isCurrent: (url: string) => boolean; signOut: () => void }) {
  return (
    <ul className={`${styles.auth} ${isDesktop ? '' : styles.authCompact}`} aria-label="Member">
      {area.links.map((l) => (
        <li key={l.key}>
          {l.key === 'join' ? (
            <LinkButton to={l.to} aria-current={isCurrent(l.to) ? 'page' : undefined}>
              {l.text}
            </LinkButton>
          ) : (
            <Link to={l.to} className={styles.navLink} aria-current={isCurrent(l.to) ? 'page' : undefined}>
              {l.text}
            </Link>
          )}
        </li>
      ))}
      {area.signOut && (
        <li>
          <button type="button" className={`${styles.navLink} ${styles.textButton}`} onClick={signOut}>
            Sign out
          </button>
        </li>
      )}
    </ul>
  );
}

type MenuItem = { key: string; url: string; node: ReactNode };

/** Main-menu sections without a link an earlier section already offers (content often lists one twice); empty sections dropped. */
function dedupeByUrl(sections: MenuItem[][]): MenuItem[][] {
  const seen = new Set<string>();
  return sections
    .map((items) =>
      items.filter((item) => {
        if (seen.has(item.url)) return false;
        seen.add(item.url);
        return true;
      }),
    )
    .filter((items) => items.length > 0);
}

function AuthMenuLink({ link, current, onNavigate }: { link: AuthLink; current: boolean; onNavigate: () => void }) {
  return (
    <Link
      to={link.to}
      className={`${styles.menuLink} ${link.key === 'join' ? styles.menuLinkStrong : ''}`}
      aria-current={current ? 'page' : undefined}
      onClick={onNavigate}
    >
      {link.text}
    </Link>
  );
}

/** §2 search icon: hidden on /discover, shown as the current page (not a link) on /search. */
function SearchIconLink({ pathname }: { pathname: string }) {
  if (pathname === paths.discover()) return null;
  if (pathname === paths.search()) {
    return (
      <span role="link" aria-disabled="true" aria-current="page" aria-label={SEARCH_LABEL} className={`${styles.iconButton} ${styles.iconCurrent}`}>
        <SearchIcon />
      </span>
    );
  }
  return (
    <Link to={paths.search()} className={styles.iconButton} aria-label={SEARCH_LABEL}>
      <SearchIcon />
    </Link>
  );
}

/** §2 'Back' (history back); a real link to a sensible page when there is no history to go back to. */
function BackLink({ pathname }: { pathname: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const fallback = /\/merchants\//i.test(pathname) ? paths.search() : paths.home();
  const hasHistory = location.key !== 'default';
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!hasHistory || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(-1);
  };
  return (
    <Link to={fallback} className={styles.back} onClick={onClick}>
      <BackIcon />
      <span>Back</span>
    </Link>
  );
}
