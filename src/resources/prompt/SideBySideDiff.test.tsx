import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../providers/i18n';
import { sideBySideRows } from './diff-rows';
import { SideBySideDiff } from './SideBySideDiff';

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('side-by-side rows', () => {
  it('keeps common lines on both sides and pairs a replaced line with its replacement', () => {
    const rows = sideBySideRows('a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(rows).toEqual([
      { left: { line: 1, text: 'a', kind: 'same' }, right: { line: 1, text: 'a', kind: 'same' } },
      {
        left: { line: 2, text: 'b', kind: 'removed' },
        right: { line: 2, text: 'B', kind: 'added' },
      },
      { left: { line: 3, text: 'c', kind: 'same' }, right: { line: 3, text: 'c', kind: 'same' } },
      { right: { line: 4, text: 'd', kind: 'added' } },
    ]);
  });

  it('leaves the right side empty beside removed lines', () => {
    const rows = sideBySideRows('one\ntwo\nthree', 'one\nthree');
    expect(rows.map((r) => [r.left?.text, r.left?.kind, r.right?.text])).toEqual([
      ['one', 'same', 'one'],
      ['two', 'removed', undefined],
      ['three', 'same', 'three'],
    ]);
  });

  it('a last line that only gained a following line is unchanged', () => {
    const rows = sideBySideRows('one\ntwo', 'one\ntwo\nthree');
    expect(rows.map((r) => [r.left?.kind, r.right?.text, r.right?.kind])).toEqual([
      ['same', 'one', 'same'],
      ['same', 'two', 'same'],
      [undefined, 'three', 'added'],
    ]);
  });
});

describe('SideBySideDiff', () => {
  it('renders removed lines on the left and added lines on the right, aligned', () => {
    render(
      <SideBySideDiff
        older={'Hello {{name}}\nBye'}
        newer={'Hello {{name}}\nSee you\nSoon'}
        olderLabel="v1"
        newerLabel="v2"
      />,
    );
    const table = screen.getByRole('table', { name: 'Side-by-side diff' });
    expect(within(table).getByText('v1')).toBeTruthy();
    expect(within(table).getByText('v2')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('td[data-kind]')].map((td) => [
        td.getAttribute('data-kind'),
        td.textContent?.replace(/^[−+]/, ''),
      ]);
    expect(cells(rows[0]!)).toEqual([
      ['same', 'Hello {{name}}'],
      ['same', 'Hello {{name}}'],
    ]);
    expect(cells(rows[1]!)).toEqual([
      ['removed', 'Bye'],
      ['added', 'See you'],
    ]);
    expect(cells(rows[2]!)).toEqual([
      ['blank', ''],
      ['added', 'Soon'],
    ]);
    expect(screen.queryByText('The texts are identical')).toBeNull();
  });

  it('says so when the texts are the same', () => {
    render(<SideBySideDiff older="x" newer="x" olderLabel="a" newerLabel="b" />);
    expect(screen.getByText('The texts are identical')).toBeTruthy();
  });
});
