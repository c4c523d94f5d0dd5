import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { z } from 'zod';
import type { IMPORT_FORMATS } from '../../../contract/endpoint-schemas';
import type { Locale } from '../../../contract/locale';
import { LOCALES } from '../../../contract/locale';
import { message } from '../../../contract/messages';
import type { FieldDef } from '../../../contract/resource';
import { tagsSchema, valueSchema } from '../../../contract/resource-schema';
import { corpusItem, MAX_IMPORT_ROWS } from '../../../contract/resources/corpus-item';
import { AppError, invalidField, type PendingIssue } from '../../http/app-error';
import { boundedIssues } from '../../http/issues';
import { namespaceLabels } from '../../http/field-labels';
import { Code } from '../../../contract/envelope';

/** The item fields a file may carry; every other column or key is ignored. */
export const IMPORT_FIELDS = ['question', 'answer', 'recommendedAnswer', 'tags'] as const;
type ImportField = (typeof IMPORT_FIELDS)[number];

/** One item as a file gave it, validated and ready to insert. */
export interface ImportRow {
  question: string;
  answer: string | null;
  recommendedAnswer: string | null;
  tags: string[];
}

/** A row of the file before validation, with the file line it starts on (1-based). */
interface RawRow {
  line: number;
  values?: Record<string, unknown>;
  /** Set when the line could not be read at all (bad quoting, not a JSON object). */
  unreadable?: string;
}

function fieldSchema(name: ImportField): z.ZodType {
  const field: FieldDef | undefined = corpusItem.fields.find((f) => f.name === name);
  if (!field) throw new Error(`corpus-item has no field ${name}`);
  return valueSchema(field, corpusItem.name);
}
const nullableText = (name: ImportField) => fieldSchema(name).nullable().optional();

/** The same checks a create body gets, field by field (contract/resource-schema.ts). */
const rowSchema = z.object({
  question: fieldSchema('question'),
  answer: nullableText('answer'),
  recommendedAnswer: nullableText('recommendedAnswer'),
  tags: tagsSchema().optional(),
});

/**
 * Column names a CSV header may use per field: the field name and the console's label in
 * every locale (an exported file re-imports), compared trimmed and case-insensitively.
 */
const HEADER_NAMES: ReadonlyMap<string, ImportField> = (() => {
  const names = new Map<string, ImportField>();
  for (const field of IMPORT_FIELDS) names.set(field.toLowerCase(), field);
  for (const locale of LOCALES) {
    let labels: Record<string, string> = {};
    try {
      const url = new URL(`../../../src/locales/${locale}/corpus-item.json`, import.meta.url);
      labels =
        (JSON.parse(readFileSync(url, 'utf8')) as { fields?: Record<string, string> }).fields ?? {};
    } catch {
      // Without the console's labels only field names are recognised.
    }
    for (const field of IMPORT_FIELDS) {
      const label = labels[field];
      if (label) names.set(label.trim().toLowerCase(), field);
    }
  }
  return names;
})();

/** Tags in one CSV cell: separated by |, comma or semicolon (what export writes), ASCII or wide. */
const TAG_SEPARATOR = /[|,;，；]/;
/** Export defuses formulas with a leading apostrophe (server/resources/engine/csv.ts); undo it. */
const DEFUSED = /^'(?=[=+\-@\t\r])/;

