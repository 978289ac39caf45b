import { CLAIM_AFTER_DAYS } from './rewards';

/**
 * §2 Reviews & History's missing-rewards banner, in the words the app's banner shows and the page's
 * skeleton draws before it (server pages/skeleton.ts): its title, then its first paragraph around
 * the link to the claims page.
 *
 * A module of its own: its words go only where the banner and the skeleton are, not into every
 * chunk that reads a rewards constant (/search's first load, whose budget is 120 kB gzip).
 */
export const MISSING_REWARDS_COPY = {
  title: 'Missing rewards?',
  before: `Dines usually show here within a few days. If a dine paid with a linked card is still missing ${CLAIM_AFTER_DAYS} days after you dined, `,
  link: 'claim the missing reward',
  after: ': we look for it in what the card networks sent us, and you can follow your claims there.',
} as const;
