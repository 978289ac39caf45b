import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api';

/** The `code` of an error answer ('locked', 'fixCredentials', 'alreadyMember' …). */
export function errorCode(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || typeof err.body !== 'object' || err.body === null) return undefined;
  const code = (err.body as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Puts the server's field errors on the form's fields and focuses the first of them in the order
 * the fields appear (§8). Field errors for fields the form does not show are returned, so the
 * caller can show them in the banner.
 */
export function applyServerFieldErrors<V extends FieldValues>(opts: {
  err: unknown;
  form: HTMLFormElement | null;
  setError: UseFormSetError<V>;
  /** Server field name → form field name, where they differ. */
  rename?: Record<string, string>;
}): { placed: number; unplaced: string[] } {
  if (!(opts.err instanceof ApiError) || opts.err.fieldErrors.length === 0) return { placed: 0, unplaced: [] };
  const form = opts.form;
  const names = new Set<string>();
  const unplaced: string[] = [];
  for (const fe of opts.err.fieldErrors) {
    const name = opts.rename?.[fe.field] ?? fe.field;
    const present = form ? Array.from(form.elements).some((el) => (el as HTMLInputElement).name === name) : false;
    if (!present) {
      unplaced.push(fe.message);
      continue;
    }
    if (names.has(name)) continue;
    names.add(name);
    opts.setError(name as Path<V>, { type: 'server', message: fe.message });
  }
  if (form && names.size > 0) {
    const first = Array.from(form.elements).find((el) => names.has((el as HTMLInputElement).name)) as HTMLElement | undefined;
    first?.focus();
  }
  return { placed: names.size, unplaced };
}
