/** One line of a diff: kept in both, only in the old text, or only in the new one. */
export interface DiffLine {
  readonly kind: 'same' | 'removed' | 'added';
  readonly text: string;
}

/**
 * A line diff by longest common subsequence. Declarations are at most a few hundred lines of
 * pretty JSON, so the quadratic table is small; past this many cells the texts are shown as a
 * whole removal and addition rather than spending seconds on the table.
 */
const MAX_CELLS = 4_000_000;

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  // Common head and tail lines need no table: most edits touch a few lines in the middle.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }
  const same = (text: string): DiffLine => ({ kind: 'same', text });
  const out: DiffLine[] = a.slice(0, head).map(same);
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);

  if ((midA.length + 1) * (midB.length + 1) > MAX_CELLS) {
    out.push(...midA.map((text): DiffLine => ({ kind: 'removed', text })));
    out.push(...midB.map((text): DiffLine => ({ kind: 'added', text })));
  } else {
    // lcs[i][j]: the longest common subsequence of midA[i..] and midB[j..].
    const lcs = Array.from({ length: midA.length + 1 }, () =>
      new Array<number>(midB.length + 1).fill(0),
    );
    for (let i = midA.length - 1; i >= 0; i--) {
      for (let j = midB.length - 1; j >= 0; j--) {
        lcs[i]![j] =
          midA[i] === midB[j]
            ? lcs[i + 1]![j + 1]! + 1
            : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < midA.length || j < midB.length) {
      if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
        out.push(same(midA[i]!));
        i++;
        j++;
      } else if (i < midA.length && (j === midB.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
        // Removals before additions, as unified diffs show a changed line.
        out.push({ kind: 'removed', text: midA[i]! });
        i++;
      } else {
        out.push({ kind: 'added', text: midB[j]! });
        j++;
      }
    }
  }
  out.push(...a.slice(a.length - tail).map(same));
  return out;
}

/** A declaration (or nothing) as the diff compares it: pretty JSON, two-space indent. */
export function prettyJson(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value, null, 2);
}
