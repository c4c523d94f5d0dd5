import { useCustomMutation, type BaseRecord } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import type { CorpusCounts } from '../../../contract/corpus-counts';
import { apiPath, endpointPath } from '../../../contract/api';
import { Code, type FieldIssue } from '../../../contract/envelope';
import { corpus } from '../../../contract/resources/corpus';
import { corpusItem, type ItemLabel } from '../../../contract/resources/corpus-item';
import { http } from '../../providers/api';
import { ApiError } from '../../providers/http';

/** The corpus calls beyond CRUD (contract/endpoint-schemas.ts). */
export const CORPUS_CALLS = {
  counts: endpointPath(corpus, 'counts'),
  agreement: endpointPath(corpus, 'agreement'),
  mark: endpointPath(corpusItem, 'mark'),
  review: endpointPath(corpusItem, 'review'),
  import: endpointPath(corpusItem, 'import'),
  fromCall: endpointPath(corpusItem, 'fromCall'),
  labels: endpointPath(corpusItem, 'labels'),
  itemPage: apiPath(corpusItem.prefix, 'page'),
  itemUpdate: apiPath(corpusItem.prefix, 'update'),
  itemExport: apiPath(corpusItem.prefix, 'export'),
} as const;

export type CorpusCall = keyof typeof CORPUS_CALLS;

/**
 * Every count of a set (corpus/counts), read again whenever the set's record changes: a recount
 * moves its updatedAt.
 */
export function useCorpusCounts(corpusId: number, updatedAt: unknown) {
  return useQuery({
    queryKey: ['corpus-counts', corpusId, String(updatedAt ?? '')],
    queryFn: async () => {
      const res = await http.post<{ data: CorpusCounts }>(CORPUS_CALLS.counts, { id: corpusId });
      return res.data.data;
    },
    retry: false,
  });
}

/** One annotator's label of an item (itemLabelSchema). */
export interface AnnotatorLabel {
  annotatorId: string;
  annotatorName: string | null;
  label: ItemLabel;
  recommendedAnswer: string | null;
  comment: string | null;
  updatedAt: string;
}

/** corpus/agreement (agreementSchema). */
export interface Agreement {
  pairs: {
    a: { id: string; name: string | null };
    b: { id: string; name: string | null };
    items: number;
    agreed: number;
    percent: number | null;
    kappa: number | null;
  }[];
  disagreements: {
    itemId: number;
    version: number;
    question: string;
    status: string;
    labels: AnnotatorLabel[];
  }[];
}

/**
 * One of the corpus calls as a promise, through refine (the interceptor already toasts a
 * failure, so refine's notices stay off). Rejects with refine's HttpError.
 */
export function useCorpusCall() {
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord>();
  const call = async <T = BaseRecord>(name: CorpusCall, body: Record<string, unknown>) => {
    const { data } = await mutateAsync({
      url: CORPUS_CALLS[name],
      method: 'post',
      values: body,
      successNotification: false,
      errorNotification: false,
    });
    return data as T;
  };
  return { call, pending: mutation.isPending };
}

export type ImportFormat = 'csv' | 'jsonl';

/** The format a file's name says, or undefined for anything but .csv / .jsonl (.ndjson). */
export function importFormatOf(fileName: string): ImportFormat | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'csv') return 'csv';
  if (ext === 'jsonl' || ext === 'ndjson') return 'jsonl';
  return undefined;
}

export type ImportOutcome =
  { ok: true; count: number } | { ok: false; issues: FieldIssue[]; message: string };

/**
 * corpus/item/import. Sent through the http client itself rather than refine: a refused import
 * answers one issue per bad row, several of them on the same field, and refine's error keeps
 * one message per field. Any failure but 40000 rejects as every call does.
 */
export async function importItems(body: {
  corpusId: number;
  format: ImportFormat;
  content: string;
}): Promise<ImportOutcome> {
  try {
    const res = await http.post<{ data: { count: number } }>(CORPUS_CALLS.import, body);
    return { ok: true, count: res.data.data.count };
  } catch (err) {
    if (err instanceof ApiError && (err.code === Code.INVALID || err.status === 400)) {
      return { ok: false, issues: err.issues, message: err.message };
    }
    throw err;
  }
}
