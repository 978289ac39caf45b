import { useEffect, useId, useRef, useState, type FocusEvent, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePartner } from '../../lib/partner';
import { LinkButton } from '../../components/button';
import { SmartLink } from '../../components/smart-link';
import { pickText, useIsDesktop } from '../../components/use-media-query';
import { anonymousAuthLinks, useFooterContent, useNavLinks, type AuthLink } from './chrome-content';
import { AnnouncementBanner } from './announcement-banner';
import { BackIcon, MenuIcon, SearchIcon } from './icons';
import { useHideOnScroll } from './use-hide-on-scroll';
import styles from './top-bar.module.css';

const SEARCH_LABEL = 'Search restaurants';

/** §2: pages whose path contains /merchants/ or /account/ show a Back link. */
export function showsBackLink(pathname: string): boolean {
  return /\/(merchants|account)\//i.test(pathname);
}

/**
 * §2 top bar: logo, configured navigation (inline from 861px, in the main menu below), member
 * area (anonymous auth links for now), search icon, Back link, and the announcement banner.
 */
export function TopBar() {
  const partner = usePartner();
  const { pathname } = useLocation();
  const isDesktop = useIsDesktop();
  const navLinks = useNavLinks();
  const footer = useFooterContent();
  const authLinks = anonymousAuthLinks(partner.enrollmentType);
  const headerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // The menu belongs to the page it was opened on: navigating or widening the window closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = !isDesktop && menuOpenOn === pathname;
  const closeMenu = () => setMenuOpenOn(null);
  const [hidden, setHidden] = useHideOnScroll(headerRef, !isDesktop && !menuOpen);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpenOn(null);
      menuButtonRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!headerRef.current?.contains(e.target as Node)) setMenuOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen]);

  const onHeaderBlur = (e: FocusEvent<HTMLElement>) => {
    const next = e.relatedTarget as Node | null;
    if (next && !e.currentTarget.contains(next)) closeMenu();
  };

  const isCurrent = (url: string) => url === pathname;
  const sections = dedupeByUrl([
    authLinks.map((l) => ({ key: `auth-${l.key}`, url: l.to, node: <AuthMenuLink link={l} onNavigate={closeMenu} /> })),
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
  ]);

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
            <Link to="/" className={styles.logo}>
              <img src={partner.logoUrl} alt={`${partner.name} home`} height={36} />
            </Link>
          </div>
          {isDesktop && navLinks.length > 0 && (
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
            {isDesktop && authLinks.length > 0 && (
              <ul className={styles.auth} aria-label="Member">
                {authLinks.map((l) => (
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
              </ul>
            )}
            {!isDesktop && (
              <button
                ref={menuButtonRef}
                type="button"
                className={styles.menuButton}
                aria-expanded={menuOpen}
                aria-controls={menuId}
                onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
              >
                <MenuIcon open={menuOpen} />
                <span className="visually-hidden">Main menu</span>
              </button>
            )}
          </div>
        </div>
        {!isDesktop && (
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
      {pathname !== '/discover' && <AnnouncementBanner />}
    </>
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

function AuthMenuLink({ link, onNavigate }: { link: AuthLink; onNavigate: () => void }) {
  return (
    <Link to={link.to} className={`${styles.menuLink} ${link.key === 'join' ? styles.menuLinkStrong : ''}`} onClick={onNavigate}>
      {link.text}
    </Link>
  );
}

/** §2 search icon: hidden on /discover, shown as the current page (not a link) on /search. */
function SearchIconLink({ pathname }: { pathname: string }) {
  if (pathname === '/discover') return null;
  if (pathname === '/search') {
    return (
      <span role="link" aria-disabled="true" aria-current="page" aria-label={SEARCH_LABEL} className={`${styles.iconButton} ${styles.iconCurrent}`}>
        <SearchIcon />
      </span>
    );
  }
  return (
    <Link to="/search" className={styles.iconButton} aria-label={SEARCH_LABEL}>
      <SearchIcon />
    </Link>
  );
}

/** §2 'Back' (history back); a real link to a sensible page when there is no history to go back to. */
function BackLink({ pathname }: { pathname: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const fallback = /\/merchants\//i.test(pathname) ? '/search' : '/';
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
