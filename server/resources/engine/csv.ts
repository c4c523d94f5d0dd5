import { readFileSync } from 'node:fs';
import { formatFigure } from '../../../contract/figures';
import type { FieldDef, ResourceDef } from '../../../contract/resource';
import type { Locale } from '../../../contract/locale';
import { zonedDateTime } from '../../../contract/zoned-time';
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

/** How a file's header names columns a label alone would leave ambiguous (table.export.header). */
export interface HeaderTexts {
  /** A reference's key when it is an id: `{{label}} ID`. */
  referenceId: string;
  /** A reference's key of any other kind (a scene's code): `{{label}}编码`. */
  referenceCode: string;
  /** A time column, written on a zone's clock: `{{label}}（{{zone}}）`. */
  zoned: string;
  /** A label two columns would still share: `{{label}}（{{field}}）`. */
  repeated: string;
}

const FALLBACK_TEXTS: HeaderTexts = {
  referenceId: '{{label}} ID',
  referenceCode: '{{label}} code',
  zoned: '{{label}} ({{zone}})',
  repeated: '{{label}} ({{field}})',
};

const headerTexts = new Map<Locale, HeaderTexts>();

function headerTextsOf(locale: Locale): HeaderTexts {
  let texts = headerTexts.get(locale);
  if (!texts) {
    try {
      const url = new URL(`../../../src/locales/${locale}/table.json`, import.meta.url);
      const table = JSON.parse(readFileSync(url, 'utf8')) as {
        export?: { header?: Partial<HeaderTexts> };
      };
      texts = { ...FALLBACK_TEXTS, ...table.export?.header };
    } catch {
      texts = FALLBACK_TEXTS;
    }
    headerTexts.set(locale, texts);
  }
  return texts;
}

const fill = (pattern: string, values: Record<string, string>) =>
  pattern.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, key: string) => values[key] ?? all);

/**
 * The header of each column, all different: a reference's key says it is the key ("模板 ID"
 * beside "模板"; a label that already says so, like "场景编码", stays), a time column names the
 * zone it is written in, and any label two columns still share gets the field name beside it.
 */
export function csvHeaders(
  fields: readonly FieldDef[],
  labels: CsvLabels,
  texts: HeaderTexts,
  timeZone: string,
): string[] {
  const labelOf = (name: string) => labels.fields?.[name] ?? name;
  // Whether a label ends with the key's word already, as a word ("Scene code", not "Paid").
  const says = (label: string, word: string) => {
    const at = label.length - word.length;
    return (
      !!word &&
      at >= 0 &&
      label.slice(at).toLowerCase() === word.toLowerCase() &&
      !/[a-z]/i.test(label.charAt(at - 1))
    );
  };
  const headers = fields.map((f) => {
    const label = labelOf(f.name);
    if (f.reference) {
      const pattern = f.reference.key === 'id' ? texts.referenceId : texts.referenceCode;
      return says(label, fill(pattern, { label: '' }).trim()) ? label : fill(pattern, { label });
    }
    if (f.type === 'datetime') return fill(texts.zoned, { label, zone: timeZone });
    return label;
  });
  const taken = new Set<string>();
  return headers.map((header, i) => {
    let out = header;
    if (taken.has(out)) out = fill(texts.repeated, { label: header, field: fields[i]!.name });
    // Only a label spelled like another's repeated form gets here; a number settles it.
    for (let n = 2; taken.has(out); n++) out = `${header} ${n}`;
    taken.add(out);
    return out;
  });
}

/** A spreadsheet runs a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180 quoting), defused against formula injection. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function text(field: FieldDef, value: unknown, labels: CsvLabels, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (field.type === 'enum') return labels.enums?.[field.name]?.[String(value)] ?? String(value);
  if (field.type === 'datetime' && (typeof value === 'string' || value instanceof Date)) {
    return zonedDateTime(value, timeZone);
  }
  if (field.type === 'number' && field.decimals !== undefined) {
    return formatFigure(value as number | string, field.decimals);
  }
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

/**
 * Writes a resource's rows as CSV lines: the header once, then any number of batches. Times
 * are written on the clock of `timeZone` (the header names it), figures as the console shows
 * them (contract/figures.ts).
 */
export class CsvWriter {
  private readonly labels: CsvLabels;

  constructor(
    def: ResourceDef,
    private readonly fields: readonly FieldDef[],
    private readonly locale: Locale,
    private readonly timeZone: string,
    /** A configured resource's labels (its declaration); built-ins read their locale file. */
    labels?: CsvLabels,
  ) {
    this.labels = labels ?? labelsOf(def.name, locale);
  }

  /** The header line, with a BOM so spreadsheet programs read UTF-8 (Chinese) correctly. */
  header(): string {
    const texts = headerTextsOf(this.locale);
    const names = csvHeaders(this.fields, this.labels, texts, this.timeZone).map(csvCell);
    return `\uFEFF${names.join(',')}\r\n`;
  }

  rows(rows: readonly Row[]): string {
    return rows
      .map((row) =>
        this.fields.map((f) => csvCell(text(f, row[f.name], this.labels, this.timeZone))).join(','),
      )
      .map((line) => `${line}\r\n`)
      .join('');
  }
}
