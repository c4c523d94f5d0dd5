import { useList, type BaseRecord, type CrudFilter } from '@refinedev/core';
import { Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { useStore } from '../../stores/create-store';
import { roleStore } from '../../stores/role';
import { useView } from '../view';
import { ReviewBadges, StatusTag } from './ReviewBadges';
import type { PromptRecord } from './types';
import './prompt.css';

const PENDING: CrudFilter[] = [{ field: 'reviewState', operator: 'eq', value: 'pending' }];

const renderers = { status: (value: unknown) => <StatusTag value={value} /> };

/** Platform or personal templates (the route's scope); the admin's platform list has a review tab. */
export default function PromptList() {
  const { t } = useTranslation();
  const { route } = useView();
  const role = useStore(roleStore);
  const reviews = route.scope === 'public' && role === 'admin';
  const [tab, setTab] = useState<'all' | 'pending'>('all');
  const { result: pending } = useList({
    resource: 'prompt',
    meta: { scope: 'public' },
    pagination: { currentPage: 1, pageSize: 1 },
    filters: PENDING,
    queryOptions: { enabled: reviews },
    errorNotification: false,
  });

  const extraColumns: ColumnsType<BaseRecord> = [
    {
      key: 'sceneName',
      dataIndex: 'sceneName',
      title: t('prompt.fields.sceneName'),
      render: (_: unknown, r: BaseRecord) =>
        (r.sceneName as string | null | undefined) ??
        (r.sceneCode as string | null | undefined) ?? (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
    {
      key: 'review',
      title: t('prompt.fields.reviewState'),
      render: (_: unknown, r: BaseRecord) => <ReviewBadges record={r as PromptRecord} />,
    },
  ];

  const list = (
    <ResourceListPage
      key={tab}
      renderers={renderers}
      extraColumns={extraColumns}
      permanentFilters={reviews && tab === 'pending' ? PENDING : undefined}
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
