import { CURRENT_LOCATION } from '#shared/constants/merchant';
import { TurnTaken, useIdleTurn } from '#client/components/idle-turns';
import { DeferredPart } from '#client/components/deferred-part';
import { lazyScreen } from '#client/components/lazy-screen';
import type { MerchantCarouselProps } from './merchant-carousel';
import styles from './merchant-carousel.module.css';

// The carousel's code (search rules, tiles, favourites, impressions) loads once the page's first
// screen has painted, as the footer does: the content pages' first load carries only this
// placeholder. Not later (when scrolled near): the placeholder is not the carousel's exact height,
// and the swap must happen before anyone has scrolled to it. Its first search comes with the page.
// The carousels of a page are drawn one at a time, each in an idle moment (idle-turns.ts): all at
// once, their tiles' render, commit and layout were the home page's longest tasks.
// In its own boundary: if the connection drops before its code arrives, the page stands without it
// and the carousel comes once the connection is back.
const Carousel = lazyScreen(() => import('./merchant-carousel'), 'MerchantCarousel');

/** The carousel's tile placeholders while its search loads; 4 as in merchant-carousel.tsx. */
const PLACEHOLDER_TILES = 4;
const PLACEHOLDER_TILE_WIDTH = 200;

/**
 * Whether the carousel searches as soon as it mounts (and so shows its loading tiles at once): a
 * named place or coordinates. The current location waits for the browser's answer and shows
 * nothing meanwhile, nor does a carousel without a place (merchant-carousel.tsx).
 */
function searchesAtOnce(query: MerchantCarouselProps['query']): boolean {
  const get = (key: string): string => {
    const v = typeof query === 'string' ? new URLSearchParams(query).get(key) : query[key];
    return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
  };
  const location = get('location');
  if (location) return location.toLowerCase() !== CURRENT_LOCATION.toLowerCase();
  return get('latitude') !== '' && get('longitude') !== '';
}

/** The carousel's loading look, in its place and size, until its code arrives: nothing moves when it does. */
function CarouselPlaceholder({ title, query, headingLevel = 2 }: MerchantCarouselProps) {
  if (!searchesAtOnce(query)) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={styles.carousel} aria-busy="true">
      <div className={styles.header} style={{ minHeight: 40 }}>
        <Heading className={styles.title}>{title}</Heading>
      </div>
      <ul className={styles.list} aria-label={`Loading ${title}`}>
        {Array.from({ length: PLACEHOLDER_TILES }, (_, i) => (
          <li key={i} className={styles.placeholder} style={{ width: PLACEHOLDER_TILE_WIDTH }} aria-hidden="true" />
        ))}
      </ul>
    </section>
  );
}

/** §2 merchant carousel (merchant-carousel.tsx), loaded after the first paint, drawn in its turn. */
export function MerchantCarousel(props: MerchantCarouselProps) {
  const [turn, done] = useIdleTurn();
  if (!turn) return <CarouselPlaceholder {...props} />;
  return (
    <DeferredPart fallback={<CarouselPlaceholder {...props} />}>
      <Carousel {...props} />
      <TurnTaken onTaken={done} />
    </DeferredPart>
  );
}
