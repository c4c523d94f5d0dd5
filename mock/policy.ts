import {
  POLICY_CONTENT_TYPES,
  POLICY_FILTER_TYPES,
  POLICY_STATUSES,
  POLICY_TOTAL,
} from './constants';
import { seeded } from './random';
import type { PolicyFilter } from './schemas';
import { dayTime } from './time';
import type { PolicyPage, PolicyRow } from './types';

const SUBJECTS = [
  '客服问答',
  '营销文案',
  '合同抽取',
  '知识库问答',
  '会议纪要',
  '代码助手',
  '内容审核',
];
const RULES = ['敏感词拦截', '隐私脱敏', '长度限制', '低置信度转人工', '重复合并', '事实核查'];

/**
 * The 55 rows of the policy (search-table) list, newest first: the same rows on every call, so
 * paging is stable; only their dates move with `now`. Rows are on distinct days, one to two days
 * apart, between 01:00 and 15:59 UTC.
 */
export function policyRows(now: Date): PolicyRow[] {
  const random = seeded('policy');
  let daysAgo = 0;
  return Array.from({ length: POLICY_TOTAL }, (_, i) => {
    const row: PolicyRow = {
      id: i + 1,
      number: random.int(1_000, 9_999),
      name: `${random.pick(SUBJECTS)}-${random.pick(RULES)}`,
      contentType: random.pick(POLICY_CONTENT_TYPES),
      count: random.int(20, 2_000),
      status: random.pick(POLICY_STATUSES),
      filterType: random.pick(POLICY_FILTER_TYPES),
      createdTime: dayTime(now, daysAgo, random.int(60, 959)),
    };
    daysAgo += random.int(1, 2);
    return row;
  });
}

/** An end of the createdTime range as a time in ms; a bare day covers the whole UTC day. */
function rangeEnd(value: string, end: 'from' | 'to'): number | undefined {
  if (value === '') return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return Date.parse(`${value}T${end === 'from' ? '00:00:00.000' : '23:59:59.999'}Z`);
  }
  return Date.parse(value);
}

/** One page of the rows that pass every filter given, and how many pass. */
export function policyPage(rows: readonly PolicyRow[], filter: PolicyFilter): PolicyPage {
  const from = filter.createdTime ? rangeEnd(filter.createdTime[0], 'from') : undefined;
  const to = filter.createdTime ? rangeEnd(filter.createdTime[1], 'to') : undefined;
  const name = filter.name?.toLowerCase();
  const matching = rows.filter((row) => {
    const created = Date.parse(row.createdTime);
    return (
      (!filter.number || String(row.number).includes(filter.number)) &&
      (!name || row.name.toLowerCase().includes(name)) &&
      (!filter.contentType || row.contentType === filter.contentType) &&
      (!filter.filterType || row.filterType === filter.filterType) &&
      (!filter.status || row.status === filter.status) &&
      (from === undefined || created >= from) &&
      (to === undefined || created <= to)
    );
  });
  const start = (filter.current - 1) * filter.pageSize;
  return { list: matching.slice(start, start + filter.pageSize), total: matching.length };
}
