import type { FieldDef } from '../../../contract/resource';
import type { Row } from './rows';

/**
 * Writes rows as JSON Lines: one object per line, keyed by field name, values as the API
 * answers them (enum values, tag arrays, ISO dates), so other tools read them without the
 * console's labels. Same interface as CsvWriter, so export streams either.
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
        for (const f of this.fields) out[f.name] = row[f.name] ?? null;
        // JSON.stringify escapes line breaks inside strings, so one record stays one line.
        return `${JSON.stringify(out)}\n`;
      })
      .join('');
  }
}
