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

/** One model version's answer to one item (model-evaluate/result). */
export interface EvaluationResult extends BaseRecord {
  id: number;
  version: number;
  itemId: number;
  question: string;
  expectedAnswer: string | null;
  modelVersion: string;
  answer: string | null;
  scores: Partial<Record<EvaluationMetric, number>> | null;
  latencyMs: number;
  totalTokens: number;
  humanScore: number | null;
  comment: string | null;
}

export interface ReportRow {
  modelVersion: string;
  results: number;
  metrics: Partial<Record<EvaluationMetric, number>>;
  humanScore: number | null;
  humanScored: number;
  latencyMs: number | null;
  totalTokens: number;
  diff: Partial<Record<EvaluationMetric, number>> | null;
}

export interface Report {
  baseline: string | null;
  rows: ReportRow[];
}

export interface ReportItem {
  itemId: number;
  question: string;
  expectedAnswer: string | null;
  results: EvaluationResult[];
}

export const EVALUATE_CALLS = {
  run: endpointPath(modelEvaluate, 'run'),
  progress: endpointPath(modelEvaluate, 'progress'),
  cancel: endpointPath(modelEvaluate, 'cancel'),
  report: endpointPath(modelEvaluate, 'report'),
  reportItems: endpointPath(modelEvaluate, 'reportItems'),
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

/** `model-evaluate/report/items`: a page of items with every version's answer. */
export function useReportItems(id: string, current: number, keyword: string) {
  const { result, query } = useCustom<{ list: ReportItem[]; total: number }>({
    url: EVALUATE_CALLS.reportItems,
    method: 'post',
    config: {
      payload: {
        id: Number(id),
        current,
        pageSize: ITEMS_PAGE_SIZE,
        ...(keyword ? { keyword } : {}),
      },
    },
    queryOptions: { enabled: id !== '', retry: false },
    errorNotification: false,
  });
  const data = result.data as { list: ReportItem[]; total: number } | undefined;
  return { items: data?.list ?? [], total: data?.total ?? 0, query };
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