function csvRows(text: string): RawRow[] {
  // One line break kind: Papa Parse detects a single one, and line numbers count '\n'.
  const normalized = text.replace(/\r\n?/g, '\n');
  const rows: RawRow[] = [];
  let columns: (ImportField | undefined)[] | undefined;
  let cursor = 0;
  let line = 1;
  const advance = (to: number) => {
    for (let i = cursor; i < to; i++) if (normalized.charCodeAt(i) === 10) line++;
    cursor = to;
  };
  const blankLines = /(?:[ \t]*\n)*/y;
  Papa.parse<string[]>(normalized, {
    delimiter: ',',
    newline: '\n',
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      // The row starts after the previous one and any blank lines Papa Parse skipped.
      blankLines.lastIndex = cursor;
      blankLines.test(normalized);
      advance(blankLines.lastIndex);
      const start = line;
      advance(result.meta.cursor);
      const bad = result.errors.some((e) => e.type !== 'Delimiter');
      if (!columns) {
        columns = result.data.map((name) => HEADER_NAMES.get(name.trim().toLowerCase()));
        if (bad) rows.push({ line: start, unreadable: 'badFormat' });
        return;
      }
      if (bad) {
        rows.push({ line: start, unreadable: 'badFormat' });
      } else {
        const values: Record<string, unknown> = {};
        columns.forEach((field, i) => {
          if (!field) return;
          const cell = (result.data[i] ?? '').replace(DEFUSED, '');
          if (field === 'tags') {
            values.tags = cell
              .split(TAG_SEPARATOR)
              .map((t) => t.trim())
              .filter((t) => t !== '');
          } else {
            values[field] = field === 'question' || cell.trim() !== '' ? cell : null;
          }
        });
        rows.push({ line: start, values });
      }
      // One row past the limit is enough to refuse the file; the rest is not read.
      if (rows.length > MAX_IMPORT_ROWS) parser.abort();
    },
  });
  return rows;
}

function jsonlRows(text: string): RawRow[] {
  const rows: RawRow[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length && rows.length <= MAX_IMPORT_ROWS; i++) {
    const source = lines[i]!;
    if (source.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch {
      value = undefined;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      rows.push({ line: i + 1, unreadable: 'badJsonLine' });
      continue;
    }
    const values: Record<string, unknown> = {};
    for (const field of IMPORT_FIELDS) {
      const v = (value as Record<string, unknown>)[field];
      // An empty optional text is no text, as in a CSV cell.
      values[field] = field !== 'question' && typeof v === 'string' && v.trim() === '' ? null : v;
    }
    rows.push({ line: i + 1, values });
  }
  return rows;
}

const itemLabels = namespaceLabels(corpusItem.name);

/** "field: reason" for each problem of a row, the field by its label, in the caller's language. */
function reasonOf(error: z.ZodError, values: unknown, locale: Locale): string {
  return boundedIssues(
    error.issues,
    values,
    locale,
    itemLabels(locale),
    Number.POSITIVE_INFINITY,
  ).lines.join(locale === 'zh-CN' ? '；' : '; ');
}

/**
 * Reads and validates a whole import file. Any bad row: 40000 with one issue per bad row
 * (`content`, "line N: field: reason"), so nothing is written; a good file: its rows.
 */
export function parseImport(
  format: (typeof IMPORT_FORMATS)[number],
  content: string,
  locale: Locale,
): ImportRow[] {
  const text = content.replace(/^\uFEFF/, '');
  const raw = format === 'csv' ? csvRows(text) : jsonlRows(text);
  if (raw.length > MAX_IMPORT_ROWS) {
    throw invalidField('content', 'importTooMany', { max: MAX_IMPORT_ROWS });
  }
  if (!raw.length) throw invalidField('content', 'importEmpty');
  const rows: ImportRow[] = [];
  const problems: PendingIssue[] = [];
  for (const row of raw) {
    if (row.unreadable) {
      const reason = message(
        locale,
        row.unreadable === 'badJsonLine' ? 'badJsonLine' : 'badFormat',
      );
      problems.push({ field: 'content', key: 'importRow', params: { line: row.line, reason } });
      continue;
    }
    const parsed = rowSchema.safeParse(row.values);
    if (!parsed.success) {
      const reason = reasonOf(parsed.error, row.values, locale);
      problems.push({ field: 'content', key: 'importRow', params: { line: row.line, reason } });
      continue;
    }
    const { question, answer, recommendedAnswer, tags } = parsed.data as {
      question: string;
      answer?: string | null;
      recommendedAnswer?: string | null;
      tags?: string[];
    };
    rows.push({
      question,
      answer: answer ?? null,
      recommendedAnswer: recommendedAnswer ?? null,
      tags: tags ?? [],
    });
  }
  // The error answer keeps the first issues and counts the rest (server/http/issues.ts).
  if (problems.length) throw new AppError(Code.INVALID, 'invalidField', {}, problems);
  return rows;
}
