import {
  Badge,
  Card,
  Col,
  Row,
  Space,
  Statistic,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { PUBLIC_OPINION_QUOTAS } from '../../../../mock/constants';
import type {
  ContentPeriodAnalysis,
  ContentPublishSeries,
  PopularAuthor,
  PopularAuthorList,
  PublicOpinionAnalysis,
  PublicOpinionQuota,
} from '../../../../mock/types';
import { Chart } from '../../../components/charts/Chart';
import { formatCompact, formatCount, formatShare } from '../../../components/charts/format';
import { SAMPLE_CALLS, useSampleQuery, useSamplePostQuery } from '../api';
import { SampleState } from '../SampleState';
import { Trend } from '../Trend';
import { isPie, linePoints, periodPoints, publishPoints } from './analysis-data';
import '../samples.css';

const MINI_HEIGHT = 80;

function QuotaChart({
  quota,
  answer,
}: {
  quota: PublicOpinionQuota;
  answer: PublicOpinionAnalysis;
}) {
  const { t, i18n } = useTranslation();
  const label = t(`samples.analysis.quotas.${quota}`);
  if (isPie(answer.chartData)) {
    // The card is narrow: a legend inside the chart would be cut, so it sits beside it.
    return (
      <div className="sample-pie">
        <div className="sample-pie__chart">
          <Chart
            kind="pie"
            label={label}
            height={MINI_HEIGHT}
            config={{
              data: answer.chartData,
              angleField: 'value',
              colorField: 'name',
              innerRadius: 0.6,
              scale: { color: { range: answer.chartData.map((s) => s.color) } },
              legend: false,
              label: false,
            }}
          />
        </div>
        <Space direction="vertical" size={0} className="sample-pie__legend">
          {answer.chartData.map((slice) => (
            <Badge
              key={slice.name}
              color={slice.color}
              text={`${slice.name} ${formatShare(slice.value / 100, i18n.language)}`}
            />
          ))}
        </Space>
      </div>
    );
  }
  const points = linePoints(answer.chartData);
  const axisOff = { x: false, y: false } as const;
  return quota === 'published' ? (
    <Chart
      kind="column"
      label={label}
      height={MINI_HEIGHT}
      config={{ data: points, xField: 'x', yField: 'y', axis: axisOff, legend: false }}
    />
  ) : (
    <Chart
      kind="line"
      label={label}
      height={MINI_HEIGHT}
      config={{
        data: points,
        xField: 'x',
        yField: 'y',
        colorField: 'name',
        shapeField: 'smooth',
        axis: axisOff,
        legend: false,
      }}
    />
  );
}

/** One public-opinion card (spec §7 POST /api/public-opinion-analysis { quota }). */
function QuotaCard({ quota }: { quota: PublicOpinionQuota }) {
  const { t, i18n } = useTranslation();
  const query = useSamplePostQuery<PublicOpinionAnalysis>(SAMPLE_CALLS.publicOpinion, { quota });
  return (
    <Card size="small" data-testid={`opinion-${quota}`}>
      <SampleState query={query} rows={2}>
        {(answer) => (
          <>
            <Statistic
              title={t(`samples.analysis.quotas.${quota}`)}
              value={formatCount(answer.count, i18n.language)}
            />
            <Space size={4}>
              <Typography.Text type="secondary">{t('samples.analysis.growth')}</Typography.Text>
              <Trend value={answer.growth} />
            </Space>
            <QuotaChart quota={quota} answer={answer} />
          </>
        )}
      </SampleState>
    </Card>
  );
}

function PeriodCard() {
  const { t, i18n } = useTranslation();
  const query = useSampleQuery<ContentPeriodAnalysis>(SAMPLE_CALLS.contentPeriod);
  const title = t('samples.analysis.period');
  return (
    <Card title={title} data-testid="content-period">
      <SampleState query={query} rows={6} isEmpty={(a) => a.data.length === 0}>
        {(answer) => (
          <Chart
            kind="line"
            label={title}
            height={320}
            config={{
              data: periodPoints(answer),
              xField: 'x',
              yField: 'value',
              colorField: 'name',
              shapeField: 'smooth',
              axis: { y: { labelFormatter: (v: number) => formatCompact(v, i18n.language) } },
              legend: { color: { position: 'top' } },
            }}
          />
        )}
      </SampleState>
    </Card>
  );
}

function PublishCard() {
  const { t, i18n } = useTranslation();
  const query = useSampleQuery<ContentPublishSeries[]>(SAMPLE_CALLS.contentPublish);
  const title = t('samples.analysis.publish');
  return (
    <Card title={title} data-testid="content-publish">
      <SampleState query={query} rows={6} isEmpty={(a) => a.length === 0}>
        {(answer) => (
          <Chart
            kind="column"
            label={title}
            height={320}
            config={{
              data: publishPoints(answer),
              xField: 'x',
              yField: 'value',
              colorField: 'name',
              stack: true,
              axis: { y: { labelFormatter: (v: number) => formatCompact(v, i18n.language) } },
              legend: { color: { position: 'top' } },
            }}
          />
        )}
      </SampleState>
    </Card>
  );
}

function AuthorsCard() {
  const { t, i18n } = useTranslation();
  const query = useSampleQuery<PopularAuthorList>(SAMPLE_CALLS.popularAuthors);
  const columns: TableColumnsType<PopularAuthor> = [
    { title: t('samples.analysis.authors.ranking'), dataIndex: 'ranking', width: 72 },
    { title: t('samples.analysis.authors.author'), dataIndex: 'author' },
    {
      title: t('samples.analysis.authors.contentCount'),
      dataIndex: 'contentCount',
      align: 'right',
      render: (v: number) => formatCount(v, i18n.language),
    },
    {
      title: t('samples.analysis.authors.clickCount'),
      dataIndex: 'clickCount',
      align: 'right',
      render: (v: number) => formatCount(v, i18n.language),
    },
  ];
  return (
    <Card title={t('samples.analysis.authors.title')} data-testid="popular-authors">
      <SampleState query={query} rows={6} isEmpty={(a) => a.list.length === 0}>
        {(answer) => (
          <Table<PopularAuthor>
            rowKey="ranking"
            size="small"
            columns={columns}
            dataSource={answer.list}
            pagination={false}
          />
        )}
      </SampleState>
    </Card>
  );
}

/**
 * The sample content analytics (spec §1): the four public-opinion cards, content by time of
 * day, content published by type and the popular authors, all from the mocked handlers.
 */
export default function ContentAnalysisPage() {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={16} className="sample-page" data-testid="content-analysis">
      <Typography.Title level={5} className="sample-page__title">
        {t('samples.analysis.opinion')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {PUBLIC_OPINION_QUOTAS.map((quota) => (
          <Col xs={24} sm={12} xl={6} key={quota}>
            <QuotaCard quota={quota} />
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <PeriodCard />
        </Col>
        <Col xs={24} xl={8}>
          <AuthorsCard />
        </Col>
      </Row>
      <PublishCard />
    </Space>
  );
}
