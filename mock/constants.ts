/**
 * The constants of the sample (mock) handlers, spec §8 and §9. Plain values with no imports, so
 * the console's sample pages may import them as well as the server.
 */

/** Success and default failure codes of the mock answers (spec §8); 50008 exists but is unused. */
export const MOCK_CODE = { OK: 20000, FAILURE: 50000, NOT_LOGGED_IN: 50008 } as const;

/** Latency the sample handlers add per request, in ms (spec §7, §9); MOCK_DELAY changes it. */
export const MOCK_DELAY_MS = { min: 600, max: 1000 } as const;

/** Policy list paging (spec §9): 55 rows, 10 a page, page 1 by default. */
export const POLICY_TOTAL = 55;
export const POLICY_PAGE_SIZE = 10;
export const POLICY_CURRENT = 1;
/** Largest page the policy list serves (the manage calls' bound too). */
export const POLICY_MAX_PAGE_SIZE = 100;

/** Chart lengths (spec §9): daily series have 8 points, the others 12. */
export const DAILY_POINTS = 8;
export const CHART_POINTS = 12;

/** Shares of the content-type pie, in percent (spec §9). */
export const PIE_SHARES = [25, 35, 40] as const;

/** Popular content: 5 items per type, text when no type is asked for (spec §7). */
export const POPULAR_TYPES = ['text', 'image', 'video'] as const;
export const POPULAR_ITEMS = 5;

/** The chat list holds 4 to 6 items (spec §7). */
export const CHAT_ITEMS = { min: 4, max: 6 } as const;

export const MESSAGE_TYPES = ['message', 'notice', 'todo'] as const;

export const POLICY_CONTENT_TYPES = ['img', 'horizontalVideo', 'verticalVideo'] as const;
export const POLICY_STATUSES = ['online', 'offline'] as const;
export const POLICY_FILTER_TYPES = ['artificial', 'rules'] as const;

/** What POST /api/public-opinion-analysis takes as `quota` (spec §7). */
export const PUBLIC_OPINION_QUOTAS = ['visitors', 'comment', 'published', 'other'] as const;

/** What POST /api/data-chain-growth takes as `quota` (the retention and consumption cards). */
export const DATA_CHAIN_QUOTAS = [
  'retentionTrends',
  'userRetention',
  'contentConsumptionTrends',
  'contentConsumption',
] as const;
