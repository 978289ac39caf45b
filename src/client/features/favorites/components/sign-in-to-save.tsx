import type { RefObject } from 'react';
import type { MerchantSummary } from '#shared/schemas/merchant';
import { SignInPrompt } from '../../session';
import { savePendingFavorite } from '../api';

/** The visitor's question: sign in (or join) to keep favourites; the page and the restaurant are remembered. */
export function SignInToSave({ merchant, onClose, returnFocusRef }: { merchant: MerchantSummary; onClose: () => void; returnFocusRef: RefObject<HTMLButtonElement | null> }) {
  return (
    <SignInPrompt
      title="Sign in to save favorites"
      back={() => `${window.location.pathname}${window.location.search}`}
      remember={() => savePendingFavorite(merchant.id)}
      onClose={onClose}
      returnFocusRef={returnFocusRef}
    >
      <p>{`Sign in to save ${merchant.name} to your favorites. You'll come back here, with it saved.`}</p>
    </SignInPrompt>
  );
}
