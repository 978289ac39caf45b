import { queryOptions } from '@tanstack/react-query';
import { CONTENT_NAMES, CONTENT_PAGE_SIZE, type ContentName } from '#shared/constants/cms';
import { queryKeys } from '#shared/first-screen';
import type { CmsResponse } from '#shared/schemas/cms';
import { api } from '../../lib/api';

export function contentPath(cmsRoute: string, name: ContentName) {
  return `${cmsRoute.replace(/\/$/, '')}/pages/${encodeURIComponent(name)}/`;
}

/** §4 content load: fetched once, no retry, never stale (the page usually brings them: lib/query-client seedFirstScreen). */
export function contentQueryOptions(cmsRoute: string, name: ContentName, preview: boolean) {
  return queryOptions({
    queryKey: queryKeys.content(name, preview),
    queryFn: () => api<CmsResponse>(contentPath(cmsRoute, name), { query: { page_size: CONTENT_PAGE_SIZE, preview: preview ? 1 : undefined } }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export const ALL_CONTENT_NAMES = CONTENT_NAMES;
