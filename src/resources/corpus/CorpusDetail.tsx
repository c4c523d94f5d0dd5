import { DownOutlined, EditOutlined, FormOutlined, UploadOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { Button, Card, Descriptions, Dropdown, Progress, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DeleteRecordButton } from '../../components/resource/DeleteRecordButton';
import { ExportProgress, useExport } from '../../components/resource/export-button';
import { formatDateTime } from '../../components/resource/field-format';
import { ResourceFormModal } from '../../components/resource/ResourceFormModal';
import { useDetailRecord } from '../../components/resource/use-detail-record';
import { routeByName } from '../../routes/table';
import { useAccess, useView } from '../view';
import { AgreementPanel } from './AgreementPanel';
import { CORPUS_CALLS, useCorpusCounts, type ImportFormat } from './api';
import { CorpusItems } from './CorpusItems';
import { MARK_ROUTE, markPath } from './CorpusList';
import { ImportModal } from './ImportModal';
import { countsOf, percentOf, StateTag } from './renderers';
import './corpus.css';

const TAB_PARAM = 'tab';

/**
 * Annotated and reviewed items of the set, as bars, then the other counts and each annotator's:
 * all by the server's one definition (contract/corpus-counts.ts).
 */
export function CorpusProgress({ record }: { record: BaseRecord }) {
  const { t } = useTranslation();
  const c = countsOf(record);
  const counts = useCorpusCounts(Number(record.id), record.updatedAt).data;
  return (
    <div className="corpus-progress" data-testid="corpus-progress">
      <Typography.Text>
        {t('corpus.progress.annotated', { done: c.annotated, total: c.items })}
      </Typography.Text>
      <Progress
        percent={percentOf(c.annotated, c.items)}
        aria-label={t('corpus.progress.annotatedBar')}
      />
      <Typography.Text>
        {t('corpus.progress.reviewed', { done: c.reviewed, total: c.items })}
      </Typography.Text>
      <Progress
        percent={percentOf(c.reviewed, c.items)}
        status="normal"
        strokeColor="#52c41a"
        aria-label={t('corpus.progress.reviewedBar')}
      />
      {counts && (
        <Typography.Text type="secondary" data-testid="corpus-breakdown">
          {t('corpus.progress.breakdown', {
            disputed: counts.disputed,
            skipped: counts.skipped,
            pending: counts.pending,
          })}
        </Typography.Text>
      )}
      {counts && counts.annotators.length > 0 && (
        <Space size={[4, 4]} wrap data-testid="corpus-annotators">
          <Typography.Text type="secondary">{t('corpus.progress.annotators')}</Typography.Text>
          {counts.annotators.map((a) => (
            <Tag key={a.id}>
              {t('corpus.progress.annotator', { name: a.name || a.id, count: a.labelled })}
            </Tag>
          ))}
        </Space>
      )}
    </div>
  );
}

function ExportMenu({ corpusId }: { corpusId: number }) {
  const { t } = useTranslation();
  const exporting = useExport();
  const run = (format: ImportFormat) =>
    exporting.run(
      CORPUS_CALLS.itemExport,
      {
        filters: [{ field: 'corpusId', operator: 'eq', value: corpusId }],
        sorters: [{ field: 'id', order: 'asc' }],
      },
      `corpus-${corpusId}.${format}`,
      format,
    );
  return (
    <>
      {/* A click (Enter, Space) opens it with the focus on its first item, so the keyboard can
          export too; a hover-only menu cannot be reached from the keyboard. */}
      <Dropdown
        trigger={['click']}
        autoFocus
        menu={{
          items: [
            { key: 'csv', label: t('corpus.export.csv') },
            { key: 'jsonl', label: t('corpus.export.jsonl') },
          ],
          onClick: ({ key }) => void run(key === 'jsonl' ? 'jsonl' : 'csv'),
        }}
      >
        <Button loading={exporting.busy}>
          <Space>
            {t('corpus.export.button')}
            <DownOutlined aria-hidden />
          </Space>
        </Button>
      </Dropdown>
      <ExportProgress exporting={exporting} />
    </>
  );
}

/** A corpus set: its facts and progress, its items (import, export, review) and agreement. */
export default function CorpusDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { def, route, can } = useView();
  const { canOpen } = useAccess();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const [importing, setImporting] = useState(false);
  const { record, query, placeholder } = useDetailRecord<BaseRecord>();
  if (placeholder || !record) return placeholder;

  const corpusId = Number(record.id);
  const name = String(record.corpusName ?? record.id);
  const tab = params.get(TAB_PARAM) === 'agreement' ? 'agreement' : 'items';
  const canEdit = can('edit');
  const mayMark = canOpen(routeByName(MARK_ROUTE));
  const text = (v: unknown) => (typeof v === 'string' && v ? v : '');
  const refetch = () => void query.refetch();

  return (
    <Space direction="vertical" size={16} className="corpus-detail">
      <Card
        title={`${t(route.locale)} · ${name}`}
        extra={
          <Space wrap>
            {mayMark && (
              <Button
                type="primary"
                icon={<FormOutlined aria-hidden />}
                onClick={() => navigate(markPath(corpusId))}
              >
                {t('corpus.actions.startAnnotating')}
              </Button>
            )}
            {canEdit && (
              <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
                {t('corpus.import.button')}
              </Button>
            )}
            <ExportMenu corpusId={corpusId} />
            {canEdit && (
              <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
                {t('buttons.edit')}
              </Button>
            )}
            <DeleteRecordButton id={record.id!} title={name} />
          </Space>
        }
      >
        <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('corpus.fields.corpusName')}>{name}</Descriptions.Item>
          <Descriptions.Item label={t('corpus.fields.type')}>
            {t(`corpus.enums.type.${String(record.type)}`, { defaultValue: String(record.type) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('corpus.fields.sceneCode')}>
            {text(record.sceneName) || text(record.sceneCode) || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('corpus.fields.state')}>
            <StateTag value={record.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('corpus.fields.requireReview')}>
            {record.requireReview ? t('common.yes') : t('common.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('corpus.fields.createdAt')}>
            {formatDateTime(record.createdAt) || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('corpus.fields.description')} span={3}>
            {text(record.description) || <Typography.Text type="secondary">-</Typography.Text>}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('corpus.progress.title')} size="small">
        <CorpusProgress record={record} />
      </Card>
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setParams(
            (prev) => {
              const out = new URLSearchParams(prev);
              if (key === 'agreement') out.set(TAB_PARAM, key);
              else out.delete(TAB_PARAM);
              return out;
            },
            { replace: true },
          )
        }
        items={[
          {
            key: 'items',
            label: t('corpus.tabs.items'),
            children: (
              <CorpusItems
                corpusId={corpusId}
                detailRoute={route}
                canReview={canEdit}
                onChanged={refetch}
              />
            ),
          },
          {
            key: 'agreement',
            label: t('corpus.tabs.agreement'),
            children: (
              <AgreementPanel corpusId={corpusId} canReview={canEdit} onChanged={refetch} />
            ),
          },
        ]}
        destroyOnHidden
      />
      <ResourceFormModal
        def={def}
        mode="edit"
        record={record}
        open={editing}
        onClose={() => setEditing(false)}
        onSaved={refetch}
      />
      <ImportModal
        corpusId={corpusId}
        open={importing}
        onClose={() => setImporting(false)}
        onImported={refetch}
      />
    </Space>
  );
}
