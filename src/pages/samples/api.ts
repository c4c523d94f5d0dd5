import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { Envelope } from '../../../contract/envelope';
import { http } from '../../providers/api';

/** The sample (mock) handlers of spec §7 the console calls. */
export const SAMPLE_CALLS = {
  messageList: '/api/message/list',
  messageRead: '/api/message/read',
  contentData: '/api/content-data',
  popularList: '/api/popular/list',
  policyList: '/api/list/policy',
  profileBasic: '/api/profile/basic',
  operationLog: '/api/operation/log',
  publicOpinion: '/api/public-opinion-analysis',
  contentPeriod: '/api/content-period-analysis',
  contentPublish: '/api/content-publish',
  popularAuthors: '/api/popular-author/list',
  myProjects: '/api/user/my-project/list',
  latestActivity: '/api/user/latest-activity',
  visits: '/api/user/visits',
  projectAndTeam: '/api/user/project-and-team/list',
  myTeam: '/api/user/my-team/list',
  saveInfo: '/api/user/save-info',
  upload: '/api/user/upload',
  certification: '/api/user/certification',
} as const;

type Params = Readonly<Record<string, string | number | undefined>>;

/** All sample queries share this key prefix, so one invalidation can refresh them all. */
export const SAMPLE_KEY = 'samples';

/**
 * One GET sample call through the console's http client (token, user-id and locale headers;
 * code 20000 passes, any other code is toasted by the interceptor and rejects).
 */
export async function sampleGet<T>(url: string, params?: Params): Promise<T> {
  const res = await http.get<Envelope<T>>(url, { params });
  return res.data.data;
}

/** One POST sample call; see sampleGet. */
export async function samplePost<T>(url: string, body: unknown = {}): Promise<T> {
  const res = await http.post<Envelope<T>>(url, body);
  return res.data.data;
}

export function sampleKey(url: string, input?: unknown): QueryKey {
  return input === undefined ? [SAMPLE_KEY, url] : [SAMPLE_KEY, url, input];
}

/**
 * A GET sample call as a react-query query (refine's client: its retry rule and cache). The
 * console's data provider sends every call as POST (the manage contract), and these handlers
 * answer GET, so they go through the http client directly rather than refine's useCustom.
 * `keepPrevious` keeps the last page on screen while the next one loads (paged tables).
 */
export function useSampleQuery<T>(url: string, params?: Params, keepPrevious = false) {
  return useQuery({
    queryKey: sampleKey(url, params),
    queryFn: () => sampleGet<T>(url, params),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

/** A read-only POST sample call (a quota's chart) as a query, keyed by its body. */
export function useSamplePostQuery<T>(url: string, body: Readonly<Record<string, unknown>>) {
  return useQuery({
    queryKey: sampleKey(url, body),
    queryFn: () => samplePost<T>(url, body),
  });
}

/** A writing POST sample call; `invalidate` names the queries it makes stale. */
export function useSampleMutation<TBody, TAnswer = unknown>(
  url: string,
  invalidate: readonly string[] = [],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => samplePost<TAnswer>(url, body),
    onSuccess: () =>
      Promise.all(invalidate.map((u) => client.invalidateQueries({ queryKey: sampleKey(u) }))),
  });
}
