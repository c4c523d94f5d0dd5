import { readFileSync } from 'node:fs';
import type { FieldDef, ResourceDef } from '../../../contract/resource';
import type { Locale } from '../../../contract/locale';
import type { Row } from './rows';

export type CsvLabels = {
  fields?: Record<string, string>;
  enums?: Record<string, Record<string, string>>;
};

const cache = new Map<string, CsvLabels>();

/**
 * The console's own field and enum labels (src/locales), so an exported file reads like the
 * list it came from. A resource without a locale file falls back to field names.
 */
function labelsOf(resource: string, locale: Locale): CsvLabels {
  const key = `${locale}/${resource}`;
  let labels = cache.get(key);
  if (!labels) {
    try {
      const url = new URL(`../../../src/locales/${locale}/${resource}.json`, import.meta.url);
      labels = JSON.parse(readFileSync(url, 'utf8')) as CsvLabels;
    } catch {
      labels = {};
    }
    cache.set(key, labels);
  }
  return labels;
}

/** A spreadsheet runs a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180 quoting), defused against formula injection. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function text(field: FieldDef, value: unknown, labels: CsvLabels): string {
  if (value === null || value === undefined) return '';
  if (field.type === 'enum') return labels.enums?.[field.name]?.[String(value)] ?? String(value);
  if (field.type === 'tags' && Array.isArray(value)) return value.join('; ');
  if (field.type === 'json') {
    // Name/value rows (a call's variables) read better as "name=value" than as JSON.
    if (Array.isArray(value) && value.every((v) => v && typeof v === 'object' && 'name' in v)) {
      return value
        .map((v: Record<string, unknown>) =>
          'value' in v ? `${String(v.name)}=${String(v.value)}` : String(v.name),
        )
        .join('; ');
    }
    return JSON.stringify(value);
  }
  return String(value);
}

/** Writes a resource's rows as CSV lines: the header once, then any number of batches. */
export class CsvWriter {
  private readonly labels: CsvLabels;

  constructor(
    private readonly def: ResourceDef,
    private readonly fields: readonly FieldDef[],
    locale: Locale,
    /** A configured resource's labels (its declaration); built-ins read their locale file. */
    labels?: CsvLabels,
  ) {
    this.labels = labels ?? labelsOf(def.name, locale);
  }

  /** The header line, with a BOM so spreadsheet programs read UTF-8 (Chinese) correctly. */
  header(): string {
    const names = this.fields.map((f) => csvCell(this.labels.fields?.[f.name] ?? f.name));
    return `\uFEFF${names.join(',')}\r\n`;
  }

  rows(rows: readonly Row[]): string {
    return rows
      .map((row) => this.fields.map((f) => csvCell(text(f, row[f.name], this.labels))).join(','))
      .map((line) => `${line}\r\n`)
      .join('');
  }
}
