import {
  useCustom,
  useCustomMutation,
  useInvalidate,
  type BaseKey,
  type BaseRecord,
} from '@refinedev/core';
import { feedbackMessage } from '../../providers/feedback';
import { apiPath, endpointPath } from '../../../contract/api';
import type { EvaluationMetric, EvaluationState } from '../../../contract/resources/model-evaluate';
import { modelEvaluate } from '../../../contract/resources/model-evaluate';
import { modelEvaluateResult } from '../../../contract/resources/model-evaluate-result';

/** An evaluation as detail and page answer it. */
export interface Evaluation extends BaseRecord {
  id: number;
  version: number;
  evaluateName: string;
  corpusId: number;
  corpusName: string | null;
  modelVersions: string[];
  baselineVersion: string | null;
  templateId: number | null;
  templateTitle: string | null;
  metrics: EvaluationMetric[] | null;
  judgeVersion: string | null;
  judgeRubric: string | null;
  state: EvaluationState;
  progress: number;
  resultCount: number;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  description: string | null;
  createdAt: string;
}

/**
 * A result's scores: metric name → 0–100 (a failed judge leaves `judge` null), and what the run
 * noted beside them (the judge's reason, or why it could not judge; cost, tokens).
 */
export type ResultScores = { [key: string]: unknown } & Partial<
  Record<EvaluationMetric, number | null>
> & { judgeReason?: string; judgeError?: string };

