import type { FieldErrors, FieldValues, Path, PathValue, RegisterOptions, Resolver, UseFormGetValues, UseFormRegister, UseFormRegisterReturn, UseFormSetError, UseFormSetValue, UseFormTrigger } from 'react-hook-form';
import type { ErrorCode } from '#shared/schemas/common';
import { ApiError } from './api';

/**
 * The pieces every member form shares (react-hook-form): trimmed text fields, rule-function
 * validation, and the server's field errors placed on their fields.
 */

const trim = (value: string) => value.trim();

/**
 * The one trim-on-blur of the forms (§5: text values are trimmed): the blur handler tidies the
 * field's value (trimmed by default; `transform` may also format it) and hands the new value on,
 * saying whether it changed, so the form stores it and validates. `registerTrimmed` is this for
 * react-hook-form fields; a form that keeps its own state uses it directly.
 */
export function trimOnBlur<E extends { target: unknown }, R>(commit: (value: string, changed: boolean, event: E) => R, transform: (value: string) => string = trim) {
  return (event: E): R => {
    const raw = String((event.target as HTMLInputElement).value);
    const next = transform(raw);
    return commit(next, next !== raw, event);
  };
}

type TrimmedOptions<V extends FieldValues, N extends Path<V>> = RegisterOptions<V, N> & {
  /** What the value becomes when the field loses focus; default: trimmed (§5 text values). */
  transform?: (value: string) => string;
  /** After react-hook-form's own blur handling (its validation in onBlur mode), with the new value. */
  afterBlur?: (value: string) => void;
};

/**
 * `register` for a text field whose value is trimmed (or otherwise tidied, e.g. a formatted phone
 * number) when it loses focus, before react-hook-form validates it on blur.
 */
export function registerTrimmed<V extends FieldValues, N extends Path<V>>(
  form: { register: UseFormRegister<V>; setValue: UseFormSetValue<V> },
  name: N,
  { transform, afterBlur, ...options }: TrimmedOptions<V, N> = {},
): UseFormRegisterReturn<N> {
  const reg = form.register(name, options as RegisterOptions<V, N>);
  const onBlur = trimOnBlur(async (next, changed, event: Parameters<typeof reg.onBlur>[0]) => {
    if (changed) form.setValue(name, next as PathValue<V, N>);
    await reg.onBlur(event);
    afterBlur?.(next);
  }, transform);
  return { ...reg, onBlur };
}

/** One check per field: the message for the person, or null when the value is fine. */
export type FieldRules<V extends FieldValues> = { [K in keyof V]?: (value: V[K], values: V) => string | null | undefined };

/**
 * A react-hook-form resolver built from plain rule functions (src/shared/rules), so the forms
 * validate like the server without pulling zod into the bundle. Only registered fields are
 * checked (fields a partner does not show are never in the way). `rules` may be a function, read
 * at each validation, so it can see the latest partner options and server-side check results.
 */
export function rulesResolver<V extends FieldValues>(rules: FieldRules<V> | (() => FieldRules<V>)): Resolver<V> {
  return (values, _context, options) => {
    const current = typeof rules === 'function' ? rules() : rules;
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, check] of Object.entries(current) as Array<[keyof V & string, ((v: unknown, all: V) => string | null | undefined) | undefined]>) {
      if (!check || !(name in options.fields)) continue;
      const message = check(values[name], values);
      if (message) errors[name] = { type: 'rule', message };
    }
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

/** The `code` of an error answer ('locked', 'fixCredentials', 'alreadyMember' …): what the client branches on. */
export function errorCode(err: unknown): ErrorCode | undefined {
  if (!(err instanceof ApiError) || typeof err.body !== 'object' || err.body === null) return undefined;
  const code = (err.body as { code?: unknown }).code;
  return typeof code === 'string' ? (code as ErrorCode) : undefined;
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

/** Server field names of the member answer's nested address, as the forms name them. */
export const ADDRESS_FIELD_NAMES: Record<string, string> = {
  'address.address1': 'address1',
  'address.address2': 'address2',
  'address.city': 'city',
  'address.state': 'state',
  'address.zipCode': 'zipCode',
};

/**
 * `register` for a field another one is checked against (a password and its confirmation): once
 * the form was submitted, changing it checks the other again. Call it while rendering.
 */
export function registerChecking<V extends FieldValues, N extends Path<V>>(
  form: { register: UseFormRegister<V>; getValues: UseFormGetValues<V>; trigger: UseFormTrigger<V>; formState: { isSubmitted: boolean } },
  name: N,
  other: Path<V>,
): UseFormRegisterReturn<N> {
  const reg = form.register(name);
  const submitted = form.formState.isSubmitted;
  return {
    ...reg,
    onChange: async (event) => {
      await reg.onChange(event);
      if (submitted && form.getValues(other)) void form.trigger(other);
    },
  };
}
