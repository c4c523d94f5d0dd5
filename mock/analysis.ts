import { CHART_POINTS, DAILY_POINTS, PIE_SHARES } from './constants';
import { seeded } from './random';
import { clock, lastDays } from './time';
import type {
  ChartPoint,
  ContentPeriodAnalysis,
  ContentPublishSeries,
  DataChainGrowth,
  DataChainQuota,
  DataOverview,
  PieSlice,
  PopularAuthorList,
  PublicOpinionAnalysis,
  PublicOpinionQuota,
} from './types';

/** The content-analytics and data-overview pages (spec §3, §7): 12 or 8 chart points (§9). */

const SERIES = ['纯文本', '图文类', '视频类'];

/** The day's two-hour slots, '00:00' … '22:00'. */
const SLOTS = Array.from({ length: CHART_POINTS }, (_, i) => clock(i * 120));

const PIE: readonly Omit<PieSlice, 'value'>[] = [
  { name: '纯文本', color: '#8D4EDA' },
  { name: '图文类', color: '#00B2FF' },
  { name: '视频类', color: '#165DFF' },
];

const OPINION_TOTALS: Record<PublicOpinionQuota, { count: number; growth: number }> = {
  visitors: { count: 5_670, growth: 206.32 },
  comment: { count: 2_348, growth: 38.15 },
  published: { count: 1_126, growth: -12.4 },
  other: { count: 873, growth: 9.7 },
};

/**
 * One public-opinion card: visitors and comments compare this year with last year month by
 * month; published counts the last 12 days; other is the content-type pie, 25 / 35 / 40 percent.
 */
export function publicOpinion(quota: PublicOpinionQuota, now: Date): PublicOpinionAnalysis {
  const random = seeded(`public-opinion-${quota}`);
  const totals = OPINION_TOTALS[quota];
  if (quota === 'other') {
    const chartData = PIE.map((slice, i) => ({ ...slice, value: PIE_SHARES[i] ?? 0 }));
    return { ...totals, chartData };
  }
  if (quota === 'published') {
    const chartData: ChartPoint[] = lastDays(now, CHART_POINTS).map((x) => ({
      x,
      y: random.int(20, 100),
      name: '发布量',
    }));
    return { ...totals, chartData };
  }
  const year = now.getUTCFullYear();
  const chartData: ChartPoint[] = [year, year - 1].flatMap((y) =>
    Array.from({ length: CHART_POINTS }, (_, month) => ({
      x: String(month + 1),
      y: random.int(0, 100),
      name: String(y),
    })),
  );
  return { ...totals, chartData };
}

/** Content read per two-hour slot of the day, by content type. */
export function contentPeriod(): ContentPeriodAnalysis {
  const random = seeded('content-period');
  return {
    xAxis: SLOTS,
    data: SERIES.map((name) => ({
      name,
      value: SLOTS.map(() => random.int(30, 90)),
    })),
  };
}

/** Content published per two-hour slot, by content type. */
export function contentPublish(): ContentPublishSeries[] {
  const random = seeded('content-publish');
  return SERIES.map((name) => ({ name, x: SLOTS, y: SLOTS.map(() => random.int(1_000, 3_000)) }));
}

const AUTHORS = [
  '提示词研究所',
  '大模型观察',
  '智能客服笔记',
  '语料工坊',
  '评测实验室',
  '智能体手记',
  '向量检索派',
];

/** The most read authors, ranking 1 first. */
export function popularAuthors(): PopularAuthorList {
  const random = seeded('popular-author');
  const rows = AUTHORS.map((author) => ({
    author,
    contentCount: random.int(1_000, 9_999),
    clickCount: random.int(1_000, 9_999),
  })).sort((a, b) => b.clickCount - a.clickCount);
  return { list: rows.map((row, i) => ({ ranking: i + 1, ...row })) };
}

/** One retention or consumption card: 12 daily points, the series named after the quota. */
export function dataChainGrowth(quota: DataChainQuota, now: Date): DataChainGrowth {
  const random = seeded(`data-chain-${quota}`);
  const xAxis = lastDays(now, CHART_POINTS);
  return {
    count: random.int(1_000, 3_000),
    growth: random.float(20, 100, 2),
    chartData: { xAxis, data: { name: quota, value: xAxis.map(() => random.int(1_000, 3_000)) } },
  };
}

const OVERVIEW: readonly [name: string, count: number][] = [
  ['内容生产量', 5_670],
  ['内容点击量', 9_040],
  ['内容曝光量', 7_543],
  ['活跃用户数', 1_256],
];

/** The data overview: 8 days of four measures, each with its period total. */
export function dataOverview(now: Date): DataOverview {
  const random = seeded('data-overview');
  const xAxis = lastDays(now, DAILY_POINTS);
  return {
    xAxis,
    data: OVERVIEW.map(([name, count]) => ({
      name,
      count,
      value: xAxis.map(() => random.int(Math.round(count / 20), Math.round(count / 6))),
    })),
  };
}
