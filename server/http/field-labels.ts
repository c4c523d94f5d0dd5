import { readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { Locale } from '../../contract/locale';

/** Field labels by field name, in one language. */
export type FieldLabels = Readonly<Record<string, string>>;
/** Where a route's field labels come from, per language. */
export type FieldLabelSource = (locale: Locale) => FieldLabels;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The labels error answers name this route's fields by, so an operator reads "场景编码 已存在"
     * rather than the body's key. Route config costs nothing on requests that succeed.
     */
    fieldLabels?: FieldLabelSource;
  }
}

export const NO_LABELS: FieldLabels = Object.freeze({});

const NAMESPACE_RE = /^[a-z][A-Za-z0-9-]*$/;
const fromFiles = new Map<string, FieldLabels>();

/**
 * The console's own field labels of a locale namespace (`fields` of
 * src/locales/<locale>/<namespace>.json), read once: the server words a field as the form
 * showing it does. A namespace without a file has no labels (answers then use field names).
 */
export function namespaceLabels(namespace: string): FieldLabelSource {
  return (locale) => {
    const key = `${locale}/${namespace}`;
    let labels = fromFiles.get(key);
    if (!labels) {
      labels = NO_LABELS;
      if (NAMESPACE_RE.test(namespace)) {
        try {
          const url = new URL(`../../src/locales/${locale}/${namespace}.json`, import.meta.url);
          const fields = (JSON.parse(readFileSync(url, 'utf8')) as { fields?: unknown }).fields;
          if (fields && typeof fields === 'object') labels = onlyTexts(fields);
        } catch {
          // No locale file: field names it is.
        }
      }
      fromFiles.set(key, labels);
    }
    return labels;
  };
}

function onlyTexts(fields: object): FieldLabels {
  return Object.freeze(
    Object.fromEntries(
      Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'),
    ),
  );
}

/** Labels set for one request: configured resources share one route, so theirs come per call. */
const perRequest = new WeakMap<FastifyRequest, FieldLabelSource>();

/** Names this request's fields by `source` in its error answers (beyond the route's config). */
export function labelFieldsOf(request: FastifyRequest, source: FieldLabelSource): void {
  perRequest.set(request, source);
}

/** The labels a request's error answer names fields by, in `locale`. */
export function fieldLabelsOf(request: FastifyRequest, locale: Locale): FieldLabels {
  const source = perRequest.get(request) ?? request.routeOptions?.config?.fieldLabels;
  return source ? source(locale) : NO_LABELS;
}

/**
 * A field path as an operator reads it: its label, or a nested path's first key labelled
 * (`变量.0.name`); a field without a label keeps its name. Own keys only: a body's key may be
 * `constructor` or `__proto__`.
 */
export function labelOf(labels: FieldLabels, field: string): string {
  if (Object.hasOwn(labels, field)) return labels[field]!;
  const dot = field.indexOf('.');
  if (dot > 0) {
    const head = field.slice(0, dot);
    if (Object.hasOwn(labels, head)) return `${labels[head]!}${field.slice(dot)}`;
  }
  return field;
}
