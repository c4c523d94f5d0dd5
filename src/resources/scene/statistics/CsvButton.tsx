import { DownloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../providers/download';
import { feedbackMessage } from '../../../providers/feedback';
import type { CsvColumn } from './csv';
import type { StatisticFilters } from './filters';
import type { TotalsRow } from './rows';

/**
 * Saves the totals table of the current filter as CSV, built in the browser from the rows the
 * page holds (in the table's order), with a header in the UI's language. papaparse loads on
 * the first export, not with the page.
 */
export function CsvButton({
  rows,
  filters,
}: {
  rows: readonly TotalsRow[];
  filters: StatisticFilters;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const csv = await import('./csv');
      const header = Object.fromEntries(
        csv.CSV_COLUMNS.map((c) => [c, t(csv.CSV_HEADER_KEYS[c])]),
      ) as Record<CsvColumn, string>;
      const text = csv.csvText(csv.csvTable(rows, header));
      saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), csv.csvFileName(filters));
      void feedbackMessage().success(t('statistics.export.done', { count: rows.length }));
    } catch {
      void feedbackMessage().error(t('table.exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={t('statistics.export.hint', { count: rows.length })}>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={busy}
        disabled={rows.length === 0}
        onClick={() => void run()}
        data-testid="statistics-export"
      >
        {t('statistics.export.button')}
      </Button>
    </Tooltip>
  );
}
