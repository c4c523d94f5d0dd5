import { AuditOutlined, FormOutlined, TeamOutlined } from '@ant-design/icons';
import { useInvalidate, type BaseRecord } from '@refinedev/core';
import { Button, Form, Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RouteNode } from '../../../contract/menu';
import type { ResourceDef } from '../../../contract/resource';
import { corpusItem } from '../../../contract/resources/corpus-item';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { feedbackMessage } from '../../providers/feedback';
import { ViewProvider } from '../view';
import { useCorpusCall } from './api';
import { markPath } from './CorpusList';
import { itemRenderers } from './renderers';
import { reviewable, ReviewModal } from './ReviewModal';
import { Tip } from '../../components/Tip';

/** The item declaration as the set's page lists it: every row is of this set, so no set column. */
const ITEMS_DEF: ResourceDef = {
  ...corpusItem,
  fields: corpusItem.fields.map((f) => (f.name === 'corpusId' ? { ...f, list: false } : f)),
};

/** Two annotators' user ids (or names) an item is given to, for double annotation. */
function AssignModal(props: { item: BaseRecord | null; onClose(): void }) {
  const { t } = useTranslation();
  const { item } = props;
  const [form] = Form.useForm<{ first: string; second: string }>();
  const { call, pending } = useCorpusCall();
  const invalidate = useInvalidate();
  const assignees = Array.isArray(item?.assignees) ? (item.assignees as string[]) : [];

  const submit = async (values: { first?: string; second?: string }) => {
    if (!item) return;
    const ids = [values.first, values.second]
      .map((v) => (v ?? '').trim())
      .filter((v, i, all) => v !== '' && all.indexOf(v) === i);
    try {
      await call('itemUpdate', { id: item.id, version: item.version, assignees: ids });
      void feedbackMessage().success(t('corpus.assign.done'));
      void invalidate({ resource: 'corpus-item', invalidates: ['list', 'detail'], id: item.id });
      props.onClose();
    } catch {
      // The http interceptor has already said what failed.
    }
  };

  return (
    <Modal
      open={!!item}
      title={t('corpus.assign.title')}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <p>{t('corpus.assign.help')}</p>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ first: assignees[0] ?? '', second: assignees[1] ?? '' }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="first" label={t('corpus.assign.first')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="second" label={t('corpus.assign.second')}>
          <Input maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The items of one set: the generic list of corpus items fixed to the set (`corpusId`), with
 * review, annotate and assign per row. Paging, filters and keyword live in the URL beside `id`.
 */
export function CorpusItems({
  corpusId,
  detailRoute,
  canReview,
  onChanged,
}: {
  corpusId: number;
  detailRoute: RouteNode;
  canReview: boolean;
  /** An item's review changed the set's counts. */
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [reviewing, setReviewing] = useState<BaseRecord | null>(null);
  const [assigning, setAssigning] = useState<BaseRecord | null>(null);
  const route = useMemo<RouteNode>(
    () => ({
      name: `${detailRoute.name}.items`,
      path: detailRoute.path,
      locale: 'corpus-item.titles.list',
      roles: detailRoute.roles,
      resource: corpusItem.name,
      view: 'list',
      action: 'list',
      // New items made here belong to this set.
      preset: { corpusId },
    }),
    [detailRoute, corpusId],
  );
  const permanent = useMemo(
    () => [{ field: 'corpusId', operator: 'eq' as const, value: corpusId }],
    [corpusId],
  );

  return (
    <ViewProvider route={route} def={ITEMS_DEF}>
      <ResourceListPage
        renderers={itemRenderers}
        permanentFilters={permanent}
        rowActions={(record) => (
          <>
            {canReview && reviewable(record) && (
              <Tip title={t('corpus.review.action')}>
                <Button
                  size="small"
                  type="text"
                  icon={<AuditOutlined />}
                  aria-label={t('corpus.review.action')}
                  onClick={() => setReviewing(record)}
                />
              </Tip>
            )}
            <Tip title={t('corpus.actions.annotateItem')}>
              <Button
                size="small"
                type="text"
                icon={<FormOutlined />}
                aria-label={t('corpus.actions.annotateItem')}
                onClick={() => navigate(markPath(corpusId, record.id))}
              />
            </Tip>
            {canReview && (
              <Tip title={t('corpus.assign.action')}>
                <Button
                  size="small"
                  type="text"
                  icon={<TeamOutlined />}
                  aria-label={t('corpus.assign.action')}
                  onClick={() => setAssigning(record)}
                />
              </Tip>
            )}
          </>
        )}
      />
      <ReviewModal item={reviewing} onClose={() => setReviewing(null)} onDone={onChanged} />
      <AssignModal item={assigning} onClose={() => setAssigning(null)} />
    </ViewProvider>
  );
}
