import fc from 'fast-check';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { arbitraryFor, ODD_STRINGS, withHint, wrongValue, type Components, type Hints, type JsonSchema } from './json-schema-arbitrary';

/**
 * Schema-driven fuzzing of the OpenAPI document the app serves (src/server/openapi-fuzz.test.ts):
 * requests drawn from each operation's parameter and body schemas, valid and broken, sent in the
 * ways a client can (signed in or not, with or without the anti-forgery token, on a partner's host,
 * another partner's or none), and a check of every answer against the response documented for its
 * status code.
 */

type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: JsonSchema };
type MediaTypes = Record<string, { schema?: JsonSchema }>;
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: MediaTypes };
  responses: Record<string, { description?: string; content?: MediaTypes; headers?: Record<string, unknown> }>;
  security?: Array<Record<string, unknown>>;
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Components } };
export type DocumentedOperation = { method: string; path: string; id: string; operation: Operation };

export function operationsOf(doc: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, id: operation.operationId ?? `${method} ${path}`, operation })));
}

/** Who sends the request: nobody signed in, the signed-in member, and each without or with the token. */
export type Caller = 'anonymous' | 'anonymous+token' | 'member' | 'member-no-token';
export type FuzzRequest = {
  caller: Caller;
  host: 'own' | 'other-partner' | 'unknown';
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What was drawn, for the failure message. */
  drawn: { path: Record<string, string>; query: Array<[string, string]>; body?: unknown; bodyKind: BodyKind };
};
type BodyKind = 'json' | 'none' | 'broken-json' | 'text/plain' | 'huge';

/** Lone surrogates become U+FFFD, as a browser's UTF-8 encoding of a URL makes them. */
const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** A value as a client puts it into a URL (arrays repeat the key). */
function queryStrings(value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((v) => queryStrings(v));
  if (value === null) return ['null'];
  if (typeof value === 'object') return [JSON.stringify(value)];
  return [String(value)];
}

const oddParam = fc.oneof(fc.constantFrom(...ODD_STRINGS.filter((s) => s.length < 10_000)), fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }), fc.constant('9'.repeat(300)));

