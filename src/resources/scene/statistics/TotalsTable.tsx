import { Progress, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney, formatShare } from '../../../components/charts/format';
import { SORT_KEYS, type SortKey, type TableSort, type TotalsRow } from './rows';

/** Money columns; the other sortable ones are counts. */
const MONEY: ReadonlySet<SortKey> = new Set(['cost', 'monthlyBudget']);

/** A share of the month's budget as a bar: amber from 80 %, red once spent. */
function BudgetBar({ row, locale }: { row: TotalsRow; locale: string }) {
  const { t } = useTranslation();
  if (row.budgetShare === null || row.monthlyBudget === null) {
    return <Typography.Text type="secondary">{t('statistics.table.noBudget')}</Typography.Text>;
  }
  const share = row.budgetShare;
  return (
    <Tooltip
      title={t('statistics.table.budgetUsed', {
        used: formatMoney(row.monthCost ?? 0, locale),
        budget: formatMoney(row.monthlyBudget, locale),
      })}
    >
      <Progress
        className="statistics-table__budget"
        size="small"
        percent={Math.min(100, share * 100)}
        status={share >= 1 ? 'exception' : 'normal'}
        strokeColor={share >= 1 ? undefined : share >= 0.8 ? '#faad14' : undefined}
        format={() => formatShare(share, locale)}
        aria-label={t('statistics.table.budgetShare')}
      />
    </Tooltip>
  );
}

/**
 * Every scene's totals in the range, sortable by any measure (the sort lives in the URL, and
 * the CSV export follows it), with this month's budget use beside them. Rendered again only when
 * its rows, sort or loading state change, not as each of the page's other answers arrives.
 */
export const TotalsTable = memo(function TotalsTable({
  rows,
  sort,
  onSort,
  loading,
}: {
  rows: readonly TotalsRow[];
  sort: TableSort;
  onSort: (sort: TableSort) => void;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const columns: ColumnsType<TotalsRow> = [
    {
      key: 'scene',
      title: t('statistics.table.scene'),
      fixed: 'left',
      width: 150,
      render: (_: unknown, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong={!!row.sceneName} type={row.sceneName ? undefined : 'secondary'}>
            {row.sceneName ?? t('statistics.table.unknownScene')}
          </Typography.Text>
          <Typography.Text type="secondary" className="statistics-table__code">
            {row.sceneCode}
          </Typography.Text>
        </Space>
      ),
    },
    ...SORT_KEYS.map((key) => ({
      key,
      dataIndex: key,
      title: t(`statistics.table.${key}`),
      align: key === 'budgetShare' ? ('left' as const) : ('right' as const),
      sorter: true,
      // Repeating 'descend' makes antd cycle between the two instead of through "unsorted".
      sortDirections: ['descend', 'ascend', 'descend'] as ('descend' | 'ascend')[],
      sortOrder: sort.key === key ? sort.order : null,
      width: key === 'budgetShare' ? 150 : undefined,
      render: (value: number | null, row: TotalsRow) =>
        key === 'budgetShare' ? (
          <BudgetBar row={row} locale={locale} />
        ) : value === null ? (
          <Typography.Text type="secondary">-</Typography.Text>
        ) : MONEY.has(key) ? (
          formatMoney(value, locale, key === 'cost')
        ) : (
          formatCount(value, locale)
        ),
    })),
  ];
  return (
    <Table<TotalsRow>
      data-testid="statistics-table"
      className="statistics-table"
      rowKey="sceneCode"
      size="small"
      columns={columns}
      dataSource={rows as TotalsRow[]}
      loading={loading}
      // A fixed width rather than max-content: long headers wrap instead of pushing columns out.
      scroll={{ x: 1000 }}
      pagination={{
        defaultPageSize: 20,
        showSizeChanger: true,
        hideOnSinglePage: true,
        showTotal: (total) => t('table.total', { total }),
      }}
      onChange={(_pagination, _filters, sorter) => {
        const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<TotalsRow>;
        const key = String(s?.columnKey ?? '');
        if (!(SORT_KEYS as readonly string[]).includes(key)) return;
        const order = s.order ?? (sort.order === 'descend' ? 'ascend' : 'descend');
        onSort({ key: key as SortKey, order });
      }}
    />
  );
});
