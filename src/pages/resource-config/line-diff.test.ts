import { describe, expect, it } from 'vitest';
import { lineDiff, prettyJson } from './line-diff';

const text = (...lines: string[]) => lines.join('\n');

describe('lineDiff', () => {
  it('keeps equal texts as they are', () => {
    expect(lineDiff(text('a', 'b'), text('a', 'b'))).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'same', text: 'b' },
    ]);
  });

  it('shows a changed line as its removal, then its addition, among kept ones', () => {
    expect(
      lineDiff(text('{', '  "x": 1,', '  "y": 2', '}'), text('{', '  "x": 3,', '  "y": 2', '}')),
    ).toEqual([
      { kind: 'same', text: '{' },
      { kind: 'removed', text: '  "x": 1,' },
      { kind: 'added', text: '  "x": 3,' },
      { kind: 'same', text: '  "y": 2' },
      { kind: 'same', text: '}' },
    ]);
  });

  it('finds insertions and deletions in the middle', () => {
    const kinds = lineDiff(text('a', 'b', 'c', 'd'), text('a', 'c', 'x', 'd')).map(
      (l) => `${l.kind[0]}${l.text}`,
    );
    expect(kinds).toEqual(['sa', 'rb', 'sc', 'ax', 'sd']);
  });

  it('treats a missing side (a create, a delete) as all added or all removed', () => {
    expect(lineDiff('', text('a', 'b')).map((l) => l.kind)).toEqual(['added', 'added']);
    expect(lineDiff(text('a'), '').map((l) => l.kind)).toEqual(['removed']);
    expect(prettyJson(null)).toBe('');
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});
