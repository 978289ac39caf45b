import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON schemas of an OpenAPI 3.0 document (what
 * fastify-type-provider-zod writes: type, enum, const, min/max, exclusive bounds as OpenAPI 3.0
 * booleans or as numbers, minLength/maxLength, pattern, format, items, properties, required,
 * additionalProperties, anyOf/oneOf/allOf, nullable, $ref into components).
 *
 * `valid` draws values the schema accepts; `fuzzed` draws values that mostly follow it but, at any
 * depth, may swap a value for one of another type, null, a huge or odd unicode string, a number
 * out of range, drop a required property or add an unknown one: what a broken or hostile client
 * sends.
 */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  [key: string]: unknown;
};

export type Components = Record<string, JsonSchema>;
/** Known-good values by property name (a ZIP code, a demo member's public id): drawn now and then, so valid requests also reach past the server's own checks. */
export type Hints = Record<string, readonly unknown[]>;

/** Strings a client gets wrong: control characters, odd unicode, injection attempts, numbers in text. */
export const ODD_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\uD800', '\uFFFF', '\u202Eevil', '😀'.repeat(40), 'ß'.repeat(300), 'NaN', '-0', '1e309', '-1', '0x10',
  '9'.repeat(40), 'null', 'true', '[]', '{}', "' or 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '%00', '%E0%A4%A', 'x'.repeat(70_000),
];

