import { LeftOutlined, RightOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MAX_OFFSET_ROWS } from '../../../contract/page-cursor';

/**
 * Paging past the numbered pages: offsets grow dear on large lists, so beyond MAX_OFFSET_ROWS
 * the list goes on by cursor (next / previous). Cursor state lives in the URL so a reload or a
 * shared link shows the same page; another sort, filter or page size makes it inert.
 */
export interface ListPaging {
  /** Sent with the list request (data provider `meta`). */
  meta: { pageCursor?: string; exactTotal?: true };
  /** The page number shown while paging by cursor; undefined on numbered pages. */
  cursorPage: number | undefined;
  /** How many pages have numbers at this page size. */
  numberedPages: number;
  exactTotal: boolean;
  toCursor(cursor: string, page: number): void;
  toNumbered(page: number, setCurrentPage: (page: number) => void): void;
  askExact(): void;
}

const CURSOR = 'cursor';
const CURSOR_PAGE = 'cursorPage';
/** The list a cursor or an exact count was taken for (a hash of its sort, filters, size). */
const LIST_OF = 'listOf';
const EXACT = 'exactTotal';
const OWN = new Set([CURSOR, CURSOR_PAGE, LIST_OF, EXACT, 'currentPage']);

export function numberedPagesOf(pageSize: number): number {
  return Math.max(1, Math.floor(MAX_OFFSET_ROWS / pageSize));
}

/** Which list the URL shows: refine's sort, filter and size parameters, hashed. */
export function listSignature(params: URLSearchParams): string {
  const entries = [...params.entries()].filter(([key]) => !OWN.has(key)).sort();
  let hash = 5381;
  for (const ch of JSON.stringify(entries)) hash = ((hash * 33) ^ ch.charCodeAt(0)) >>> 0;
  return hash.toString(36);
}

/**
 * `currentPage` is refine's numbered page. A cursor counts only while refine still shows the last
 * numbered page it was taken from and the list is the same: parameters left behind by a
 * navigation that raced ours (refine keeps unknown query parameters) are then inert.
 */
export function useListPaging(currentPage: number, pageSize: number): ListPaging {
  const [params, setParams] = useSearchParams();
  const list = listSignature(params);
  const numberedPages = numberedPagesOf(pageSize);
  const cursor = params.get(CURSOR) ?? undefined;
  const page = Number(params.get(CURSOR_PAGE));
  const sameList = params.get(LIST_OF) === list;
  const exactTotal = params.get(EXACT) === list;
  const inCursorMode =
    cursor !== undefined &&
    sameList &&
    currentPage === numberedPages &&
    Number.isInteger(page) &&
    page > numberedPages;

  const update = (change: (next: URLSearchParams) => void) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      change(next);
      return next;
    });
  const dropCursor = (p: URLSearchParams) => [CURSOR, CURSOR_PAGE].forEach((k) => p.delete(k));

  return {
    meta: {
      ...(inCursorMode ? { pageCursor: cursor } : {}),
      ...(exactTotal ? { exactTotal: true as const } : {}),
    },
    cursorPage: inCursorMode ? page : undefined,
    numberedPages,
    exactTotal,
    toCursor: (next, to) =>
      update((p) => {
        p.set(CURSOR, next);
        p.set(CURSOR_PAGE, String(to));
        p.set(LIST_OF, list);
      }),
    toNumbered: (to, setCurrentPage) => {
      update(dropCursor);
      if (to !== currentPage) setCurrentPage(to);
    },
    askExact: () =>
      update((p) => {
        p.set(EXACT, list);
        p.set(LIST_OF, list);
      }),
  };
}

/** "1.2M" / "120万": an estimate is shown as one, in the reader's language. */
function approx(total: number, language: string): string {
  return new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(
    total,
  );
}

/** "共 N 条", or "约 1.2M 条" with a link to count exactly. */
export function TotalText({
  total,
  exact,
  counting,
  onCount,
}: {
  total: number;
  exact: boolean;
  counting: boolean;
  onCount?: () => void;
}) {
  const { t, i18n } = useTranslation();
  if (exact) return <span>{t('table.total', { total })}</span>;
  return (
    <Space size={4}>
      <span>{t('table.approxTotal', { total: approx(total, i18n.language) })}</span>
      {onCount && (
        <Button type="link" size="small" loading={counting} onClick={onCount}>
          {t('table.countExactly')}
        </Button>
      )}
    </Space>
  );
}

/** Next / previous beyond the numbered pages, and the way back to page 1. */
export function CursorPager({
  page,
  numberedPages,
  nextCursor,
  prevCursor,
  loading,
  total,
  onNext,
  onPrev,
  onNumbered,
}: {
  /** The page shown: a cursor page, or the last numbered one (which leads on by cursor). */
  page: number;
  numberedPages: number;
  nextCursor: string | null;
  prevCursor: string | null;
  loading: boolean;
  total: ReactNode;
  onNext(cursor: string, page: number): void;
  onPrev(cursor: string, page: number): void;
  onNumbered(page: number): void;
}) {
  const { t } = useTranslation();
  const deep = page > numberedPages;
  return (
    <div className="resource-list__cursor-pager" role="navigation" aria-label={t('table.paging')}>
      {deep && total}
      {deep && (
        <Button
          size="small"
          icon={<VerticalRightOutlined />}
          disabled={loading}
          onClick={() => onNumbered(1)}
        >
          {t('table.firstPage')}
        </Button>
      )}
      {deep && (
        <Button
          size="small"
          icon={<LeftOutlined />}
          disabled={loading || (!prevCursor && page - 1 > numberedPages)}
          onClick={() =>
            page - 1 <= numberedPages ? onNumbered(page - 1) : onPrev(prevCursor!, page - 1)
          }
        >
          {t('table.prevPage')}
        </Button>
      )}
      {deep && <Typography.Text strong>{t('table.pageN', { page })}</Typography.Text>}
      <Button
        size="small"
        disabled={loading || !nextCursor}
        onClick={() => onNext(nextCursor!, page + 1)}
      >
        {t('table.nextPage')}
        <RightOutlined />
      </Button>
    </div>
  );
}
