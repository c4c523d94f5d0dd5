import { FileSearchOutlined, ProfileOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Empty,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  EVALUATION_METRICS,
  type EvaluationMetric,
} from '../../../contract/resources/model-evaluate';
import { formatCount, formatScore } from '../../components/charts/format';
import { useDetailRecord } from '../../components/resource/use-detail-record';
import { useView } from '../view';
import { useReport, type Evaluation, type ReportRow } from './api';
import { useEvaluatePaths } from './paths';
import { StateBadge } from './renderers';
import './model-evaluate.css';
import { Tip } from '../../components/Tip';

// The charting library is large: only this page's chunk pulls it in, and only when shown.
const ReportChart = lazy(() => import('./ReportChart'));

const BASELINE_PARAM = 'baseline';

/** Metrics the report shows: the evaluation's own, and any other the results carry. */
export function reportMetrics(
  chosen: readonly string[] | null | undefined,
  rows: readonly ReportRow[],
): EvaluationMetric[] {
  return EVALUATION_METRICS.filter(
    (m) => chosen?.includes(m) || rows.some((r) => r.metrics[m] !== undefined),
  );
}

/** A difference to the baseline: signed, green when higher, red when lower. */
export function DiffText({ value }: { value: number | undefined }) {
  if (value === undefined) return null;
  const text = `${value > 0 ? '+' : ''}${value.toFixed(2)}`;
  return (
    <Typography.Text type={value > 0 ? 'success' : value < 0 ? 'danger' : 'secondary'}>
      {text}
    </Typography.Text>
  );
}

/** A mean (two decimals) or a count, as the UI locale writes them; '-' where there is none. */
function format(value: number | null | undefined, locale: string, count = false): string {
  if (value === null || value === undefined) return '-';
  return count ? formatCount(value, locale) : formatScore(value, locale);
}

/** The report of one evaluation: metric means per model version, charted and tabled. */
export default function EvaluationReport() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { route } = useView();
  const paths = useEvaluatePaths();
  const selectId = useId();
  const [params, setParams] = useSearchParams();
  const chosenBaseline = params.get(BASELINE_PARAM) ?? undefined;
  const { id, record, placeholder } = useDetailRecord<Evaluation>();
  const { report, query } = useReport(record ? id : '', chosenBaseline);
  if (placeholder || !record) return placeholder;

  const rows = report?.rows ?? [];
  const metrics = reportMetrics(record.metrics, rows);
  const baseline = report?.baseline ?? null;
  const metricLabel = (m: string) => t(`model-evaluate.enums.metrics.${m}`);

  const columns: ColumnsType<ReportRow> = [
    {
      key: 'modelVersion',
      dataIndex: 'modelVersion',
      title: t('model-evaluate-result.fields.modelVersion'),
      fixed: 'left',
      render: (v: string) => (
        <Space size={4}>
          <Typography.Text strong>{v}</Typography.Text>
          {v === baseline && <Tag color="blue">{t('model-evaluate.report.baselineTag')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'results',
      dataIndex: 'results',
      title: t('model-evaluate.report.results'),
      align: 'right',
      render: (v: number) => format(v, i18n.language, true),
    },
    ...metrics.map((m) => ({
      key: m,
      title: metricLabel(m),
      align: 'right' as const,
      render: (_: unknown, row: ReportRow) => (
        <Space size={6}>
          <span>{format(row.metrics[m], i18n.language)}</span>
          <DiffText value={row.diff?.[m]} />
        </Space>
      ),
    })),
    {
      key: 'humanScore',
      title: t('model-evaluate.report.humanScore'),
      align: 'right',
      render: (_: unknown, row: ReportRow) => (
        <Tooltip title={t('model-evaluate.report.humanScored', { count: row.humanScored })}>
          <span>
            {format(row.humanScore, i18n.language)}{' '}
            <Typography.Text type="secondary">({row.humanScored})</Typography.Text>
          </span>
        </Tooltip>
      ),
    },
    {
      key: 'latencyMs',
      dataIndex: 'latencyMs',
      title: t('model-evaluate.report.latency'),
      align: 'right',
      render: (v: number | null) => format(v, i18n.language, true),
    },
    {
      key: 'totalTokens',
      dataIndex: 'totalTokens',
      title: t('model-evaluate.report.tokens'),
      align: 'right',
      render: (v: number | null) => format(v, i18n.language, true),
    },
  ];

  const hasResults = rows.some((r) => r.results > 0);

  return (
    <Card
      title={`${t(route.locale)} · ${record.evaluateName}`}
      extra={
        <Space wrap>
          <StateBadge state={record.state} progress={record.progress} />
          <Tip title={t('buttons.refresh')}>
            <Button
              icon={<ReloadOutlined aria-hidden />}
              aria-label={t('buttons.refresh')}
              onClick={() => void query.refetch()}
            />
          </Tip>
          {paths.detail && (
            <Button
              icon={<ProfileOutlined aria-hidden />}
              onClick={() => navigate(`${paths.detail}?id=${record.id}`)}
            >
              {t('model-evaluate.actions.detail')}
            </Button>
          )}
          {paths.reportDetail && (
            <Button
              type="primary"
              icon={<FileSearchOutlined aria-hidden />}
              onClick={() => navigate(`${paths.reportDetail}?id=${record.id}`)}
            >
              {t('model-evaluate.actions.reportDetail')}
            </Button>
          )}
        </Space>
      }
    >
      <Space wrap className="evaluate-report__toolbar">
        <label htmlFor={selectId}>{t('model-evaluate.fields.baselineVersion')}</label>
        <Select<string>
          id={selectId}
          className="evaluate-report__select"
          value={baseline ?? undefined}
          options={record.modelVersions.map((v) => ({ value: v, label: v }))}
          onChange={(next) =>
            setParams(
              (prev) => {
                const out = new URLSearchParams(prev);
                out.set(BASELINE_PARAM, next);
                return out;
              },
              { replace: true },
            )
          }
        />
      </Space>
      {query.isLoading ? (
        <Skeleton active />
      ) : !hasResults ? (
        <Empty description={t('model-evaluate.report.empty')} />
      ) : (
        <Space direction="vertical" size={16} className="evaluate-detail">
          <Suspense fallback={<Skeleton active />}>
            <ReportChart rows={rows} metrics={metrics} />
          </Suspense>
          <Table<ReportRow>
            rowKey="modelVersion"
            size="middle"
            columns={columns}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
          <Typography.Text type="secondary">
            {t('model-evaluate.report.diffHint', { baseline: baseline ?? '-' })}
          </Typography.Text>
        </Space>
      )}
    </Card>
  );
}
