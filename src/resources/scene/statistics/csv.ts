import { unparse } from 'papaparse';
import { formatCost, formatPercent } from '../../../../contract/figures';
import type { StatisticFilters } from './filters';
import { SORT_KEYS, type TotalsRow } from './rows';

/** The columns of the exported file, in order: the totals table's, the code beside the name. */
export const CSV_COLUMNS = ['sceneName', 'sceneCode', ...SORT_KEYS] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Header keys of the file: the table's, money and share columns saying their unit. */
export const CSV_HEADER_KEYS: Readonly<Record<CsvColumn, string>> = {
  sceneName: 'statistics.table.scene',
  sceneCode: 'statistics.table.sceneCode',
  calls: 'statistics.table.calls',
  promptTokens: 'statistics.table.promptTokens',
  completionTokens: 'statistics.table.completionTokens',
  totalTokens: 'statistics.table.totalTokens',
  chats: 'statistics.table.chats',
  users: 'statistics.table.users',
  cost: 'statistics.csv.cost',
  monthlyBudget: 'statistics.csv.monthlyBudget',
  budgetShare: 'statistics.csv.budgetShare',
};

/** Money and shares are written as the table shows them (contract/figures.ts), without unit signs. */
function cell(row: TotalsRow, column: CsvColumn): string | number {
  switch (column) {
    case 'sceneName':
      return row.sceneName ?? '';
    case 'sceneCode':
      return row.sceneCode;
    case 'cost':
      return formatCost(row.cost);
    case 'monthlyBudget':
      return formatCost(row.monthlyBudget);
    case 'budgetShare':
      return formatPercent(row.budgetShare);
    default:
      return row[column];
  }
}

/**
 * The table as the file holds it: a header row in the UI locale, then one row per scene in
 * the order shown. Numbers stay plain (no separators, no currency sign) so a spreadsheet can
 * sum them.
 */
export function csvTable(
  rows: readonly TotalsRow[],
  header: Readonly<Record<CsvColumn, string>>,
): (string | number)[][] {
  return [
    CSV_COLUMNS.map((c) => header[c]),
    ...rows.map((row) => CSV_COLUMNS.map((c) => cell(row, c))),
  ];
}

/**
 * CSV text: a BOM so spreadsheet programs read UTF-8 (Chinese) correctly, CRLF lines, and
 * formula-looking cells (a scene named "=1+1") defused as the server's exports do.
 */
export function csvText(table: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${unparse(table as (string | number)[][], { newline: '\r\n', escapeFormulae: true })}\r\n`;
}

/** The file's name says the range it covers (and the scene when one is chosen). */
export function csvFileName(
  filters: Pick<StatisticFilters, 'startDate' | 'endDate' | 'sceneCode'>,
): string {
  const scene = filters.sceneCode ? `_${filters.sceneCode.replace(/[^\w.-]+/g, '-')}` : '';
  return `statistics_${filters.startDate}_${filters.endDate}${scene}.csv`;
}
