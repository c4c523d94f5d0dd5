import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries derived from a route's zod body: a value close to valid (so a mutation
 * lands deep inside the body, past the first type check), and the hostile values and whole
 * payloads the fuzz suite sends.
 */

/** A value the schema is meant to accept; good enough as the base of a mutation. */
export function nearlyValid(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) {
    return fc.option(nearlyValid(schema.unwrap() as z.ZodType, depth + 1), { nil: undefined });
  }
  if (schema instanceof z.ZodOptional) {
    return fc.option(nearlyValid(schema.unwrap() as z.ZodType, depth + 1), { nil: undefined });
  }
  if (schema instanceof z.ZodNullable) {
    return fc.option(nearlyValid(schema.unwrap() as z.ZodType, depth + 1), { nil: null });
  }
  if (schema instanceof z.ZodPipe) return nearlyValid(schema.in as z.ZodType, depth + 1);
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    const fields = Object.fromEntries(
      Object.entries(shape).map(([k, v]) => [k, nearlyValid(v, depth + 1)]),
    );
    return fc.record(fields).map(dropUndefined);
  }
  if (schema instanceof z.ZodArray) {
    return fc.array(nearlyValid(schema.element as z.ZodType, depth + 1), { maxLength: 3 });
  }
  if (schema instanceof z.ZodUnion) {
    return fc.oneof(...(schema.options as z.ZodType[]).map((o) => nearlyValid(o, depth + 1)));
  }
  if (schema instanceof z.ZodEnum) return fc.constantFrom(...(schema.options as unknown[]));
  if (schema instanceof z.ZodLiteral) return fc.constantFrom(...(schema.values as Set<unknown>));
  if (schema instanceof z.ZodBoolean) return fc.boolean();
  if (schema instanceof z.ZodNumber) {
    const min = Math.max(schema.minValue ?? -1000, -2_147_483_648);
    const max = Math.min(schema.maxValue ?? 1000, 2_147_483_647);
    return fc.integer({ min, max });
  }
  if (schema instanceof z.ZodStringFormat && schema.format === 'datetime') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema instanceof z.ZodString) {
    const pattern = patternOf(schema);
    if (pattern) return fc.stringMatching(pattern);
    const min = Math.max(schema.minLength ?? 1, 1);
    const max = Math.max(min, Math.min(schema.maxLength ?? 20, 20));
    return fc.string({ unit: fc.constantFrom(...'abcXYZ019中文'), minLength: min, maxLength: max });
  }
  return fc.constant(null);
}

function patternOf(schema: z.ZodString): RegExp | undefined {
  for (const check of schema.def.checks ?? []) {
    const pattern: unknown = (check._zod.def as { pattern?: unknown }).pattern;
    if (pattern instanceof RegExp) return pattern;
  }
  return undefined;
}

function dropUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/** Text a validator, a database or a terminal may trip on. */
export const UNICODE_EDGES = [
  '\u200b',
  '\u200b\u200c\u200d\u2060\ufeff',
  '\ud800',
  'a\udc00b',
  '\udbff\udfff',
  '\u0000',
  'x\u0000y',
  '\u202eevil',
  '\u2028\u2029',
  'e\u0301\u0301\u0301',
  '𝕏😀👨‍👩‍👧‍👦',
  '\u3164',
  '\u2800',
  '\uffff\ufffe',
  '\u{10ffff}',
  'İı',
  '　',
  '\r\n\t\v\f',
  "'; drop table scenes; --",
  '%00%27',
  '{{constructor.constructor("x")()}}',
  '../../etc/passwd',
  '<script>alert(1)</script>',
];

/** Numbers at and past every bound a field may have, and ones JSON cannot carry exactly. */
export const EDGE_NUMBERS = [
  0,
  -1,
  0.5,
  -0.5,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 31 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  Number.EPSILON,
  1_000_001,
  101,
];

/** Nested arrays or objects, `depth` levels deep. */
export function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** A value of the wrong kind for wherever it lands. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, '', ' ', '0', '-1', '1e3', '0x10', ' 1', '01', []),
  fc.constantFrom(...UNICODE_EDGES),
  fc.constantFrom(...EDGE_NUMBERS),
  fc.constantFrom(256, 1_001, 10_001, 20_001, 200_000).map((n) => 'x'.repeat(n)),
  fc
    .record({ depth: fc.integer({ min: 2, max: 60 }), kind: fc.constantFrom('array', 'object') })
    .map(({ depth, kind }) => nested(depth, kind as 'array' | 'object')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
);

