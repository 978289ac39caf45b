import { useEffect, useRef } from 'react';
import { Link, useLocation } from '#client/lib/router';
import { useQuery } from '@tanstack/react-query';
import { paths } from '#shared/routes';
import { Spinner } from '#client/components/spinner';
import { partnerNumbersQueryOptions } from '../api';
import { messageOf } from '../message-of';
import { PARTNER_NUMBERS_ANCHOR } from '../../enrollment';
import { ToolSection } from './tool-section';
import styles from './stgtools.module.css';


/**
 * Partner numbers a newcomer can join with: valid (their check character is right) and used by no
 * member of this partner, so the joining form can be finished without a real membership.
 */
export function PartnerNumbers() {
  const query = useQuery(partnerNumbersQueryOptions());
  const label = query.data?.label ?? 'Partner number';
  const { hash } = useLocation();
  const sectionRef = useRef<HTMLElement>(null);
  const loaded = !!query.data;
  // Arriving from the joining form's link (…/stgtools#partner-numbers): the route's scroll to top
  // ran first, so bring the section into view once it has its numbers.
  useEffect(() => {
    if (loaded && hash === `#${PARTNER_NUMBERS_ANCHOR}`) sectionRef.current?.scrollIntoView?.();
  }, [loaded, hash]);
  return (
    <ToolSection ref={sectionRef} id={PARTNER_NUMBERS_ANCHOR} title={`${label}s to join with`} query={query} refreshLabel="Draw new ones">
      {query.isPending && <Spinner label={`Loading ${label.toLowerCase()}s`} />}
      {query.isError && <p role="alert">The numbers could not be loaded: {messageOf(query.error)}</p>}
      {query.data && !query.data.asked && <p>Joining on this partner asks for no {label.toLowerCase()}.</p>}
      {query.data?.asked && (
        <>
          <p>
            Valid {label.toLowerCase()}s (the last character is the check character) that no member of this partner uses. Copy one into the{' '}
            <Link to={paths.join()}>joining form</Link>; a number is taken once someone joins with it.
          </p>
          <ul className={styles.numbers} aria-label={`${label}s to join with`}>
            {query.data.numbers.map((n) => (
              <li key={n}>
                <code>{n}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </ToolSection>
  );
}