const hugeString = fc.constantFrom('x'.repeat(70_000), 'é'.repeat(20_000), '9'.repeat(5_000));
const unicodeString = fc.string({ unit: 'binary', maxLength: 40 });
const oddString = fc.oneof(fc.constantFrom(...ODD_STRINGS), unicodeString, hugeString);
/** A value of any JSON type (and the odd strings): the swap for one that should have had a schema's type. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null), fc.boolean(), fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }), fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER * 4, -1e300, 1e21, 0.5, -1), oddString, fc.constant([]), fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.constant({}), fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

function resolve(schema: JsonSchema, components: Components): JsonSchema {
  let s = schema;
  for (let i = 0; s.$ref && i < 20; i++) {
    const name = s.$ref.replace('#/components/schemas/', '');
    const target = components[name];
    if (!target) throw new Error(`Unknown $ref ${s.$ref}`);
    s = target;
  }
  return s;
}

function lowerBound(s: JsonSchema): { value: number; exclusive: boolean } | undefined {
  if (typeof s.exclusiveMinimum === 'number') return { value: s.exclusiveMinimum, exclusive: true };
  if (s.minimum !== undefined) return { value: s.minimum, exclusive: s.exclusiveMinimum === true };
  return undefined;
}
function upperBound(s: JsonSchema): { value: number; exclusive: boolean } | undefined {
  if (typeof s.exclusiveMaximum === 'number') return { value: s.exclusiveMaximum, exclusive: true };
  if (s.maximum !== undefined) return { value: s.maximum, exclusive: s.exclusiveMaximum === true };
  return undefined;
}

const DATE_TIME = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'email') return fc.emailAddress().filter((e) => e.length <= (s.maxLength ?? 254));
  if (s.format === 'date-time') return DATE_TIME;
  if (s.format === 'date') return DATE_TIME.map((d) => d.slice(0, 10));
  if (s.pattern) {
    const min = s.minLength ?? 0;
    const max = s.maxLength ?? Number.MAX_SAFE_INTEGER;
    // `^[class]+$` with a length range: the range goes into the pattern (filtering the
    // pattern's mostly short strings by length would almost never pass).
    const repeated = /^\^(\[[^\]]+\])[+*]\$$/.exec(s.pattern);
    if (repeated) return fc.stringMatching(new RegExp(`^${repeated[1]}{${Math.max(min, s.pattern.endsWith('+$') ? 1 : 0)},${Math.min(max, min + 60)}}$`));
    return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= max);
  }
  const maxLength = Math.min(s.maxLength ?? 40, 200);
  const minLength = Math.min(s.minLength ?? 0, maxLength);
  const text = [
    { arbitrary: fc.string({ minLength, maxLength }), weight: 3 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }), weight: 1 },
  ];
  // Numbers as text, what query strings and forms carry (where the length allows one).
  if (minLength <= 5 && maxLength >= 1) text.push({ arbitrary: fc.integer({ min: 10 ** Math.max(0, minLength - 1), max: 10 ** Math.min(5, maxLength) - 1 }).map(String), weight: 1 });
  return fc.oneof(...text);
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo = lowerBound(s);
  const hi = upperBound(s);
  if (integer) {
    const min = lo ? Math.ceil(lo.value + (lo.exclusive && Number.isInteger(lo.value) ? 1 : 0)) : -1_000_000;
    const max = hi ? Math.floor(hi.value - (hi.exclusive && Number.isInteger(hi.value) ? 1 : 0)) : 1_000_000;
    const clamp = (n: number) => Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, n));
    // Small values are the interesting ones (ids that exist, page 1); the whole range still shows up.
    return fc.oneof(fc.integer({ min: clamp(Math.max(min, -50)), max: clamp(Math.max(Math.min(max, 200), Math.max(min, -50))) }), fc.maxSafeInteger().map((n) => clamp(min + Math.abs(n) % (max - min + 1))));
  }
  const min = lo?.value ?? -1e6;
  const max = hi?.value ?? 1e6;
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: lo?.exclusive ?? false, maxExcluded: hi?.exclusive ?? false });
}

type Mode = 'valid' | 'fuzzed';

export function arbitraryFor(schema: JsonSchema, components: Components, mode: Mode, depth = 0, hints: Hints = {}): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  const base = validArb(s, components, mode, depth, hints);
  const withNull = s.nullable ? fc.oneof(base, fc.constant(null)) : base;
  if (mode === 'valid') return withNull;
  return fc.oneof({ arbitrary: withNull, weight: 6 }, { arbitrary: wrongValue, weight: 1 });
}

function validArb(s: JsonSchema, components: Components, mode: Mode, depth: number, hints: Hints): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => arbitraryFor(a, components, mode, depth + 1, hints)));
  if (s.allOf) {
    // zod writes allOf for intersections of objects: one object with every part's properties.
    const parts = s.allOf.map((p) => resolve(p, components));
    return objectArb({ type: 'object', properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})), required: parts.flatMap((p) => p.required ?? []) }, components, mode, depth, hints);
  }
  const type = Array.isArray(s.type) ? s.type : s.type ? [s.type] : undefined;
  if (!type) return depth > 3 ? fc.string({ maxLength: 5 }) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...type.map((t) => {
    switch (t) {
      case 'string': return stringArb(s);
      case 'integer': return numberArb(s, true);
      case 'number': return numberArb(s, false);
      case 'boolean': return fc.boolean();
      case 'null': return fc.constant(null);
      case 'array': {
        const items = s.items ? arbitraryFor(s.items, components, mode, depth + 1, hints) : fc.jsonValue({ maxDepth: 1 });
        const maxLength = Math.min(s.maxItems ?? 5, 6);
        return fc.array(items, { minLength: Math.min(s.minItems ?? 0, maxLength), maxLength });
      }
      case 'object': return objectArb(s, components, mode, depth, hints);
      default: return fc.jsonValue({ maxDepth: 1 });
    }
  }));
}

function objectArb(s: JsonSchema, components: Components, mode: Mode, depth: number, hints: Hints): fc.Arbitrary<unknown> {
  const properties = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const keys = Object.keys(properties);
  if (keys.length === 0) {
    const extra = typeof s.additionalProperties === 'object' ? arbitraryFor(s.additionalProperties, components, mode, depth + 1, hints) : fc.string({ maxLength: 8 });
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), extra, { maxKeys: s.additionalProperties === false ? 0 : 3 });
  }
  const model = Object.fromEntries(keys.map((k) => [k, withHint(arbitraryFor(properties[k]!, components, mode, depth + 1, hints), hints[k])]));
  const record = fc.record(model, { requiredKeys: keys.filter((k) => required.has(k)) });
  if (mode === 'valid') return record;
  // Fuzzed: now and then a required property goes missing, or an unknown one comes along.
  return fc.tuple(record, fc.nat({ max: 9 }), fc.constantFrom(...keys), wrongValue).map(([value, roll, key, odd]) => {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    if (roll === 0) delete out[key];
    if (roll === 1) out[`unknown_${key}`] = odd;
    return out;
  });
}

/** The drawn value or, one time in two, a known-good one. */
export function withHint<T>(arbitrary: fc.Arbitrary<T>, hint: readonly unknown[] | undefined): fc.Arbitrary<T> {
  if (!hint || hint.length === 0) return arbitrary;
  return fc.oneof(arbitrary, fc.constantFrom(...hint) as fc.Arbitrary<T>);
}
