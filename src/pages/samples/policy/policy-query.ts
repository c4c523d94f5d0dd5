import dayjs from 'dayjs';
import {
  POLICY_CONTENT_TYPES,
  POLICY_CURRENT,
  POLICY_FILTER_TYPES,
  POLICY_MAX_PAGE_SIZE,
  POLICY_PAGE_SIZE,
  POLICY_STATUSES,
} from '../../../../mock/constants';
import type { PolicyContentType, PolicyFilterType, PolicyStatus } from '../../../../mock/types';

/** The policy list's filters, as the filter form holds them and the URL keeps them. */
export interface PolicyFilters {
  number?: string;
  name?: string;
  contentType?: PolicyContentType;
  filterType?: PolicyFilterType;
  status?: PolicyStatus;
  /** Days, `YYYY-MM-DD`, both inclusive, in the browser's zone. */
  createdTime?: [string, string];
}

/** Everything the page shows: the filters plus the table's page. */
export interface PolicyView extends PolicyFilters {
  current: number;
  pageSize: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TEXT_MAX = 50;

function oneOf<T extends string>(options: readonly T[], value: string | null): T | undefined {
  return options.find((o) => o === value);
}

function positive(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) {
  if (!value || !/^\d+$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

function text(value: string | null): string | undefined {
  const v = value?.trim();
  return v ? v.slice(0, TEXT_MAX) : undefined;
}

/** A real calendar day: dayjs rolls 2025-13-45 over into 2026, so it must format back. */
function isDay(value: string): boolean {
  return DAY.test(value) && dayjs(value).format('YYYY-MM-DD') === value;
}

function dayRange(value: string | null): [string, string] | undefined {
  const [from = '', to = ''] = (value ?? '').split(',');
  if (!isDay(from) || !isDay(to)) return undefined;
  return from <= to ? [from, to] : [to, from];
}

/**
 * The view a URL asks for. Anything it cannot use (a page of -1, an unknown status, a half
 * range) falls back to the default rather than failing, so a hand-edited link still opens.
 */
export function viewFromSearch(params: URLSearchParams): PolicyView {
  const view: PolicyView = {
    current: positive(params.get('current'), POLICY_CURRENT),
    pageSize: positive(params.get('pageSize'), POLICY_PAGE_SIZE, POLICY_MAX_PAGE_SIZE),
  };
  const number = text(params.get('number'));
  const name = text(params.get('name'));
  const contentType = oneOf(POLICY_CONTENT_TYPES, params.get('contentType'));
  const filterType = oneOf(POLICY_FILTER_TYPES, params.get('filterType'));
  const status = oneOf(POLICY_STATUSES, params.get('status'));
  const createdTime = dayRange(params.get('createdTime'));
  if (number) view.number = number;
  if (name) view.name = name;
  if (contentType) view.contentType = contentType;
  if (filterType) view.filterType = filterType;
  if (status) view.status = status;
  if (createdTime) view.createdTime = createdTime;
  return view;
}

/** The URL query of a view: defaults and empty filters left out, so a plain link stays plain. */
export function searchFromView(view: PolicyView): URLSearchParams {
  const out = new URLSearchParams();
  if (view.current !== POLICY_CURRENT) out.set('current', String(view.current));
  if (view.pageSize !== POLICY_PAGE_SIZE) out.set('pageSize', String(view.pageSize));
  for (const key of ['number', 'name', 'contentType', 'filterType', 'status'] as const) {
    const v = view[key]?.trim();
    if (v) out.set(key, v);
  }
  if (view.createdTime) out.set('createdTime', view.createdTime.join(','));
  return out;
}

/**
 * The query GET /api/list/policy takes for a view. The range's days are the browser's days:
 * they travel as the instants where that day starts and ends here, not as UTC days.
 */
export function requestOf(view: PolicyView): Record<string, string | number> {
  const out: Record<string, string | number> = {
    current: view.current,
    pageSize: view.pageSize,
  };
  for (const key of ['number', 'name', 'contentType', 'filterType', 'status'] as const) {
    const v = view[key]?.trim();
    if (v) out[key] = v;
  }
  if (view.createdTime) {
    const [from, to] = view.createdTime;
    out.createdTime = [
      dayjs(from).startOf('day').toISOString(),
      dayjs(to).endOf('day').toISOString(),
    ].join(',');
  }
  return out;
}

/** A new filter set starts again at page 1 with the same page size. */
export function applyFilters(view: PolicyView, filters: PolicyFilters): PolicyView {
  return { ...filters, current: POLICY_CURRENT, pageSize: view.pageSize };
}

/** Whether a view filters at all (the reset button's state). */
export function hasFilters(view: PolicyView): boolean {
  return searchFromView({ ...view, current: POLICY_CURRENT, pageSize: POLICY_PAGE_SIZE }).size > 0;
}

/**
 * The view to show instead when the page is past the last one of `total` rows (a link kept from
 * before a filter, or a hand-edited page), else null.
 */
export function clampedView(view: PolicyView, total: number): PolicyView | null {
  const last = Math.max(POLICY_CURRENT, Math.ceil(total / view.pageSize));
  return view.current > last ? { ...view, current: last } : null;
}
