import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

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