/** Keys that are dangerous as property names, or just unknown. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', ''),
  fc.constantFrom('id', 'version', 'ownerId', 'createdAt', 'isDel', 'role', 'scope'),
  fc.constantFrom(...UNICODE_EDGES),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(300, 10_000).map((n) => 'k'.repeat(n)),
);

/** Every path to a value inside `value` (the root is the empty path). */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  }
  return out;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    return value.map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v));
  }
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaceAt(record[head], rest, replacement) };
}

function removeAt(value: unknown, path: (string | number)[]): unknown {
  if (path.length === 0) return undefined;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    return rest.length
      ? value.map((v, i) => (i === head ? removeAt(v, rest) : v))
      : value.filter((_, i) => i !== head);
  }
  const record = { ...(value as Record<string, unknown>) };
  if (rest.length) record[head] = removeAt(record[head], rest);
  else delete record[head];
  return record;
}

/** One malformed request body: the text sent and the content type it is sent as. */
export interface Payload {
  kind: string;
  text: string;
  contentType: string;
}

const json = (kind: string, value: unknown): Payload => ({
  kind,
  // A lone surrogate is written as a \u escape, which is valid JSON and parses back to it.
  text: JSON.stringify(value) ?? '',
  contentType: 'application/json',
});

/** Text that is not JSON, or JSON that JavaScript reads differently from what it says. */
function rawTexts(base: unknown): fc.Arbitrary<Payload> {
  const text = JSON.stringify(base) ?? 'null';
  return fc.oneof(
    fc.integer({ min: 0, max: Math.max(0, text.length - 1) }).map((n) => ({
      kind: 'truncated',
      text: text.slice(0, n),
      contentType: 'application/json',
    })),
    fc
      .constantFrom(
        '{"current": 1e400}',
        '{"id": 1e400}',
        '{"id": -0}',
        '{"id": NaN}',
        "{'id': 1}",
        '{"id": 1,}',
        '{"id": 1} trailing',
        '\ufeff{"id": 1}',
        '{"id": 1 /* comment */}',
        '{"__proto__": {"isAdmin": true}}',
        '{"constructor": {"prototype": {"x": 1}}}',
        '{"a":"\\ud800"}',
        '"\\u0000"',
        '[',
        '{',
        '}',
        '{"a":',
        'null',
        'true',
        '0',
        '[]',
        '"str"',
        '\u0000',
        '   \n\t ',
      )
      .map((t) => ({ kind: 'raw', text: t, contentType: 'application/json' })),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=latin1',
        'application/json;;;',
        'APPLICATION/JSON',
        '',
      )
      .map((contentType) => ({ kind: 'content-type', text, contentType })),
  );
}

/** Malformed bodies for a route whose body is `schema` (any JSON for routes that take none). */
export function malformedPayload(schema: z.ZodType | undefined): fc.Arbitrary<Payload> {
  const base = schema ? nearlyValid(schema) : fc.constant({});
  return base.chain((value) => {
    const paths = pathsOf(value);
    const at = fc.integer({ min: 0, max: paths.length - 1 }).map((i) => paths[i]!);
    const inner = paths.filter((p) => p.length > 0);
    const mutations: fc.Arbitrary<Payload>[] = [
      fc.tuple(at, hostileValue).map(([path, h]) => json('replaced', replaceAt(value, path, h))),
      fc
        .tuple(at, fc.uniqueArray(hostileKey, { minLength: 1, maxLength: 25 }), hostileValue)
        .map(([path, keys, h]) => {
          const target = pathValue(value, path);
          if (target === null || typeof target !== 'object' || Array.isArray(target)) {
            return json('extra-keys', { ...(value as object), [keys[0]!]: h });
          }
          const extra = Object.fromEntries(keys.map((k) => [k, h]));
          return json('extra-keys', replaceAt(value, path, { ...target, ...extra }));
        }),
      fc.constantFrom(21, 201, 5_000).map((n) =>
        json('many-keys', {
          ...(value as object),
          ...Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])),
        }),
      ),
      hostileValue.map((h) => json('wrong-root', h)),
      fc.constant(json('array-for-object', [value])),
      rawTexts(value),
    ];
    if (inner.length) {
      const removed = fc.integer({ min: 0, max: inner.length - 1 }).map((i) => inner[i]!);
      mutations.push(removed.map((path) => json('removed', removeAt(value, path))));
    }
    return fc.oneof(...mutations);
  });
}

function pathValue(value: unknown, path: (string | number)[]): unknown {
  let v = value;
  for (const p of path) v = (v as Record<string | number, unknown>)[p];
  return v;
}
