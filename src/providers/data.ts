import type {
  BaseRecord,
  CrudFilter,
  CrudSort,
  DataProvider,
  HttpError,
  LogicalFilter,
} from '@refinedev/core';
import type { AxiosInstance } from 'axios';
import type { Envelope } from '../../contract/envelope';
import { FILTER_OPERATORS, type FilterOperator } from '../../contract/resource';
import { API_PREFIX } from '../../contract/api';
import { resourceByName } from '../resources/registry';
import { ApiError } from './http';

/** Filters on this field name travel as the list's free-text `keyword`. */
export const KEYWORD_FIELD = 'keyword';

interface ListAnswer<T> {
  list: T[];
  total: number;
  /** False when the total is the server's estimate (large lists); absent from older answers. */
  totalExact?: boolean;
  nextCursor?: string | null;
  prevCursor?: string | null;
}

function prefixOf(resource: string, meta?: Record<string, unknown>): string {
  // Resources without pages of their own (corpus items) are not registered with refine, so no
  // meta carries their prefix: the declaration has it.
  const prefix =
    typeof meta?.prefix === 'string' ? meta.prefix : (resourceByName(resource)?.prefix ?? resource);
  return `${API_PREFIX}/${prefix}`;
}

/** refine's filters and sorters → the body of the API's list calls. */
export function toListBody(
  pagination: { currentPage?: number; pageSize?: number; mode?: string } | undefined,
  sorters: CrudSort[] | undefined,
  filters: CrudFilter[] | undefined,
) {
  const body: {
    current: number;
    pageSize: number;
    sorters?: { field: string; order: 'asc' | 'desc' }[];
    filters?: { field: string; operator: FilterOperator; value: unknown }[];
    keyword?: string;
  } = {
    current: pagination?.currentPage ?? 1,
    pageSize: pagination?.pageSize ?? 10,
  };
  if (sorters?.length) body.sorters = sorters.map((s) => ({ field: s.field, order: s.order }));
  const logical = (filters ?? []).filter((f): f is LogicalFilter => 'field' in f);
  const kept: NonNullable<typeof body.filters> = [];
  for (const f of logical) {
    const empty =
      f.value === undefined ||
      f.value === null ||
      f.value === '' ||
      (Array.isArray(f.value) && f.value.length === 0);
    if (empty) continue;
    if (f.field === KEYWORD_FIELD) {
      body.keyword = String(f.value);
      continue;
    }
    if ((FILTER_OPERATORS as readonly string[]).includes(f.operator)) {
      kept.push({ field: f.field, operator: f.operator as FilterOperator, value: f.value });
    }
  }
  if (kept.length) body.filters = kept;
  return body;
}

/** Answers are `{ list, total }`; a bare array (the original /scene/page) is accepted too. */
export function fromListAnswer<T>(data: ListAnswer<T> | T[] | null | undefined) {
  if (Array.isArray(data)) {
    return { data, total: data.length, totalExact: true, nextCursor: null, prevCursor: null };
  }
  return {
    data: data?.list ?? [],
    total: data?.total ?? 0,
    totalExact: data?.totalExact ?? true,
    nextCursor: data?.nextCursor ?? null,
    prevCursor: data?.prevCursor ?? null,
  };
}

/** ApiError → refine's HttpError, with field errors so forms mark the fields. */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof ApiError) {
    const errors: Record<string, string> = {};
    for (const issue of err.issues) errors[issue.field] = issue.message;
    return {
      message: err.message,
      statusCode: err.status ?? 500,
      code: err.code,
      errors: Object.keys(errors).length ? errors : undefined,
    };
  }
  return { message: err instanceof Error ? err.message : String(err), statusCode: 500 };
}

async function call<T>(http: AxiosInstance, url: string, body: unknown): Promise<T> {
  try {
    const res = await http.post<Envelope<T>>(url, body);
    return res.data.data;
  } catch (err) {
    throw toHttpError(err);
  }
}

/** The POST-only API_PREFIX contract behind refine's data hooks. */
export function createDataProvider(http: AxiosInstance): DataProvider {
  return {
    getApiUrl: () => `${http.defaults.baseURL ?? ''}${API_PREFIX}`,
    async getList({ resource, pagination, sorters, filters, meta }) {
      const data = await call<ListAnswer<BaseRecord> | BaseRecord[]>(
        http,
        `${prefixOf(resource, meta)}/page`,
        {
          ...toListBody(pagination, sorters, filters),
          // A view showing one slice of the rows (platform / personal templates) names it.
          ...(typeof meta?.scope === 'string' ? { scope: meta.scope } : {}),
          // Keyset paging beyond the numbered pages, and the exact total on demand.
          // refine merges the URL's query parameters into meta, so the cursor has a name of its own.
          ...(typeof meta?.pageCursor === 'string' ? { cursor: meta.pageCursor } : {}),
          ...(meta?.exactTotal === true ? { exactTotal: true } : {}),
        },
      );
      const { data: rows, ...rest } = fromListAnswer(data);
      return { data: rows as never[], ...rest };
    },
    async getOne({ resource, id, meta }) {
      const data = await call<BaseRecord>(http, `${prefixOf(resource, meta)}/detail`, { id });
      return { data: data as never };
    },
    async getMany({ resource, ids, meta }) {
      const rows = await Promise.all(
        ids.map((id) => call<BaseRecord>(http, `${prefixOf(resource, meta)}/detail`, { id })),
      );
      return { data: rows as never[] };
    },
    async create({ resource, variables, meta }) {
      const data = await call<BaseRecord>(http, `${prefixOf(resource, meta)}/create`, variables);
      return { data: data as never };
    },
    async update({ resource, id, variables, meta }) {
      const data = await call<BaseRecord>(http, `${prefixOf(resource, meta)}/update`, {
        ...(variables as object),
        id,
      });
      return { data: data as never };
    },
    async deleteOne({ resource, id, meta }) {
      const data = await call<BaseRecord>(http, `${prefixOf(resource, meta)}/delete`, { id });
      return { data: data as never };
    },
    async custom({ url, payload }) {
      const data = await call<unknown>(http, url, payload ?? {});
      return { data: data as never };
    },
  };
}
