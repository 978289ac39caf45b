import { API_PATHS } from '#shared/api-paths';
import { call } from '#client/lib/api';
import { useFragmentGrant } from '#client/components/use-fragment-grant';
import { Spinner } from '#client/components/spinner';
import { StatusPage } from '#client/components/status-page';

/** Leaves with a full page load, so the page and its content come again with the drafts. An object so tests can watch it. */
export const previewExit = {
  go(path: string) {
    window.location.replace(path);
  },
};

/** The page to open with drafts shown: the grant's path with ?preview=1 added. */
export function previewAddress(path: string): string {
  const url = new URL(path, 'http://site.invalid');
  url.searchParams.set('preview', '1');
  return `${url.pathname}${url.search}`;
}

/**
 * /preview#<grant>: the window the operator console opened for a content preview (§6 cmsPreview,
 * docs/features/console.md#content). The grant (in the fragment: never sent in an address or a
 * Referer) opens a draft preview session of this browser once; the page then opens with
 * ?preview=1, and the partner's drafts replace its published items, as members would see them.
 */
export function PreviewRoute() {
  const problem = useFragmentGrant(async (token) => {
    const answer = await call(API_PATHS.startContentPreview, { body: { token } });
    previewExit.go(previewAddress(answer.path));
  }, 'The preview could not be opened. Please try again from the console.');
  if (problem) return <StatusPage title="This preview could not be opened">{problem}</StatusPage>;
  return <Spinner block size="large" label="Opening the preview" />;
}
