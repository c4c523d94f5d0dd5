import { ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelSkeleton } from '../../components/PanelSkeleton';

/** A failed sample call (the interceptor has toasted its message) with a retry button. */
export function SampleError({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('samples.state.error')}
      data-testid="sample-error"
      extra={
        <Button icon={<ReloadOutlined />} onClick={onRetry}>
          {t('samples.state.retry')}
        </Button>
      }
    />
  );
}

/**
 * What a sample panel shows for its query: a skeleton while the first answer is on its way
 * (the handlers take up to a second), a retry when it failed, an empty state when the answer
 * holds nothing, else the content. A refetch keeps the content on screen.
 */
export function SampleState<T>({
  query,
  isEmpty,
  rows = 3,
  height,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?(data: T): boolean;
  rows?: number;
  /**
   * The loaded content's height at the widest it wraps (desktop, 1,366 px), held by every
   * state: by the skeleton, so nothing below moves when the answer comes, and by the content,
   * which wraps less on a wider screen (the messages were 66 px shorter at 1,920 px, and the
   * links below them jumped up).
   */
  height?: number;
  children(data: T): ReactNode;
}) {
  const { t } = useTranslation();
  const shown = (): ReactNode => {
    if (query.data === undefined) {
      if (query.isError) return <SampleError onRetry={() => void query.refetch()} />;
      return <PanelSkeleton rows={rows} testId="sample-loading" />;
    }
    if (isEmpty?.(query.data)) {
      return <Empty description={t('samples.state.empty')} data-testid="sample-empty" />;
    }
    return children(query.data);
  };
  if (height === undefined) return <>{shown()}</>;
  return (
    <div style={{ minHeight: height }} data-testid="sample-state">
      {shown()}
    </div>
  );
}
