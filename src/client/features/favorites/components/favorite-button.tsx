import { useEffect, useRef, useState } from 'react';
import { DeferredPart } from '#client/components/deferred-part';
import { lazyScreen } from '#client/components/lazy-screen';
import type { MerchantSummary } from '#shared/schemas/merchant';
import { offersFavorites } from '#shared/rules/partner-features';
import { ApiError } from '#client/lib/api';
import { usePartner } from '#client/lib/partner';
import { useToast } from '#client/components/toast';
import { useMember } from '../../session';
import { takePendingFavorite, useFavorites, useToggleFavorite } from '../api';
import { HeartIcon } from './heart-icon';
import styles from './favorite-button.module.css';

// Only a visitor who presses the heart sees it: not in the first load of the pages with tiles.
const SignInToSave = lazyScreen(() => import('./sign-in-to-save'), 'SignInToSave');

export type FavoriteButtonProps = {
  merchant: MerchantSummary;
  /** 'overlay' sits on a tile's photo; 'inline' next to the restaurant page's name. */
  variant?: 'overlay' | 'inline';
};

/**
 * The heart (issue 11, partners with merchant favourites): a toggle button (aria-pressed) named
 * after the restaurant. A member's press shows at once and is undone if the call fails; a visitor
 * is asked to sign in, comes back to the same page and finds the restaurant added.
 */
export function FavoriteButton(props: FavoriteButtonProps) {
  const partner = usePartner();
  return offersFavorites(partner) ? <Heart {...props} /> : null;
}

function Heart({ merchant, variant = 'overlay' }: FavoriteButtonProps) {
  const { member, isLoading } = useMember();
  const favorites = useFavorites(Boolean(member));
  const toggle = useToggleFavorite();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pressed = Boolean(favorites.data?.favorites.some((f) => f.merchant.id === merchant.id));

  const change = (favorite: boolean) => {
    toggle.mutate({ merchant, favorite }, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) {
          setAsking(true);
          return;
        }
        toast.show({
          kind: 'error',
          message: error instanceof ApiError && error.status === 409 ? error.message : `We couldn't ${favorite ? 'save' : 'remove'} ${merchant.name} ${favorite ? 'to' : 'from'} your favorites. Please try again.`,
        });
      },
    });
  };

  // Back from signing in: the restaurant the visitor hearted is added once the list is known.
  const applied = useRef(false);
  useEffect(() => {
    if (!member || !favorites.data || applied.current) return;
    applied.current = true;
    if (takePendingFavorite(merchant.id) && !favorites.data.favorites.some((f) => f.merchant.id === merchant.id)) change(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [member, favorites.data, merchant.id]);

  const onClick = () => {
    if (isLoading) return;
    if (!member) {
      setAsking(true);
      return;
    }
    if (!favorites.data) return;
    change(!pressed);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={`${styles.heart} ${variant === 'inline' ? styles.inline : styles.overlay}`}
        aria-pressed={pressed}
        aria-label={`Favorite ${merchant.name}`}
        title={pressed ? 'Remove from favorites' : 'Save to favorites'}
        onClick={onClick}
        data-favorite-merchant={merchant.id}
      >
        <HeartIcon filled={pressed} />
        {/* The visible word is part of the button's name (WCAG 2.5.3, label in name); the filled heart and aria-pressed tell the state. */}
        {variant === 'inline' && <span aria-hidden="true">Favorite</span>}
      </button>
      {asking && (
        <DeferredPart>
          <SignInToSave merchant={merchant} onClose={() => setAsking(false)} returnFocusRef={buttonRef} />
        </DeferredPart>
      )}
    </>
  );
}
