import { useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { Link } from '#client/lib/router';
import { buildCarouselRequest, isCurrentLocation, parseSearchState, searchHref } from '#shared/rules/search-query';
import { track } from '#client/lib/impressions';
import { MerchantTile } from '../../merchants';
import { useMerchantSearch } from '../api/search-api';
import { useGeolocation } from '../hooks/use-geolocation';
import styles from './merchant-carousel.module.css';

/** §9: tiles are 200px wide inside a carousel; impression after 150 ms at 80 % in view. */
export const CAROUSEL_TILE_WIDTH = 200;
export const CAROUSEL_IN_VIEW_THRESHOLD = 0.8;
export const CAROUSEL_IMPRESSION_DELAY_MS = 150;

export type MerchantCarouselProps = {
  title: string;
  /** The carousel's search (a content text block's `query`, or a query string). */
  query: Record<string, string | string[] | undefined> | string;
  /** Level of the title heading; tiles use the next level (and the signed-in member's earn text). */
  headingLevel?: 2 | 3;
};

/**
 * §2 merchant carousel: up to 15 merchants of a search, scrolled sideways, with 'View all' to the
 * same search. It searches only with a place, or once the current location resolved (§4); a
 * geolocation error, a failed search or no results render nothing.
 */
export function MerchantCarousel({ title, query, headingLevel = 2 }: MerchantCarouselProps) {
  const state = useMemo(() => parseSearchState(query), [query]);
  const wantsGeo = isCurrentLocation(state);
  const geo = useGeolocation({ enabled: wantsGeo, mode: 'carousel' });
  const coords = geo.status === 'ready' ? geo.coords : null;
  const request = useMemo(() => buildCarouselRequest(state, coords), [state, coords]);
  const search = useMerchantSearch(request, { keepPrevious: false });
  const titleId = useId();
  const listId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const merchants = search.data?.merchants ?? [];
  const visible = request !== null && !search.isError && (search.isPending || merchants.length > 0);

  useImpressionWhenSeen(sectionRef, visible);

  const edges = useScrollEdges(listRef, search.data?.merchants);

  if (!visible) return null;

  const scrollByPage = (dir: 1 | -1) => {
    const list = listRef.current;
    if (!list) return;
    const step = Math.max(CAROUSEL_TILE_WIDTH, list.clientWidth - CAROUSEL_TILE_WIDTH / 2);
    const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (typeof list.scrollBy === 'function') list.scrollBy({ left: dir * step, behavior: reduce ? 'auto' : 'smooth' });
    else list.scrollLeft += dir * step;
  };

  const Heading = `h${headingLevel}` as const;
  const tileHeading = (headingLevel + 1) as 3 | 4;

  return (
    <section ref={sectionRef} className={styles.carousel} aria-labelledby={titleId} aria-busy={search.isPending || undefined}>
      <div className={styles.header}>
        <Heading id={titleId} className={styles.title}>{title}</Heading>
        <div className={styles.controls}>
          <Link className={styles.viewAll} to={searchHref(state)} aria-label={`View all: ${title}`}>View all</Link>
          <PageButton listId={listId} label={`Previous restaurants: ${title}`} disabled={edges.atStart} onClick={() => scrollByPage(-1)} arrow="‹" />
          <PageButton listId={listId} label={`Next restaurants: ${title}`} disabled={edges.atEnd} onClick={() => scrollByPage(1)} arrow="›" />
        </div>
      </div>
      {search.isPending ? (
        <ul id={listId} className={styles.list} aria-label={`Loading ${title}`}>
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className={styles.placeholder} style={{ width: CAROUSEL_TILE_WIDTH }} aria-hidden="true" />
          ))}
        </ul>
      ) : (
        <ul ref={listRef} id={listId} className={styles.list} aria-labelledby={titleId}>
          {merchants.map((m) => (
            <li key={m.id} className={styles.item}>
              <MerchantTile merchant={m} width={CAROUSEL_TILE_WIDTH} headingLevel={tileHeading} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A tile counts as shown when this share of it is inside the list (a few pixels' tolerance). */
export const CAROUSEL_EDGE_RATIO = 0.98;

/**
 * Whether the list shows its first and its last tile whole (the arrows at either end are disabled
 * there). An IntersectionObserver on the two end tiles tells it as the list scrolls or resizes, so
 * nothing reads the layout when the carousel mounts or on each scroll event: reading scrollWidth
 * there forced a layout of the whole page per carousel while the home page was still rendering.
 * `items`: the tiles shown; new ones are new end tiles to watch.
 */
/** An arrow that scrolls the list a page back or on. */
function PageButton({ listId, label, disabled, onClick, arrow }: { listId: string; label: string; disabled: boolean; onClick: () => void; arrow: string }) {
  return (
    <button type="button" className={styles.arrow} aria-controls={listId} aria-label={label} disabled={disabled} onClick={onClick}>
      <span aria-hidden="true">{arrow}</span>
    </button>
  );
}

function useScrollEdges(listRef: RefObject<HTMLUListElement | null>, items: unknown) {
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  useEffect(() => {
    const list = listRef.current;
    const first = list?.firstElementChild;
    const last = list?.lastElementChild;
    if (!list || !first || !last || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      setEdges((prev) => {
        let { atStart, atEnd } = prev;
        for (const entry of entries) {
          const whole = entry.isIntersecting && entry.intersectionRatio >= CAROUSEL_EDGE_RATIO;
          if (entry.target === first) atStart = whole;
          if (entry.target === last) atEnd = whole;
        }
        return atStart === prev.atStart && atEnd === prev.atEnd ? prev : { atStart, atEnd };
      });
    }, { root: list, threshold: [CAROUSEL_EDGE_RATIO] });
    observer.observe(first);
    if (last !== first) observer.observe(last);
    return () => observer.disconnect();
  }, [listRef, items]);
  return edges;
}

/** Tracks one 'carousel' impression once the section has been 80 % visible for 150 ms. */
function useImpressionWhenSeen(ref: RefObject<HTMLElement | null>, active: boolean) {
  const sent = useRef(false);
  useEffect(() => {
    const el = ref.current;
    if (!active || !el || sent.current || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      if (entry.isIntersecting && entry.intersectionRatio >= CAROUSEL_IN_VIEW_THRESHOLD) {
        timer ??= setTimeout(() => {
          if (sent.current) return;
          sent.current = true;
          track({ eventType: 'carousel', path: window.location.pathname });
          observer.disconnect();
        }, CAROUSEL_IMPRESSION_DELAY_MS);
      } else if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
    }, { threshold: CAROUSEL_IN_VIEW_THRESHOLD });
    observer.observe(el);
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, [ref, active]);
}