/** The request arbitrary of one operation: `mode` valid draws schema-valid input only; fuzzed breaks it too. */
export function requestArbitrary(op: DocumentedOperation, components: Components, mode: 'valid' | 'fuzzed', hints: Hints = {}): fc.Arbitrary<FuzzRequest> {
  const params = op.operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const headerParams = params.filter((p) => p.in === 'header');
  const pathArb = fc.record(Object.fromEntries(pathParams.map((p) => {
    const value = withHint(arbitraryFor(p.schema ?? { type: 'string' }, components, 'valid', 0, hints), hints[p.name]).map((v) => queryStrings(v)[0] ?? '');
    // An empty segment would be another address altogether (or the page router's): one character at least.
    const drawn = mode === 'valid' ? value : fc.oneof({ arbitrary: value, weight: 4 }, { arbitrary: oddParam, weight: 1 });
    return [p.name, drawn.map((v) => (v === '' ? ' ' : v))];
  })));
  const queryModel = (list: Parameter[]) => Object.fromEntries(list.map((p) => {
    const value = withHint(arbitraryFor(p.schema ?? { type: 'string' }, components, mode, 0, hints), hints[p.name]).map(queryStrings);
    const drawn = mode === 'valid' ? value : fc.oneof({ arbitrary: value, weight: 4 }, { arbitrary: fc.array(oddParam, { minLength: 1, maxLength: 2 }), weight: 1 });
    return [p.name, drawn];
  }));
  const required = queryParams.filter((p) => p.required);
  const allQuery = fc.record(queryModel(queryParams), { requiredKeys: mode === 'valid' ? required.map((p) => p.name) : [] });
  // Valid requests also come with the required parameters alone: a dozen optional ones drawn at
  // once almost always hold one the server's own checks refuse.
  const queryArb = mode === 'valid' ? fc.oneof(allQuery, fc.record(queryModel(required))) : allQuery;
  const extraQuery = mode === 'valid' ? fc.constant([] as Array<[string, string]>) : fc.array(fc.tuple(fc.constantFrom('unknown', '__proto__', 'constructor', 'a[b]'), oddParam), { maxLength: 1 });
  const headerArb = fc.record(Object.fromEntries(headerParams.map((p) => [p.name, fc.oneof(fc.string({ minLength: 1, maxLength: 40 }).map((s) => s.replace(/[^\x21-\x7e]/g, 'x')), fc.uuid())])), { requiredKeys: [] });

  const bodySchema = op.operation.requestBody?.content?.['application/json']?.schema;
  // A call that takes no body may still be sent one: the server reads bodies on these methods anyway.
  const bodyReading = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].includes(op.method.toUpperCase());
  const bodyArb: fc.Arbitrary<{ kind: BodyKind; value?: unknown }> = !bodySchema
    ? mode === 'fuzzed' && bodyReading
      ? fc.oneof(
        { arbitrary: fc.constant({ kind: 'none' as const }), weight: 6 },
        { arbitrary: wrongValue.map((value) => ({ kind: 'json' as const, value })), weight: 1 },
        { arbitrary: fc.constantFrom<{ kind: BodyKind }>({ kind: 'broken-json' }, { kind: 'text/plain' }, { kind: 'huge' }), weight: 2 },
      )
      : fc.constant({ kind: 'none' as const })
    : mode === 'valid'
      ? arbitraryFor(bodySchema, components, 'valid', 0, hints).map((value) => ({ kind: 'json' as const, value }))
      : fc.oneof(
        { arbitrary: arbitraryFor(bodySchema, components, 'fuzzed', 0, hints).map((value) => ({ kind: 'json' as const, value })), weight: 12 },
        { arbitrary: wrongValue.map((value) => ({ kind: 'json' as const, value })), weight: 2 },
        { arbitrary: fc.constantFrom<{ kind: BodyKind }>({ kind: 'none' }, { kind: 'broken-json' }, { kind: 'text/plain' }, { kind: 'huge' }), weight: 2 },
      );

  const callers: Caller[] = ['member', 'member', 'anonymous', 'anonymous+token', 'member-no-token'];
  const hostArb = mode === 'valid' ? fc.constant('own' as const) : fc.oneof({ arbitrary: fc.constant('own' as const), weight: 10 }, { arbitrary: fc.constantFrom('other-partner' as const, 'unknown' as const), weight: 1 });

  return fc.record({ caller: fc.constantFrom(...callers), host: hostArb, path: pathArb, query: queryArb, extra: extraQuery, headers: headerArb, body: bodyArb }).map((d) => {
    const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(wellFormed(String(d.path[name]))));
    const query: Array<[string, string]> = [
      ...Object.entries(d.query as Record<string, string[]>).flatMap(([k, values]) => values.map((v) => [k, v] as [string, string])),
      ...d.extra,
    ];
    const search = new URLSearchParams(query).toString();
    const headers: Record<string, string> = { ...(d.headers as Record<string, string>) };
    let payload: string | undefined;
    switch (d.body.kind) {
      case 'json':
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(d.body.value) ?? 'null';
        break;
      case 'broken-json':
        headers['content-type'] = 'application/json';
        payload = '{"a": ';
        break;
      case 'text/plain':
        headers['content-type'] = 'text/plain';
        payload = 'hello';
        break;
      case 'huge':
        headers['content-type'] = 'application/json';
        payload = JSON.stringify({ value: 'x'.repeat(2 * 1024 * 1024) });
        break;
      case 'none':
        break;
    }
    return {
      caller: d.caller, host: d.host, method: op.method, url: search ? `${url}?${search}` : url, headers, payload,
      drawn: { path: d.path as Record<string, string>, query, body: d.body.value, bodyKind: d.body.kind },
    };
  });
}

