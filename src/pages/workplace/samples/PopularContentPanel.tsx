import { Card, Progress, Segmented, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POPULAR_TYPES } from '../../../../mock/constants';
import type { PopularItem, PopularType } from '../../../../mock/types';
import { formatCount } from '../../../components/charts/format';
import { SAMPLE_CALLS, useSampleQuery } from '../../samples/api';
import { SampleState } from '../../samples/SampleState';
import { Trend } from '../../samples/Trend';

/** Popular content of one type (spec §7 GET /api/popular/list?type=: 5 items per type). */
export function PopularContentPanel() {
  const { t, i18n } = useTranslation();
  const [type, setType] = useState<PopularType>('text');
  const query = useSampleQuery<PopularItem[]>(SAMPLE_CALLS.popularList, { type }, true);
  const columns: TableColumnsType<PopularItem> = [
    {
      title: t('samples.workplace.popular.rank'),
      key: 'rank',
      width: 64,
      render: (_, __, i) => i + 1,
    },
    { title: t('samples.workplace.popular.contentTitle'), dataIndex: 'title', ellipsis: true },
    {
      title: t('samples.workplace.popular.clicks'),
      dataIndex: 'clickNumber',
      align: 'right',
      render: (v: number) => formatCount(v, i18n.language),
    },
    {
      title: t('samples.workplace.popular.share'),
      dataIndex: 'width',
      className: 'sample-popular__bar',
      render: (v: number) => <Progress percent={v} showInfo={false} size="small" />,
    },
    {
      title: t('samples.workplace.popular.increases'),
      dataIndex: 'increases',
      align: 'right',
      render: (v: number) => <Trend value={v} />,
    },
  ];
  return (
    <Card
      title={t('samples.workplace.popular.title')}
      data-testid="sample-popular"
      extra={
        <Segmented<PopularType>
          value={type}
          onChange={setType}
          options={POPULAR_TYPES.map((p) => ({
            value: p,
            label: t(`samples.workplace.popular.types.${p}`),
          }))}
          data-testid="popular-types"
        />
      }
    >
      <SampleState query={query} rows={5} height={234}>
        {(items) => (
          <Table<PopularItem>
            rowKey="key"
            size="small"
            columns={columns}
            dataSource={items}
            loading={query.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        )}
      </SampleState>
    </Card>
  );
}