/** A metric's score of a result, when it has one. */
export function scoreOf(
  scores: ResultScores | null | undefined,
  metric: string,
): number | undefined {
  const value = scores?.[metric];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** One model version's answer to one item (model-evaluate/result). */
export interface EvaluationResult extends BaseRecord {
  id: number;
  version: number;
  itemId: number;
  question: string;
  expectedAnswer: string | null;
  modelVersion: string;
  answer: string | null;
  scores: ResultScores | null;
  latencyMs: number;
  totalTokens: number;
  humanScore: number | null;
  comment: string | null;
}

/** A mean with its 95 % interval, and how many values it is the mean of. */
export interface Interval {
  mean: number;
  low: number;
  high: number;
  n: number;
}

/** One metric of a version against the baseline, paired by item. */
export interface Versus extends Interval {
  win: number;
  loss: number;
  tie: number;
}

export interface ReportRow {
  modelVersion: string;
  results: number;
  /** Items this version failed to answer. */
  failed: number;
  metrics: Partial<Record<EvaluationMetric, number>>;
  intervals: Partial<Record<EvaluationMetric, Interval>>;
  humanScore: number | null;
  humanScored: number;
  latencyMs: number | null;
  totalTokens: number;
  meanTokens: number | null;
  cost: { total: number; mean: number; n: number } | null;
  diff: Partial<Record<EvaluationMetric, number>> | null;
  /** Null for the baseline itself. */
  versus: Partial<Record<EvaluationMetric, Versus>> | null;
}

export interface Report {
  baseline: string | null;
  /** The evaluation's own metrics, then any other its results carry. */
  metrics: EvaluationMetric[];
  rows: ReportRow[];
}

export interface ReportItem {
  itemId: number;
  question: string;
  expectedAnswer: string | null;
  /** The lowest score of the answer's `metric` among the versions. */
  lowest: number | null;
  results: EvaluationResult[];
}

export type ItemSort = 'item' | 'worst';

export const EVALUATE_CALLS = {
  run: endpointPath(modelEvaluate, 'run'),
  progress: endpointPath(modelEvaluate, 'progress'),
  cancel: endpointPath(modelEvaluate, 'cancel'),
  report: endpointPath(modelEvaluate, 'report'),
  reportItems: endpointPath(modelEvaluate, 'reportItems'),
  reportExport: endpointPath(modelEvaluate, 'reportExport'),
  resultDetail: apiPath(modelEvaluateResult.prefix, 'detail'),
  resultUpdate: apiPath(modelEvaluateResult.prefix, 'update'),
} as const;

/** Items per page of the report detail (the server allows up to 20). */
export const ITEMS_PAGE_SIZE = 5;

/** `model-evaluate/report {id, baseline?}`: per version the means and the baseline diff. */
export function useReport(id: string, baseline: string | undefined) {
  const { result, query } = useCustom<Report>({
    url: EVALUATE_CALLS.report,
    method: 'post',
    config: { payload: baseline ? { id: Number(id), baseline } : { id: Number(id) } },
    queryOptions: { enabled: id !== '', retry: false },
    errorNotification: false,
  });
  return { report: result.data as Report | undefined, query };
}

export interface ItemsQuery {
  current: number;
  keyword?: string;
  sort?: ItemSort;
  metric?: EvaluationMetric;
  /** That item alone. */
  itemId?: number;
  pageSize?: number;
}

interface ItemsAnswer {
  list: ReportItem[];
  total: number;
  metric: EvaluationMetric | null;
}

/** `model-evaluate/report/items`: a page of items with every version's answer. */
export function useReportItems(id: string, q: ItemsQuery) {
  const { result, query } = useCustom<ItemsAnswer>({
    url: EVALUATE_CALLS.reportItems,
    method: 'post',
    config: {
      payload: {
        id: Number(id),
        current: q.current,
        pageSize: q.pageSize ?? ITEMS_PAGE_SIZE,
        ...(q.keyword ? { keyword: q.keyword } : {}),
        ...(q.sort && q.sort !== 'item' ? { sort: q.sort } : {}),
        ...(q.metric ? { metric: q.metric } : {}),
        ...(q.itemId !== undefined ? { itemId: q.itemId } : {}),
      },
    },
    queryOptions: { enabled: id !== '', retry: false },
    errorNotification: false,
  });
  const data = result.data as ItemsAnswer | undefined;
  return { items: data?.list ?? [], total: data?.total ?? 0, metric: data?.metric ?? null, query };
}

/** A call as a promise; the http interceptor toasts failures, so refine's notices stay off. */
export function useEvaluateCall() {
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord>();
  const call = async <T = BaseRecord>(url: string, body: Record<string, unknown>): Promise<T> => {
    const { data } = await mutateAsync({
      url,
      method: 'post',
      values: body,
      successNotification: false,
      errorNotification: false,
    });
    return data as T;
  };
  return { call, pending: mutation.isPending };
}

/**
 * A call that changes one evaluation's state (run, cancel): on success its notice, then the
 * list and the detail read again.
 */
export function useEvaluationAction() {
  const { call, pending } = useEvaluateCall();
  const invalidate = useInvalidate();
  const act = async (
    url: string,
    body: { id: unknown } & Record<string, unknown>,
    notice: string,
  ) => {
    await call(url, body);
    void feedbackMessage().success(notice);
    void invalidate({
      resource: modelEvaluate.name,
      invalidates: ['list', 'detail'],
      id: body.id as BaseKey,
    });
  };
  return { act, pending };
}

/** Evaluations that may still be cancelled (the server checks too). */
export function isCancellable(state: unknown): boolean {
  return state === 'pending' || state === 'running';
}

/** A run's jobs by state and the time left (model-evaluate/progress). */
export interface RunProgress {
  state: EvaluationState;
  progress: number;
  total: number;
  queued: number;
  running: number;
  done: number;
  failed: number;
  cancelled: number;
  etaSeconds: number | null;
}

/** The run's progress, asked again every second while `live`. */
export function useRunProgress(id: number, live: boolean) {
  const { result } = useCustom<RunProgress>({
    url: EVALUATE_CALLS.progress,
    method: 'post',
    config: { payload: { id } },
    queryOptions: { enabled: live, refetchInterval: live ? 1_000 : false, retry: false },
    errorNotification: false,
  });
  return live ? (result.data as RunProgress | undefined) : undefined;
}

/** Evaluations that may be run: all but a running one (a finished run picks up new items). */
export function isRunnable(state: unknown): boolean {
  return state === 'pending' || state === 'cancelled' || state === 'failed';
}
