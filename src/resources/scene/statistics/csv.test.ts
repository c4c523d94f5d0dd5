import { parse } from 'papaparse';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatShare } from '../../../components/charts/format';
import { localeMessages } from '../../../locales';
import {
  CSV_COLUMNS,
  CSV_HEADER_KEYS,
  csvFileName,
  csvTable,
  csvText,
  type CsvColumn,
} from './csv';
import type { TotalsRow } from './rows';

const ROWS: TotalsRow[] = [
  {
    sceneCode: 'support',
    sceneName: '客服, "售后"',
    calls: 1200,
    promptTokens: 50_000,
    completionTokens: 20_000,
    totalTokens: 70_000,
    chats: 30,
    users: 12,
    cost: 3.456789,
    monthlyBudget: 100,
    monthCost: 42.1,
    budgetShare: 0.421,
  },
  {
    sceneCode: 'gone',
    sceneName: null,
    calls: 3,
    promptTokens: 10,
    completionTokens: 5,
    totalTokens: 15,
    chats: 0,
    users: 1,
    cost: 0.0001,
    monthlyBudget: null,
    monthCost: null,
    budgetShare: null,
  },
  {
    sceneCode: 'formula',
    sceneName: '=HYPERLINK("x")',
    calls: 1,
    promptTokens: 1,
    completionTokens: 1,
    totalTokens: 2,
    chats: 0,
    users: 1,
    cost: 0,
    monthlyBudget: 0,
    monthCost: 0,
    budgetShare: null,
  },
];

const header = Object.fromEntries(CSV_COLUMNS.map((c) => [c, `H-${c}`])) as Record<
  CsvColumn,
  string
>;

describe('statistics CSV', () => {
  it('a header row, then one row per scene in the order given, numbers plain', () => {
    const table = csvTable(ROWS, header);
    expect(table[0]).toEqual(CSV_COLUMNS.map((c) => `H-${c}`));
    expect(table.slice(1).map((r) => r[1])).toEqual(['support', 'gone', 'formula']);
    expect(table[1]).toEqual([
      '客服, "售后"',
      'support',
      1200,
      50_000,
      20_000,
      70_000,
      30,
      12,
      '3.4568',
      '100.0000',
      '42.1',
    ]);
    // A deleted scene has no name; no budget leaves the budget cells empty.
    expect(table[2]).toEqual(['', 'gone', 3, 10, 5, 15, 0, 1, '0.0001', '', '']);
  });

  it('money and shares read as the screen shows them: rounded half away from zero, alike', () => {
    // toFixed(4) made this 2.0000 (its double lies just below the half) while the table said 2.0001.
    const [, row] = csvTable([{ ...ROWS[0]!, cost: 2.00005, budgetShare: 0.4216 }], header);
    expect(row![8]).toBe('2.0001');
    expect(formatMoney(2.00005, 'zh-CN', true)).toBe('¥2.0001');
    // The table shows a share with one decimal; the file wrote two (42.16).
    expect(row![10]).toBe('42.2');
    expect(formatShare(0.4216, 'zh-CN')).toBe('42.2%');
  });

  it('the text parses back to the same cells, with a BOM, CRLF and defused formulas', () => {
    const text = csvText(csvTable(ROWS, header));
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
    const parsed = parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    expect(parsed).toHaveLength(ROWS.length + 1);
    expect(parsed[1]![0]).toBe('客服, "售后"');
    expect(parsed[1]![8]).toBe('3.4568');
    expect(parsed[3]![0]).toBe(`'=HYPERLINK("x")`);
  });

  it('every header has a text in both languages', () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      for (const key of Object.values(CSV_HEADER_KEYS)) {
        const text = key
          .split('.')
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown> | undefined)?.[part],
            localeMessages[locale],
          );
        expect(typeof text, `${locale} ${key}`).toBe('string');
      }
    }
  });

  it('the file name says the range, and the scene when one is chosen', () => {
    expect(csvFileName({ startDate: '2025-03-01', endDate: '2025-03-31' })).toBe(
      'statistics_2025-03-01_2025-03-31.csv',
    );
    expect(
      csvFileName({ startDate: '2025-03-01', endDate: '2025-03-01', sceneCode: 'a/b c' }),
    ).toBe('statistics_2025-03-01_2025-03-01_a-b-c.csv');
  });
});
