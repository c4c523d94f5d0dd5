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
import { formatCount, formatMoney, formatScore } from '../../components/charts/format';
import { useDetailRecord } from '../../components/resource/use-detail-record';
import { useView } from '../view';
import { useReport, type Evaluation, type ReportRow } from './api';
import { useEvaluatePaths } from './paths';
import { StateBadge } from './renderers';
import { ReportExport } from './ReportExport';
import { MeanWithInterval } from './ReportFormat';
import { ReportVersus } from './ReportVersus';
import { ReportWorst } from './ReportWorst';
import './model-evaluate.css';
import { Tip } from '../../components/Tip';

// The charting library is large: only this page's chunk pulls it in, and only when shown.
const ReportChart = lazy(() => import('./ReportChart'));

const BASELINE_PARAM = 'baseline';
const METRIC_PARAM = 'metric';

const isMetric = (m: unknown): m is EvaluationMetric =>
  (EVALUATION_METRICS as readonly unknown[]).includes(m);

/**
 * Metrics the report shows: the ones the server reports (the evaluation's own, then any other its
 * results carry), else the evaluation's own and any the rows carry.
 */
export function reportMetrics(
  chosen: readonly string[] | null | undefined,
  rows: readonly ReportRow[],
  reported?: readonly EvaluationMetric[],
): EvaluationMetric[] {
  if (reported?.length) return [...reported];
  return EVALUATION_METRICS.filter(
    (m) => chosen?.includes(m) || rows.some((r) => r.metrics[m] !== undefined),
  );
}

/** A mean (two decimals) or a count, as the UI locale writes them; '-' where there is none. */
function format(value: number | null | undefined, locale: string, count = false): string {
  if (value === null || value === undefined) return '-';
  return count ? formatCount(value, locale) : formatScore(value, locale);
}

/**
 * The report of one evaluation: per model version the metric means with their intervals (charted
 * and tabled), each other version against the baseline, and the items done worst.
 */
export default function EvaluationReport() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { route } = useView();
  const paths = useEvaluatePaths();
  const selectId = useId();
  const [params, setParams] = useSearchParams();
  const chosenBaseline = params.get(BASELINE_PARAM) ?? undefined;
  const chosenMetric = params.get(METRIC_PARAM);
  const { id, record, placeholder } = useDetailRecord<Evaluation>();
  const { report, query } = useReport(record ? id : '', chosenBaseline);
  if (placeholder || !record) return placeholder;

  const locale = i18n.language;
  const rows = report?.rows ?? [];
  const metrics = reportMetrics(record.metrics, rows, report?.metrics);
  const baseline = report?.baseline ?? null;
  const metricLabel = (m: string) => t(`model-evaluate.enums.metrics.${m}`, { defaultValue: m });
  const withCost = rows.some((r) => r.cost !== null);
  const setParam = (name: string, value: string) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        out.set(name, value);
        return out;
      },
      { replace: true },
    );

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
      title: t('model-evaluate.report.results'),
      align: 'right',
      render: (_: unknown, row: ReportRow) => (
        <Space size={4}>
          <span>{format(row.results, locale, true)}</span>
          {row.failed > 0 && (
            <Tag color="error" className="evaluate-report__failed">
              {t('model-evaluate.report.failed', { count: row.failed })}
            </Tag>
          )}
        </Space>
      ),
    },
    ...metrics.map((m) => ({
      key: m,
      title: metricLabel(m),
      align: 'right' as const,
      render: (_: unknown, row: ReportRow) => (
        <MeanWithInterval mean={row.metrics[m]} interval={row.intervals?.[m]} />
      ),
    })),
    {
      key: 'humanScore',
      title: t('model-evaluate.report.humanScore'),
      align: 'right',
      render: (_: unknown, row: ReportRow) => (
        <Tooltip title={t('model-evaluate.report.humanScored', { n: row.humanScored })}>
          <span>
            {format(row.humanScore, locale)}{' '}
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
      render: (v: number | null) => format(v, locale, true),
    },
    {
      key: 'totalTokens',
      title: t('model-evaluate.report.tokens'),
      align: 'right',
      render: (_: unknown, row: ReportRow) =>
        row.meanTokens === null ? (
          format(row.totalTokens, locale, true)
        ) : (
          <Tooltip
            title={t('model-evaluate.report.tokensTip', {
              mean: format(row.meanTokens, locale, true),
            })}
          >
            <span>{format(row.totalTokens, locale, true)}</span>
          </Tooltip>
        ),
    },
    ...(withCost
      ? [
          {
            key: 'cost',
            title: t('model-evaluate.report.cost'),
            align: 'right' as const,
            render: (_: unknown, row: ReportRow) =>
              row.cost ? (
                <Tooltip
                  title={t('model-evaluate.report.costTip', {
                    mean: formatMoney(row.cost.mean, locale, true),
                    n: row.cost.n,
                  })}
                >
                  <span>{formatMoney(row.cost.total, locale, true)}</span>
                </Tooltip>
              ) : (
                '-'
              ),
          },
        ]
      : []),
  ];

  const hasResults = rows.some((r) => r.results > 0);
  const worstMetric =
    isMetric(chosenMetric) && metrics.includes(chosenMetric) ? chosenMetric : undefined;

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
      <div className="evaluate-report__toolbar">
        <Space wrap>
          <label htmlFor={selectId}>{t('model-evaluate.fields.baselineVersion')}</label>
          <Select<string>
            id={selectId}
            className="evaluate-report__select"
            value={baseline ?? undefined}
            options={record.modelVersions.map((v) => ({ value: v, label: v }))}
            onChange={(next) => setParam(BASELINE_PARAM, next)}
          />
        </Space>
        {hasResults && <ReportExport id={record.id} />}
      </div>
      {query.isLoading ? (
        <Skeleton active />
      ) : !hasResults ? (
        <Empty description={t('model-evaluate.report.empty')} />
      ) : (
        <Space direction="vertical" size={16} className="evaluate-detail">
          {/* The chart's own height while its chunk loads: what follows does not jump. */}
          <Suspense
            fallback={
              <div className="evaluate-report__chart">
                <Skeleton active />
              </div>
            }
          >
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
            {t('model-evaluate.report.intervalHint')}
          </Typography.Text>
          <ReportVersus rows={rows} baseline={baseline} metrics={metrics} />
          {metrics.length > 0 && (
            <ReportWorst
              id={record.id}
              metrics={metrics}
              metric={worstMetric}
              onMetric={(m) => setParam(METRIC_PARAM, m)}
              detailPath={paths.reportDetail}
            />
          )}
        </Space>
      )}
    </Card>
  );
}
