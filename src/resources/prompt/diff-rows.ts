import { diffLines } from 'diff';

/** One side of a diff row: a line and its number on that side. */
export interface DiffCell {
  line: number;
  text: string;
  kind: 'same' | 'removed' | 'added';
}

/** A row of the side-by-side view; a side is empty where the other added or removed a line. */
export interface DiffRow {
  left?: DiffCell;
  right?: DiffCell;
}

function linesOf(value: string): string[] {
  const lines = value.split('\n');
  // A chunk ends with the newline of its last line, not with one more empty line.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * The rows of a side-by-side diff (jsdiff's line diff): common lines on both sides, a removed
 * run beside the added run that replaced it (row by row), the longer run's rest alone.
 */
export function sideBySideRows(older: string, newer: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let left = 1;
  let right = 1;
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    const n = Math.max(removed.length, added.length);
    for (let i = 0; i < n; i += 1) {
      const row: DiffRow = {};
      const r = removed[i];
      const a = added[i];
      if (r !== undefined) row.left = { line: left++, text: r, kind: 'removed' };
      if (a !== undefined) row.right = { line: right++, text: a, kind: 'added' };
      rows.push(row);
    }
    removed = [];
    added = [];
  };
  // A last line without its newline is the same line once another follows it.
  for (const change of diffLines(older, newer, { ignoreNewlineAtEof: true })) {
    const lines = linesOf(change.value);
    if (change.removed) removed.push(...lines);
    else if (change.added) added.push(...lines);
    else {
      flush();
      for (const text of lines) {
        rows.push({
          left: { line: left++, text, kind: 'same' },
          right: { line: right++, text, kind: 'same' },
        });
      }
    }
  }
  flush();
  return rows;
}
