import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Result, Space, Spin, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../components/charts/format';
import { useView } from '../view';
import { useStatistic } from './statistics/api';
import { CsvButton } from './statistics/CsvButton';
import { FilterBar } from './statistics/FilterBar';
import {
  filtersFromParams,
  paramsFromFilters,
  queryOf,
  todayIn,
  type StatisticFilters,
} from './statistics/filters';
import {
  DEFAULT_SORT,
  sortFromParams,
  sortRows,
  totalsRows,
  type TableSort,
} from './statistics/rows';
import { PARAMS } from './statistics/filters';
import { SummaryCards } from './statistics/SummaryCards';
import { TotalsTable } from './statistics/TotalsTable';
import { useTogether } from './statistics/together';
import { UsageCharts } from './statistics/UsageCharts';
import './statistics/statistics.css';
import { Tip } from '../../components/Tip';
import { preloadCharts } from '../../components/charts/Chart';

// Its charts' library loads with the page's code, alongside the page's answers.
preloadCharts();

/**
 * Usage statistics (spec §2 /scene statistics, §7 /statistic/…): totals, charts over time and
 * a per-scene table for a range, scene, model version and granularity. The filter and the
 * table's sort live in the URL, so a reload or a shared link shows the same view.
 */
export default function StatisticsPage() {
  const { t, i18n } = useTranslation();
  const { route } = useView();
  const [params, setParams] = useSearchParams();
  const today = todayIn();
  const filters = useMemo(() => filtersFromParams(params, today), [params, today]);
  const sort = useMemo(() => sortFromParams(params), [params]);
  const body = useMemo(() => queryOf(filters), [filters]);

  const sceneList = useStatistic('sceneList', body);
  const times = useStatistic('sceneTimes', body);
  const chats = useStatistic('sceneChatTimes', body);
  const tokens = useStatistic('tokens', body);
  const cost = useStatistic('cost', body);
  const calls = [sceneList, times, chats, tokens, cost];
  // The three stacked charts share their scenes' colours, so they change together, once all
  // three answers are for the filters shown: one drawing each rather than one per answer.
  const layered = [times, chats, cost];
  const [timesShown, chatsShown, costShown] = useTogether(
    [times.data, chats.data, cost.data] as const,
    layered.every((c) => c.fresh && !c.loading),
  );
  const failed = calls.some((c) => c.error);
  const fetching = calls.some((c) => c.fetching);
  const retry = () => calls.forEach((c) => c.refetch());

  const setFilters = (next: StatisticFilters) => setParams((prev) => paramsFromFilters(next, prev));
  // Kept between renders so the table is not rendered again by answers that leave it as it is.
  const setSort = useCallback(
    (next: TableSort) => {
      if (next.key === sort.key && next.order === sort.order) return;
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          out.set(PARAMS.sort, next.key);
          out.set(PARAMS.order, next.order);
          if (next.key === DEFAULT_SORT.key && next.order === DEFAULT_SORT.order) {
            out.delete(PARAMS.sort);
            out.delete(PARAMS.order);
          }
          return out;
        },
        { replace: true },
      );
    },
    [sort, setParams],
  );

  const rows = useMemo(
    () => sortRows(totalsRows(sceneList.data?.list ?? [], cost.data?.scenes), sort),
    [sceneList.data, cost.data, sort],
  );
  const totals = sceneList.data?.totals;
  const empty = !!totals && totals.calls === 0 && totals.chats === 0;
  const locale = i18n.language;
  const chosenScene = sceneList.data?.list.find((r) => r.sceneCode === filters.sceneCode);
  const range = sceneList.data?.range;

  return (
    <Card
      title={t(route.locale)}
      className="statistics-page"
      data-testid="statistics-page"
      extra={
        <Space wrap>
          <CsvButton rows={rows} filters={filters} />
          <Tip title={t('buttons.refresh')}>
            <Button
              icon={<ReloadOutlined aria-hidden />}
              aria-label={t('buttons.refresh')}
              loading={fetching}
              onClick={retry}
            />
          </Tip>
        </Space>
      }
    >
      <FilterBar
        filters={filters}
        today={today}
        sceneName={chosenScene?.sceneName ?? undefined}
        onChange={setFilters}
      />
      <Typography.Paragraph type="secondary" className="statistics-page__range">
        {t('statistics.filters.summary', {
          start: formatDate(filters.startDate, locale),
          end: formatDate(filters.endDate, locale),
          zone: range?.timeZone ?? body.timeZone,
        })}
      </Typography.Paragraph>
      {failed ? (
        <Result
          status="error"
          title={t('statistics.error.title')}
          subTitle={t('statistics.error.detail')}
          extra={
            <Button type="primary" onClick={retry} data-testid="statistics-retry">
              {t('statistics.error.retry')}
            </Button>
          }
        />
      ) : (
        <Spin spinning={fetching && !!totals} delay={200}>
          <Space direction="vertical" size={16} className="statistics-page__body">
            <SummaryCards totals={totals} />
            {empty ? (
              <Card>
                <Empty description={t('statistics.empty')} data-testid="statistics-empty" />
              </Card>
            ) : (
              <>
                <UsageCharts
                  granularity={filters.granularity}
                  withYear={filters.startDate.slice(0, 4) !== filters.endDate.slice(0, 4)}
                  sceneList={sceneList.data}
                  times={timesShown}
                  chats={chatsShown}
                  tokens={tokens.data}
                  cost={costShown}
                />
                <Card size="small" title={t('statistics.table.title')}>
                  <TotalsTable
                    rows={rows}
                    sort={sort}
                    onSort={setSort}
                    loading={sceneList.loading}
                  />
                </Card>
              </>
            )}
          </Space>
        </Spin>
      )}
    </Card>
  );
}
