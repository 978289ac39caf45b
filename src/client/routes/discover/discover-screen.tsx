import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '#client/lib/router';
import { useContent, useContentItem } from '../../features/content/content-provider';
import { str } from '#shared/rules/content-fields';
import { paths } from '#shared/routes';
import { usePartner } from '../../lib/partner';
import { useMember } from '../../features/session';
import { memberFromStanding, vipWithinReach } from '#shared/rules/rewards/policy';
import { Button } from '../../components/button';
import { ContentBlocks } from '../../features/content-page/content-blocks';
import { RichText, stripTags } from '../../components/rich-text';
import { TextField } from '../../components/text-field';
import { useDocumentTitle } from '../../components/use-document-title';
import styles from './discover.module.css';

/** §5 copy for a missing location. */
export const LOCATION_REQUIRED_MESSAGE = 'Enter city, state or ZIP code.';

/** /search URL of the discover search box. */
export function discoverSearchHref(location: string, restaurantOrCuisine: string): string {
  return paths.search({ location: location.trim(), restaurantOrCuisine: restaurantOrCuisine.trim() || undefined });
}

/**
 * §2 Discover's greeting: the reader's own rate ({{memberEarning}}); the `greeting_vip` variant,
 * which may hold VIP out, only where dining can take this reader there (policy vipWithinReach).
 */
export function discoverGreeting(fields: Record<string, unknown>, vipInReach: boolean, fallbackRate: string): string {
  return (vipInReach ? str(fields.greeting_vip) : '') || str(fields.greeting) || `Earn ${fallbackRate} at restaurants near you.`;
}

/** §2 Discover: greeting with the earn rate, a search box, and the content's carousels. */
export function DiscoverScreen() {
  const partner = usePartner();
  const fields = useContentItem('discover', 'discover') ?? {};
  const labels = useContentItem('*', 'labels') ?? {};
  const navigate = useNavigate();
  const [location, setLocation] = useState('');
  const [cuisine, setCuisine] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const locationRef = useRef<HTMLInputElement>(null);
  const promptId = useId();
  const { member } = useMember();
  const { copy } = useContent();
  const greeting = discoverGreeting(fields, vipWithinReach(partner, member ? memberFromStanding(member) : null), copy('{{memberEarning}}'));
  const prompt = str(fields.search_prompt);
  const browserTitle = str(fields.browser_title);
  useDocumentTitle(browserTitle ? stripTags(browserTitle) : null);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    if (!location.trim()) {
      setError(LOCATION_REQUIRED_MESSAGE);
      locationRef.current?.focus();
      return;
    }
    navigate(discoverSearchHref(location, cuisine));
  };

  return (
    <>
      <div className={styles.hero}>
        <div className={`container ${styles.heroInner}`}>
          <h1>
            <RichText html={greeting} inline />
          </h1>
          {prompt && (
            <p className={styles.prompt} id={promptId}>
              <RichText html={prompt} inline />
            </p>
          )}
          <form
            role="search"
            aria-label="Search restaurants"
            aria-describedby={prompt ? promptId : undefined}
            className={styles.form}
            onSubmit={onSubmit}
            noValidate
          >
            <TextField
              ref={locationRef}
              label="Location"
              required
              name="location"
              autoComplete="address-level2"
              placeholder={str(labels.search_location_placeholder) || 'City, state or ZIP'}
              value={location}
              error={error}
              onChange={(e) => {
                setLocation(e.target.value);
                if (submitted) setError(e.target.value.trim() ? null : LOCATION_REQUIRED_MESSAGE);
              }}
            />
            <TextField
              label="Restaurant or cuisine"
              name="restaurantOrCuisine"
              autoComplete="off"
              placeholder={str(labels.search_cuisine_placeholder) || 'Restaurant or cuisine'}
              value={cuisine}
              onChange={(e) => setCuisine(e.target.value)}
            />
            <Button type="submit" className={styles.submit}>
              Search
            </Button>
          </form>
        </div>
      </div>
      <div className={`container ${styles.content}`}>
        <ContentBlocks blocks={fields.main_column} />
      </div>
    </>
  );
}