/** OpenAPI 3.0 schema → JSON Schema (draft 2020-12 as ajv reads it): nullable, boolean exclusive bounds, $ref into $defs. */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const s: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === '$ref' && typeof v === 'string') s.$ref = v.replace('#/components/schemas/', '#/$defs/');
    else if (k === 'properties' || k === 'patternProperties') s[k] = Object.fromEntries(Object.entries(v as object).map(([name, sub]) => [name, toJsonSchema(sub)]));
    else if (k === 'example' || k === 'examples' || k.startsWith('x-')) continue;
    else s[k] = toJsonSchema(v);
  }
  if (s.exclusiveMinimum === true) { s.exclusiveMinimum = s.minimum; delete s.minimum; } else if (s.exclusiveMinimum === false) delete s.exclusiveMinimum;
  if (s.exclusiveMaximum === true) { s.exclusiveMaximum = s.maximum; delete s.maximum; } else if (s.exclusiveMaximum === false) delete s.exclusiveMaximum;
  if (s.nullable === true) {
    delete s.nullable;
    return { anyOf: [s, { type: 'null' }] };
  }
  delete s.nullable;
  return s;
}

const addFormats = addFormatsImport as unknown as (ajv: Ajv) => Ajv;

/** Checks answers against the responses the document gives for their status codes. */
export class ResponseChecker {
  private readonly ajv = addFormats(new Ajv({ strict: false, allErrors: true, validateFormats: true }));
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly defs: Record<string, unknown>;

  constructor(doc: OpenApiDocument) {
    this.defs = Object.fromEntries(Object.entries(doc.components?.schemas ?? {}).map(([name, s]) => [name, toJsonSchema(s)]));
  }

  /** Problems with the answer (an empty list: it is what the document says). */
  check(op: DocumentedOperation, res: LightMyRequestResponse): string[] {
    const status = res.statusCode;
    if (status >= 500) return [`answered ${status} (a server error): ${res.body.slice(0, 300)}`];
    const documented = op.operation.responses[String(status)] ?? op.operation.responses[`${String(status)[0]}XX`] ?? op.operation.responses.default;
    if (!documented) return [`answered ${status}, which the document does not list (it lists ${Object.keys(op.operation.responses).join(', ')}): ${res.body.slice(0, 200)}`];
    const contentType = String(res.headers['content-type'] ?? '').split(';')[0]!.trim();
    const media = documented.content;
    if (!media || Object.keys(media).length === 0) {
      if (status === 302 && !res.headers.location) return ['answered 302 without Location'];
      if (status !== 302 && status !== 204 && res.body.length > 0 && contentType) return [`answered ${status} with a ${contentType} body where the document describes none`];
      return [];
    }
    const entry = media[contentType];
    if (!entry) return [`answered ${status} as ${contentType || 'no content type'}, the document says ${Object.keys(media).join(' or ')}: ${res.body.slice(0, 200)}`];
    if (contentType !== 'application/json' && !contentType.endsWith('+json')) return [];
    let body: unknown;
    try {
      body = res.body === '' ? undefined : JSON.parse(res.body);
    } catch {
      return [`answered ${status} with a body that is not JSON: ${res.body.slice(0, 200)}`];
    }
    if (!entry.schema) return [];
    const validate = this.validator(`${op.id} ${status} ${contentType}`, entry.schema);
    if (validate(body)) return [];
    return [`answered ${status} with a body that does not match its documented schema: ${this.ajv.errorsText(validate.errors, { separator: '; ' })}; body ${res.body.slice(0, 300)}`];
  }

  private validator(key: string, schema: JsonSchema): ValidateFunction {
    let v = this.compiled.get(key);
    if (!v) {
      v = this.ajv.compile({ ...(toJsonSchema(schema) as object), $defs: this.defs });
      this.compiled.set(key, v);
    }
    return v;
  }
}

/** The inject options of a drawn request, given the caller's cookies and token. */
export function injectOptions(req: FuzzRequest, auth: { cookie?: string; token?: string }): InjectOptions {
  const headers: Record<string, string> = { ...req.headers };
  if (auth.cookie) headers.cookie = auth.cookie;
  if (auth.token) headers['x-xsrf-token'] = auth.token;
  return { method: req.method as InjectOptions['method'], url: req.url, headers, ...(req.payload !== undefined ? { payload: req.payload } : {}) };
}
