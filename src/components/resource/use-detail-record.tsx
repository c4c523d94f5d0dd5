import { useOne, type BaseRecord } from '@refinedev/core';
import { Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ExceptionPage } from '../../pages/exception/ExceptionPage';
import { useView } from '../../resources/view';

/**
 * The record a detail page shows (`?id=` in the URL), and what the page shows instead while
 * there is none to show: the 403 page, "not found", or a skeleton while it loads.
 */
export function useDetailRecord<T extends BaseRecord = BaseRecord>() {
  const { t } = useTranslation();
  const { def, route } = useView();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { result, query } = useOne<T>({
    resource: def.name,
    id,
    meta: { prefix: def.prefix },
    queryOptions: { enabled: id !== '', retry: false },
    errorNotification: false,
  });
  let placeholder: ReactNode = null;
  if ((query.error as { statusCode?: number } | null)?.statusCode === 403) {
    placeholder = <ExceptionPage status="403" />;
  } else if (!id || query.isError) {
    placeholder = (
      <Card title={t(route.locale)}>
        <Empty description={t('common.notFoundRecord')} />
      </Card>
    );
  } else if (query.isLoading || !result) {
    placeholder = (
      <Card title={t(route.locale)}>
        <Skeleton active />
      </Card>
    );
  }
  return { id, record: result, query, placeholder };
}
