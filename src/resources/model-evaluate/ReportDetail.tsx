import { BarChartOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Pagination, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useDetailRecord } from '../../components/resource/use-detail-record';
import { useView } from '../view';
import { ITEMS_PAGE_SIZE, useReportItems, type Evaluation } from './api';
import { useEvaluatePaths } from './paths';
import { ResultAnswer } from './ResultAnswer';
import './model-evaluate.css';

const PAGE_PARAM = 'page';
const KEYWORD_PARAM = 'keyword';

/** The page number kept in the URL (`?page=`), 1 when absent or not a positive integer. */
export function pageOf(params: URLSearchParams): number {
  const n = Number(params.get(PAGE_PARAM));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * The evaluated items of one evaluation, a page at a time: each item's question and expected
 * answer, then every model version's answer side by side, each scored by the operator.
 */
export default function ReportDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { route } = useView();
  const paths = useEvaluatePaths();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const keyword = params.get(KEYWORD_PARAM) ?? '';
  const { id, record, placeholder } = useDetailRecord<Evaluation>();
  const { items, total, query } = useReportItems(record ? id : '', page, keyword);
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
      <Space wrap className="evaluate-items__toolbar">
        <Input.Search
          className="evaluate-items__search"
          allowClear
          defaultValue={keyword}
          placeholder={t('model-evaluate.items.search')}
          aria-label={t('model-evaluate.items.search')}
          onSearch={(value) => setParam({ [KEYWORD_PARAM]: value.trim(), [PAGE_PARAM]: null })}
        />
        <Typography.Text type="secondary">{t('table.total', { total })}</Typography.Text>
      </Space>
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
            title={t('model-evaluate.items.item', { id: item.itemId })}
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
      {total > ITEMS_PAGE_SIZE && (
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
