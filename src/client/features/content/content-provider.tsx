import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CmsItem, CmsResponse, ContentName } from '#shared/schemas/cms';
import { filterContentItems } from '#shared/rules/content-filters';
import { replaceTokens, replaceTokensDeep, tokenValues } from '#shared/rules/copy-tokens';
import { memberEarningTokens, memberFromStanding } from '#shared/rules/rewards/standing';
import type { Member } from '#shared/schemas/member';
import type { PartnerConfig } from '#shared/schemas/partner';
import { ApiError } from '../../lib/api';
import { usePartner } from '../../lib/partner';
import { useMember } from '../session';
import { ALL_CONTENT_NAMES, contentQueryOptions } from './api';

export type ContentState = {
  pages: Record<ContentName, CmsItem[]>;
  /** True when at least one page failed to load (its copy is empty). */
  failed: boolean;
  /** Replaces copy tokens in a literal string. */
  copy: (text: string) => string;
};

const ContentContext = createContext<ContentState | null>(null);

/** Draft preview is asked for with ?preview=1 and only honoured where the partner allows it. */
export function wantsPreview(search: string, cmsPreview: boolean) {
  return cmsPreview && new URLSearchParams(search).get('preview') === '1';
}

/**
 * The copy tokens of this reader: the partner's (§3) and the reader's own rate (policy
 * memberEarningTokens: the signed-in member's tier now, a visitor's on joining).
 */
export function readerTokenValues(partner: Pick<PartnerConfig, 'copyStates' | 'earnRates' | 'hasVIP' | 'vipQualifyingDines' | 'currencyType'>, member: Member | null) {
  const currency = { type: partner.currencyType, singular: partner.copyStates.currencySingular, plural: partner.copyStates.currencyPlural };
  return { ...tokenValues(partner.copyStates), ...memberEarningTokens(partner, currency, member ? memberFromStanding(member) : null) };
}

/**
 * §4 content load: renders nothing until all eleven content pages have answered, then gives the
 * app the pages with the §3 filtering rules applied and copy tokens replaced, the reader's own rate
 * included once the member is known (the page usually brings them).
 */
export function ContentGate({ children }: { children: ReactNode }) {
  const partner = usePartner();
  const preview = wantsPreview(window.location.search, partner.cmsPreview);
  // One query per content page. The list is a constant, so the hooks are called in the same number
  // and order on every render; useQueries would do the same with ~2 kB more in every first load
  // (TanStack's QueriesObserver, which nothing else uses).
  const results: UseQueryResult<CmsResponse>[] = [];
  for (const name of ALL_CONTENT_NAMES) {
    // eslint-disable-next-line react-hooks/rules-of-hooks
    results.push(useQuery(contentQueryOptions(partner.cmsRoute, name, preview)));
  }
  // The member is not waited for: screens that depend on them show their own skeleton while they
  // load (home), and the copy is made again with their own rate once they are known.
  const { member } = useMember();
  const settled = results.every((r) => !r.isPending);
  const state = useMemo<ContentState | null>(() => {
    if (!settled) return null;
    const values = readerTokenValues(partner, member);
    const pages = {} as Record<ContentName, CmsItem[]>;
    let failed = false;
    ALL_CONTENT_NAMES.forEach((name, i) => {
      const r = results[i]!;
      if (r.isError) {
        failed = true;
        if (r.error instanceof ApiError && r.error.statusText === 'Not Found') console.info(`No content for ${name}`);
        else console.error(`Content ${name} failed to load`, r.error);
      }
      pages[name] = filterContentItems(name, replaceTokensDeep(r.data?.data ?? [], values));
    });
    return { pages, failed, copy: (text: string) => replaceTokens(text, values) };
    // results change identity every render; settled + data identity is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, partner, member?.tierLevel, member?.diningProgress.remainingDines, member === null, ...results.map((r) => r.data)]);
  if (!state) return null;
  return <ContentContext.Provider value={state}>{children}</ContentContext.Provider>;
}

export function ContentProvider({ value, children }: { value: ContentState; children: ReactNode }) {
  return <ContentContext.Provider value={value}>{children}</ContentContext.Provider>;
}

export function useContent(): ContentState {
  const c = useContext(ContentContext);
  if (!c) throw new Error('useContent outside ContentGate');
  return c;
}

/** Items of one content page. */
export function useContentPage(name: ContentName): CmsItem[] {
  return useContent().pages[name];
}

/** Fields of one item of a page by slug, or undefined. */
export function useContentItem(name: ContentName, slug: string): Record<string, unknown> | undefined {
  return useContent().pages[name].find((i) => i.slug === slug)?.fields;
}
