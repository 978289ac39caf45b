import type { MerchantDetail } from '#shared/schemas/merchant';
import { merchantImageUrl } from '#shared/constants/merchant';
import { safeUrl } from '#shared/rules/safe-url';
import { NewTabHint } from '#client/components/smart-link';
import { FEATURE_LABELS, MEAL_LABELS, directionsUrl, formatCoordinates, formatDate, formatPhone, phoneHref, websiteLabel } from '../format';
import { LocationMap } from './location-map';
import { MenuGallery } from './menu-gallery';
import styles from './merchant-detail.module.css';

/** The parts of the merchant page (merchant-detail-view.tsx); `id` makes the page's heading ids. */
type PartProps = { merchant: MerchantDetail; id: (part: string) => string };

/** The hero photo with the Acclaimed and highlight badges. */
export function MerchantHero({ merchant, acclaimed, highlight }: { merchant: MerchantDetail; acclaimed: boolean; highlight: string | null }) {
  return (
    <div className={styles.hero}>
      {/* The page's largest paint: fetched at once, its box reserved by .hero's aspect ratio. */}
      <img
        src={merchantImageUrl(merchant.images.imageBaseUrl, 'hero', merchant.images.imagePath)}
        alt={`Photo of ${merchant.name}`}
        width={1200}
        height={500}
        fetchPriority="high"
      />
      {(acclaimed || highlight) && (
        <div className={styles.badges}>
          {acclaimed && <span className={`${styles.badge} ${styles.acclaimed}`}>Acclaimed</span>}
          {highlight && <span className={styles.badge}>{highlight}</span>}
        </div>
      )}
    </div>

  );
}

/** About, Good to know (dining options, meals), Menu and Events: each only when there is something to say. */
export function MerchantAbout({ merchant, id }: PartProps) {
  return (
    <>
      {merchant.description.trim() && (
        <section className={styles.section} aria-labelledby={id('about')}>
          <h2 id={id('about')}>About</h2>
          {merchant.description.split(/\n{2,}/).map((para, i) => (
            <p key={i}>{para}</p>
          ))}
        </section>
      )}

      {(merchant.features.length > 0 || merchant.mealsServed.length > 0) && (
        <section className={styles.section} aria-labelledby={id('know')}>
          <h2 id={id('know')}>Good to know</h2>
          {merchant.features.length > 0 && (
            <>
              <h3 id={id('features')}>Dining options</h3>
              <ul className={styles.chips} aria-labelledby={id('features')}>
                {merchant.features.map((f) => (
                  <li key={f}>{FEATURE_LABELS[f]}</li>
                ))}
              </ul>
            </>
          )}
          {merchant.mealsServed.length > 0 && (
            <>
              <h3 id={id('meals')}>Meals served</h3>
              <ul className={styles.chips} aria-labelledby={id('meals')}>
                {merchant.mealsServed.map((m) => (
                  <li key={m}>{MEAL_LABELS[m]}</li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}

      {merchant.menuImages.length > 0 && (
        <section className={styles.section} aria-labelledby={id('menu')}>
          <h2 id={id('menu')}>Menu</h2>
          <MenuGallery base={merchant.images.imageBaseUrl} images={merchant.menuImages} merchantName={merchant.name} />
        </section>
      )}

      {merchant.events.length > 0 && (
        <section className={styles.section} aria-labelledby={id('events')}>
          <h2 id={id('events')}>Events</h2>
          <ul className={styles.events}>
            {merchant.events.map((e, i) => (
              <li key={i} className={styles.event}>
                <h3>{e.title}</h3>
                <time className={styles.muted} dateTime={e.date}>
                  {formatDate(e.date, true)}
                </time>
                {e.description && <p>{e.description}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** Location and contact: the map, the address, phone, website, directions and coordinates. */
export function MerchantLocation({ merchant, id }: PartProps) {
  const { location } = merchant;
  const address = location.address;
  const website = merchant.website ? safeUrl(merchant.website) : null;
  return (
    <section className={`${styles.section} ${styles.card}`} aria-labelledby={id('location')}>
      <h2 id={id('location')}>Location and contact</h2>
      <LocationMap merchant={merchant} />
      <address className={styles.address}>
        {address.address1}
        <br />
        {`${address.city}, ${address.state} ${address.zipCode}`.trim()}
        {location.neighborhood && (
          <>
            <br />
            <span className={styles.muted}>{location.neighborhood}</span>
          </>
        )}
      </address>
      <ul className={styles.contact}>
        {merchant.phone.trim() && (
          <li>
            <span className="visually-hidden">Phone: </span>
            <a href={phoneHref(merchant.phone)}>{formatPhone(merchant.phone)}</a>
          </li>
        )}
        {website && (
          <li>
            <a href={website} target="_blank" rel="noopener noreferrer">
              <span className="visually-hidden">Website: </span>
              {websiteLabel(website)}
              <NewTabHint />
            </a>
          </li>
        )}
        <li>
          <a href={directionsUrl(location.latitude, location.longitude)} target="_blank" rel="noopener noreferrer">
            Get directions
            <NewTabHint />
          </a>
        </li>
      </ul>
      <p className={styles.muted}>
        <span className="visually-hidden">Coordinates: </span>
        {formatCoordinates(location.latitude, location.longitude)}
      </p>
    </section>

  );
}
