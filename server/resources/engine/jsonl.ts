import { roundDecimal } from '../../../contract/figures';
import type { FieldDef } from '../../../contract/resource';
import type { Row } from './rows';

/** A figure rounded as the console shows it, still a JSON number. */
function figure(field: FieldDef, value: unknown): unknown {
  if (field.type !== 'number' || field.decimals === undefined) return value;
  if (typeof value !== 'number' && typeof value !== 'string') return value;
  const rounded = roundDecimal(value, field.decimals);
  return rounded ? Number(rounded) : value;
}

/**
 * Writes rows as JSON Lines: one object per line, keyed by field name, values as the API
 * answers them (enum values, tag arrays, ISO-8601 UTC dates), so other tools read them without
 * the console's labels; only figures are rounded as the console shows them (a cost to 4
 * decimals). Same interface as CsvWriter, so export streams either.
 */
export class JsonlWriter {
  constructor(private readonly fields: readonly FieldDef[]) {}

  /** JSONL has no header. */
  header(): string {
    return '';
  }

  rows(rows: readonly Row[]): string {
    return rows
      .map((row) => {
        const out: Row = {};
        for (const f of this.fields) out[f.name] = figure(f, row[f.name] ?? null);
        // JSON.stringify escapes line breaks inside strings, so one record stays one line.
        return `${JSON.stringify(out)}\n`;
      })
      .join('');
  }
}
