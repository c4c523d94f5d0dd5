import { BarChartOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Empty,
  Input,
  Pagination,
  Segmented,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  EVALUATION_METRICS,
  type EvaluationMetric,
} from '../../../contract/resources/model-evaluate';
import { formatScore } from '../../components/charts/format';
import { useDetailRecord } from '../../components/resource/use-detail-record';
import { useView } from '../view';
import { ITEMS_PAGE_SIZE, useReportItems, type Evaluation, type ItemSort } from './api';
import { useEvaluatePaths } from './paths';
import { ResultAnswer } from './ResultAnswer';
import './model-evaluate.css';

const PAGE_PARAM = 'page';
const KEYWORD_PARAM = 'keyword';
const SORT_PARAM = 'sort';
const METRIC_PARAM = 'metric';
const ITEM_PARAM = 'item';

/** The page number kept in the URL (`?page=`), 1 when absent or not a positive integer. */
export function pageOf(params: URLSearchParams): number {
  const n = Number(params.get(PAGE_PARAM));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The order kept in the URL (`?sort=worst`); by item otherwise. */
export function sortOf(params: URLSearchParams): ItemSort {
  return params.get(SORT_PARAM) === 'worst' ? 'worst' : 'item';
}

/** The one item asked for (`?item=`), when it is a positive integer. */
export function itemOf(params: URLSearchParams): number | undefined {
  const n = Number(params.get(ITEM_PARAM));
  return params.has(ITEM_PARAM) && Number.isInteger(n) && n >= 1 ? n : undefined;
}

function metricOf(params: URLSearchParams): EvaluationMetric | undefined {
  const m = params.get(METRIC_PARAM);
  return (EVALUATION_METRICS as readonly (string | null)[]).includes(m)
    ? (m as EvaluationMetric)
    : undefined;
}

/**
 * The evaluated items of one evaluation, a page at a time, by item or worst first: each item's
 * question and expected answer, then every model version's answer side by side with its scores
 * and the judge's reason, each scored by the operator. `?item=` shows that item alone.
 */
export default function ReportDetail() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { route } = useView();
  const paths = useEvaluatePaths();
  const metricId = useId();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const keyword = params.get(KEYWORD_PARAM) ?? '';
  const sort = sortOf(params);
  const chosenMetric = metricOf(params);
  const single = itemOf(params);
  const { id, record, placeholder } = useDetailRecord<Evaluation>();
  const { items, total, metric, query } = useReportItems(record ? id : '', {
    current: single === undefined ? page : 1,
    keyword: single === undefined ? keyword : '',
    sort,
    ...(chosenMetric ? { metric: chosenMetric } : {}),
    ...(single !== undefined ? { itemId: single } : {}),
  });
  if (placeholder || !record) return placeholder;

  const setParam = (changes: Record<string, string | null>) =>
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === '') out.delete(k);
        else out.set(k, v);
      }
      return out;
    });
  const baseline = record.baselineVersion ?? record.modelVersions[0];
  const metricLabel = (m: string) => t(`model-evaluate.enums.metrics.${m}`, { defaultValue: m });
  const metricOptions = (record.metrics ?? []).length
    ? (record.metrics ?? [])
    : [...EVALUATION_METRICS];
  const shownMetric = metric ?? chosenMetric;

  return (
    <Card
      title={`${t(route.locale)} · ${record.evaluateName}`}
      extra={
        paths.report && (
          <Button
            icon={<BarChartOutlined aria-hidden />}
            onClick={() => navigate(`${paths.report}?id=${record.id}`)}
          >
            {t('model-evaluate.actions.report')}
          </Button>
        )
      }
    >
      {single !== undefined ? (
        <Alert
          className="evaluate-items__single"
          type="info"
          showIcon
          message={t('model-evaluate.report.single', { id: single })}
          action={
            <Button size="small" onClick={() => setParam({ [ITEM_PARAM]: null })}>
              {t('model-evaluate.report.allItems')}
            </Button>
          }
        />
      ) : (
        <Space wrap className="evaluate-items__toolbar">
          <Input.Search
            className="evaluate-items__search"
            allowClear
            defaultValue={keyword}
            placeholder={t('model-evaluate.items.search')}
            aria-label={t('model-evaluate.items.search')}
            onSearch={(value) => setParam({ [KEYWORD_PARAM]: value.trim(), [PAGE_PARAM]: null })}
          />
          <Segmented<ItemSort>
            aria-label={t('model-evaluate.report.sort.label')}
            value={sort}
            options={[
              { value: 'item', label: t('model-evaluate.report.sort.item') },
              { value: 'worst', label: t('model-evaluate.report.sort.worst') },
            ]}
            onChange={(next) =>
              setParam({ [SORT_PARAM]: next === 'worst' ? next : null, [PAGE_PARAM]: null })
            }
          />
          {sort === 'worst' && (
            <Space size={8}>
              <label htmlFor={metricId}>{t('model-evaluate.report.worst.metric')}</label>
              <Select<string>
                id={metricId}
                className="evaluate-items__metric"
                value={shownMetric ?? undefined}
                options={metricOptions.map((m) => ({ value: m, label: metricLabel(m) }))}
                onChange={(next) => setParam({ [METRIC_PARAM]: next, [PAGE_PARAM]: null })}
              />
            </Space>
          )}
          <Typography.Text type="secondary">{t('table.total', { total })}</Typography.Text>
        </Space>
      )}
      {query.isLoading ? (
        <Skeleton active />
      ) : !items.length ? (
        <Empty description={t('model-evaluate.items.empty')} />
      ) : (
        items.map((item) => (
          <Card
            key={item.itemId}
            type="inner"
            className="evaluate-item"
            data-item={item.itemId}
            title={t('model-evaluate.items.item', { id: item.itemId })}
            extra={
              sort === 'worst' && shownMetric && item.lowest !== null ? (
                <Typography.Text type="secondary">
                  {t('model-evaluate.report.worst.lowest')} · {metricLabel(shownMetric)}{' '}
                  <Typography.Text strong>
                    {formatScore(item.lowest, i18n.language)}
                  </Typography.Text>
                </Typography.Text>
              ) : undefined
            }
          >
            <Typography.Text type="secondary">
              {t('model-evaluate-result.fields.question')}
            </Typography.Text>
            <Typography.Paragraph className="evaluate-item__text" strong>
              {item.question}
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              {t('model-evaluate-result.fields.expectedAnswer')}
            </Typography.Text>
            <Typography.Paragraph className="evaluate-item__text">
              {item.expectedAnswer ?? '-'}
            </Typography.Paragraph>
            <div className="evaluate-item__columns">
              {item.results.map((result) => (
                <ResultAnswer
                  key={`${result.id}-${result.version}`}
                  result={result}
                  baseline={result.modelVersion === baseline}
                  editable={paths.canScore}
                  onChanged={() => void query.refetch()}
                />
              ))}
            </div>
          </Card>
        ))
      )}
      {single === undefined && total > ITEMS_PAGE_SIZE && (
        <Pagination
          className="evaluate-item__pagination"
          current={page}
          pageSize={ITEMS_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={(next) => setParam({ [PAGE_PARAM]: String(next) })}
        />
      )}
    </Card>
  );
}
