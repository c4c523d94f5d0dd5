import { DeleteRecordButton } from '../../components/resource/DeleteRecordButton';
import { useDetailRecord } from '../../components/resource/use-detail-record';
import { EditOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { Button, Card, Col, Descriptions, Row, Space, Switch, Table, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, renderValue } from '../../components/resource/field-format';
import { prompt } from '../../../contract/resources/prompt';
import { feedbackMessage } from '../../providers/feedback';
import { useView } from '../view';
import { usePromptCall, usePromptVersions } from './api';
import { PromptEditor } from './PromptEditor';
import { PromptPreview } from './PromptPreview';
import { Playground } from './playground/Playground';
import { ReviewBadges, StatusTag } from './ReviewBadges';
import { ReviewPanel } from './ReviewPanel';
import { TemplateView } from './TemplateTextArea';
import type { PromptRecord, PromptValues, PromptVariable } from './types';
import { VersionHistory } from './VersionHistory';
import './prompt.css';

function VariablesView({ rows }: { rows: PromptVariable[] }) {
  const { t } = useTranslation();
  return (
    <Table<PromptVariable>
      size="small"
      rowKey="fieldName"
      pagination={false}
      dataSource={rows}
      aria-label={t('prompt.fields.variables')}
      locale={{ emptyText: t('prompt.variables.empty') }}
      columns={[
        { key: 'name', title: t('prompt.variables.name'), dataIndex: 'name' },
        {
          key: 'type',
          title: t('prompt.variables.type'),
          render: (_, v) => t(`prompt.variables.types.${v.type}`),
        },
        {
          key: 'fieldName',
          title: t('prompt.variables.fieldName'),
          render: (_, v) => <Typography.Text code>{v.fieldName}</Typography.Text>,
        },
        {
          key: 'options',
          title: t('prompt.variables.options'),
          render: (_, v) => (v.options ?? []).join(', ') || '-',
        },
        { key: 'url', title: t('prompt.variables.url'), render: (_, v) => v.url || '-' },
      ]}
    />
  );
}

/** The facts' columns by window width; the free texts take a whole line at every width. */
const COLUMNS = { xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3 };
const TAGS_FIELD = prompt.fields.find((f) => f.name === 'tags')!;

/** The template tab: its fields, highlighted text, variables and a preview. */
function TemplateTab({ record }: { record: PromptRecord }) {
  const { t } = useTranslation();
  const rows = useMemo(() => record.variables ?? [], [record.variables]);
  const known = useMemo(() => new Set(rows.map((v) => v.fieldName)), [rows]);
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} xl={15}>
        <Descriptions bordered size="small" column={COLUMNS}>
          <Descriptions.Item label={t('prompt.fields.sceneName')}>
            {record.sceneName ?? record.sceneCode ?? '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('prompt.fields.type')}>
            {record.type
              ? t(`prompt.enums.type.${record.type}`, { defaultValue: record.type })
              : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('prompt.fields.status')}>
            <StatusTag value={record.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('prompt.fields.createdAt')}>
            {formatDateTime(record.createdAt)}
          </Descriptions.Item>
          {/* Fills its line: antd shrinks an item too wide for the rest of one, not wraps it. */}
          <Descriptions.Item label={t('prompt.fields.updatedAt')} span="filled">
            {formatDateTime(record.updatedAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('prompt.fields.description')} span={COLUMNS}>
            {record.description || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('prompt.fields.note')} span={COLUMNS}>
            {record.note || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('prompt.fields.tags')} span={COLUMNS}>
            {renderValue(t, prompt, TAGS_FIELD, record.tags ?? [])}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Title level={5} className="prompt-editor__section">
          {t('prompt.fields.content')}
        </Typography.Title>
        <TemplateView
          content={record.content ?? ''}
          known={known}
          label={t('prompt.fields.content')}
        />
        <Typography.Title level={5} className="prompt-editor__section">
          {t('prompt.fields.variables')}
        </Typography.Title>
        <VariablesView rows={rows} />
      </Col>
      <Col xs={24} xl={9}>
        <Card size="small" title={t('prompt.preview.title')}>
          <PromptPreview content={record.content ?? ''} variables={rows} />
        </Card>
      </Col>
    </Row>
  );
}

/**
 * One template: header with badges, status, edit and delete; tabs for the template, its history
 * (side-by-side diff, restore) and, for platform templates, the review.
 */
export default function PromptDetail() {
  const { t } = useTranslation();
  const { route, can, canCall } = useView();
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState('template');
  const invalidate = useInvalidate();
  const { call, pending } = usePromptCall();
  const { id, record: result, query, placeholder } = useDetailRecord<PromptRecord>();
  const { versions, query: versionsQuery } = usePromptVersions(id || undefined);

  const refresh = () => {
    void query.refetch();
    void versionsQuery.refetch();
    void invalidate({ resource: 'prompt', invalidates: ['list'] });
  };

  if (placeholder || !result) return placeholder;

  const record = result;
  const platform = record.isPublic === 1 || route.scope === 'public';
  const canEdit = can('edit');
  const draft = record.pendingVersion
    ? versions.find((v) => v.number === record.pendingVersion)
    : undefined;
  const waitingForDraft = !!record.pendingVersion && !draft;
  const source = draft ?? record;
  const initial: Partial<PromptValues> & { sceneName?: string | null } = {
    title: source.title,
    sceneCode: source.sceneCode,
    sceneName: record.sceneName,
    type: source.type,
    description: source.description,
    content: source.content,
    variables: source.variables ?? [],
    // Not versioned: the template's own, whichever version is edited.
    tags: record.tags ?? [],
  };

  const setStatus = async (on: boolean) => {
    try {
      await call(on ? 'enable' : 'disable', { ids: [record.id] });
      void feedbackMessage().success(t(on ? 'prompt.detail.enabled' : 'prompt.detail.disabled'));
      refresh();
    } catch {
      // the interceptor has shown why
    }
  };

  const header = (
    <Space wrap>
      <span>{`${t(route.locale)} · ${record.title}`}</span>
      <ReviewBadges record={record} />
    </Space>
  );

  if (editing) {
    return (
      <Card title={header}>
        {draft && (
          <Typography.Paragraph type="secondary">
            {t('prompt.detail.editingDraft', { n: draft.number })}
          </Typography.Paragraph>
        )}
        <PromptEditor
          mode="edit"
          record={record}
          initial={initial}
          onSaved={(saved) => {
            setEditing(false);
            void feedbackMessage().success(
              saved.reviewState === 'draft' || (platform && saved.pendingVersion)
                ? t('prompt.detail.savedDraft')
                : t('prompt.detail.saved'),
            );
            refresh();
          }}
          onCancel={() => setEditing(false)}
          onReload={() => {
            setEditing(false);
            refresh();
          }}
        />
      </Card>
    );
  }

  return (
    <Card
      title={header}
      extra={
        <Space>
          {canEdit && (
            <Switch
              checked={Number(record.status) === 1}
              loading={pending}
              aria-label={t('prompt.detail.statusSwitch')}
              checkedChildren={t('prompt.enums.status.1')}
              unCheckedChildren={t('prompt.enums.status.0')}
              onChange={(on) => void setStatus(on)}
            />
          )}
          {canEdit && (
            <Button
              icon={<EditOutlined aria-hidden />}
              disabled={waitingForDraft}
              onClick={() => setEditing(true)}
            >
              {t('buttons.edit')}
            </Button>
          )}
          <DeleteRecordButton id={record.id} title={record.title} />
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'template',
            label: t('prompt.detail.tabs.template'),
            children: <TemplateTab record={record} />,
          },
          {
            key: 'history',
            label: t('prompt.detail.tabs.history'),
            children: (
              <VersionHistory
                record={record}
                versions={versions}
                loading={versionsQuery.isLoading}
                canRestore={canEdit}
                canLabel={platform && canCall('label')}
                onChanged={refresh}
                onLabelsChanged={() => void versionsQuery.refetch()}
              />
            ),
          },
          {
            key: 'playground',
            label: t('prompt.detail.tabs.playground'),
            children: <Playground templateId={record.id} variables={record.variables ?? []} />,
          },
          ...(platform
            ? [
                {
                  key: 'review',
                  label: t('prompt.detail.tabs.review'),
                  children: (
                    <ReviewPanel
                      record={record}
                      versions={versions}
                      canReview={canCall('approve')}
                      canSubmit={canEdit}
                      onChanged={refresh}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
