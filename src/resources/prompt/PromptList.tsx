import { useList, type CrudFilter } from '@refinedev/core';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldRenderers } from '../../components/resource/field-format';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { useView } from '../view';
import { ReviewBadges, StatusTag } from './ReviewBadges';
import type { PromptRecord } from './types';
import './prompt.css';

const PENDING: CrudFilter[] = [{ field: 'reviewState', operator: 'eq', value: 'pending' }];

/** Status as a tag, the scene by name, the review state as live / pending badges. */
const renderers: FieldRenderers = {
  status: (value) => <StatusTag value={value} />,
  sceneCode: (value, record) => {
    const name = record?.sceneName as string | null | undefined;
    return name || (value as string | null | undefined) || undefined;
  },
  reviewState: (_, record) => <ReviewBadges record={(record ?? {}) as PromptRecord} />,
};

/** Platform or personal templates (the route's scope); a reviewer's platform list has a review tab. */
export default function PromptList() {
  const { t } = useTranslation();
  const { route, canCall } = useView();
  // Whoever may approve reviews: the same answer the API gives (today the admin alone).
  const reviews = route.scope === 'public' && canCall('approve');
  const [tab, setTab] = useState<'all' | 'pending'>('all');
  const { result: pending } = useList({
    resource: 'prompt',
    meta: { scope: 'public' },
    pagination: { currentPage: 1, pageSize: 1 },
    filters: PENDING,
    queryOptions: { enabled: reviews },
    errorNotification: false,
  });

  const list = (
    <ResourceListPage
      key={tab}
      renderers={renderers}
      permanentFilters={reviews && tab === 'pending' ? PENDING : undefined}
      inlineEdit={false}
    />
  );
  if (!reviews) return list;
  return (
    <>
      <Tabs
        className="prompt-list__tabs"
        activeKey={tab}
        onChange={(key) => setTab(key === 'pending' ? 'pending' : 'all')}
        items={[
          { key: 'all', label: t('prompt.tabs.all') },
          { key: 'pending', label: t('prompt.tabs.pending', { count: pending.total ?? 0 }) },
        ]}
      />
      {list}
    </>
  );
}
