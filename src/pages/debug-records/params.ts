import dayjs from 'dayjs';
import { DEBUG_RECORD_STATES } from '../../../contract/debug-records';
import { CALL_SOURCES } from '../../../contract/resources/prompt-call';

export const TABS = ['server', 'browser'] as const;
export type DebugTab = (typeof TABS)[number];
export type RecordSource = (typeof CALL_SOURCES)[number];
export type RecordState = (typeof DEBUG_RECORD_STATES)[number];

export const PAGE_SIZES = [10, 20, 50, 100];
const DEFAULT_SIZE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The server tab's list as the address keeps it: days are local calendar days (YYYY-MM-DD). */
export interface RecordQuery {
  current: number;
  pageSize: number;
  modelVersion?: string;
  source?: RecordSource;
  state?: RecordState;
  from?: string;
  to?: string;
}

export interface DebugParams {
  tab: DebugTab;
  query: RecordQuery;
  /** The record whose drawer is open. */
  record: number | null;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

// dayjs rolls 2026-13-45 over into a later date: only a day that formats back to itself is one.
const day = (value: string | null): string | undefined =>
  value && DAY.test(value) && dayjs(value).format('YYYY-MM-DD') === value ? value : undefined;

/** What the address asks for; anything malformed falls back to the default, never throws. */
export function parseParams(params: URLSearchParams): DebugParams {
  const size = Number(params.get('size'));
  const record = Number(params.get('record'));
  let from = day(params.get('from'));
  let to = day(params.get('to'));
  // A hand-edited range given backwards still means the days between.
  if (from && to && from > to) [from, to] = [to, from];
  return {
    tab: oneOf(TABS, params.get('tab')) ?? 'server',
    query: {
      current: Math.min(100_000, Math.max(1, Math.trunc(Number(params.get('page'))) || 1)),
      pageSize: PAGE_SIZES.includes(size) ? size : DEFAULT_SIZE,
      modelVersion: params.get('model')?.trim().slice(0, 64) || undefined,
      source: oneOf(CALL_SOURCES, params.get('source')),
      state: oneOf(DEBUG_RECORD_STATES, params.get('state')),
      from,
      to,
    },
    record: Number.isSafeInteger(record) && record > 0 ? record : null,
  };
}

/**
 * The address for `next`, keeping parameters this page does not own; defaults are left out so
 * the plain page has the plain address.
 */
export function writeParams(prev: URLSearchParams, next: DebugParams): URLSearchParams {
  const out = new URLSearchParams(prev);
  const put = (key: string, value: string | number | null | undefined, fallback?: string) => {
    const text = value === null || value === undefined ? '' : String(value);
    if (text && text !== fallback) out.set(key, text);
    else out.delete(key);
  };
  const q = next.query;
  put('tab', next.tab, 'server');
  put('page', q.current, '1');
  put('size', q.pageSize, String(DEFAULT_SIZE));
  put('model', q.modelVersion);
  put('source', q.source);
  put('state', q.state);
  put('from', q.from);
  put('to', q.to);
  put('record', next.record);
  return out;
}

/**
 * The debug-record/page body: the days become instants with the browser's offset, `to` the
 * start of the day after it, as the server takes `to` as exclusive.
 */
export function pageBody(query: RecordQuery) {
  const { from, to, ...rest } = query;
  return {
    ...rest,
    ...(from ? { from: dayjs(from).startOf('day').format() } : {}),
    ...(to ? { to: dayjs(to).add(1, 'day').startOf('day').format() } : {}),
  };
}

export interface RequestMessage {
  role: string;
  content: string;
}

/** The detail's `request` as far as it can be read: the server stores it as free JSON. */
export interface RecordRequest {
  messages: RequestMessage[];
  provider: string | null;
  model: string | null;
  edited: boolean;
  variables: [string, string][];
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v);

export function readRequest(value: unknown): RecordRequest {
  const r = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const messages = Array.isArray(r.messages) ? (r.messages as unknown[]) : [];
  const variables =
    r.variables && typeof r.variables === 'object' && !Array.isArray(r.variables)
      ? Object.entries(r.variables as Record<string, unknown>)
      : [];
  return {
    messages: messages.map((m) => {
      const o = m && typeof m === 'object' ? (m as Record<string, unknown>) : {};
      return { role: text(o.role), content: text(o.content) };
    }),
    provider: typeof r.provider === 'string' ? r.provider : null,
    model: typeof r.model === 'string' ? r.model : null,
    edited: r.edited === true,
    variables: variables.map(([k, v]) => [k, text(v)]),
  };
}
