import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportProgress, useExport } from '../../components/resource/export-button';
import type { DownloadFormat } from '../../providers/download';
import { Tip } from '../../components/Tip';
import { EVALUATE_CALLS } from './api';

/**
 * Downloads every result of the evaluation (one row per item × version) through the console's
 * export: CSV with translated headers and times in the zone shown, or JSON Lines.
 */
export function ReportExport({ id }: { id: number }) {
  const { t } = useTranslation();
  const exporting = useExport();
  const run = (format: DownloadFormat) =>
    void exporting.run(EVALUATE_CALLS.reportExport, { id }, `evaluation-${id}.${format}`, format);
  return (
    <Space wrap size={8}>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={exporting.busy}
        onClick={() => run('csv')}
        data-testid="evaluate-export-csv"
      >
        {t('model-evaluate.report.export.csv')}
      </Button>
      <Tip title={t('model-evaluate.report.export.jsonHint')}>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          disabled={exporting.busy}
          onClick={() => run('jsonl')}
          data-testid="evaluate-export-json"
        >
          {t('model-evaluate.report.export.json')}
        </Button>
      </Tip>
      <ExportProgress exporting={exporting} />
    </Space>
  );
}
