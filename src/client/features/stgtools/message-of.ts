import { ApiError } from '../../lib/api';

/** The reason a staging call failed, for its toast or alert. */
export function messageOf(err: unknown): string {
  return err instanceof ApiError || err instanceof Error ? err.message : 'Something went wrong.';
}
