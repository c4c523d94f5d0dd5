import { CloudDownloadOutlined, CloudUploadOutlined, EditOutlined } from '@ant-design/icons';
import { useUpdate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Ask } from '../../components/Ask';
import { Link } from 'react-router';
import type { FieldDef } from '../../../contract/resource';
import { agent as agentDef } from '../../../contract/resources/agent';
import { DeleteRecordButton } from '../../components/resource/DeleteRecordButton';
import { formatDateTime } from '../../components/resource/field-format';
import { OptionTags } from '../../components/resource/field-options';
import { ResourceFormModal } from '../../components/resource/ResourceFormModal';
import { useDetailRecord } from '../../components/resource/use-detail-record';
import { feedbackMessage } from '../../providers/feedback';
import { routeByName } from '../../routes/table';
import { isConflict } from '../record/conflict';
import { useAccess, useView } from '../view';
import { AgentAvatar, AgentStatusBadge } from './renderers';
import './agent.css';

const fieldOf = (name: string): FieldDef => agentDef.fields.find((f) => f.name === name)!;

const none = () => <Typography.Text type="secondary">-</Typography.Text>;

/** The template's title, a link to its detail page when this role may open it. */
function TemplateLink({ id, title }: { id: unknown; title: unknown }) {
  const { canOpen } = useAccess();
  const route = routeByName('prompt.detail');
  const text = typeof title === 'string' && title ? title : `#${String(id)}`;
  if (!route || !canOpen(route)) return <>{text}</>;
  return <Link to={`${route.path}?id=${String(id)}`}>{text}</Link>;
}

/** Publish or take offline: an update of the state with the version read (no lost updates). */
function StatusAction({ record, onDone }: { record: BaseRecord; onDone(): void }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useUpdate<BaseRecord, HttpError, Record<string, unknown>>();
  const publishing = record.status !== 'published';
  const next = publishing ? 'published' : 'offline';
  const change = () =>
    mutate(
      {
        resource: agentDef.name,
        id: record.id!,
        values: { status: next, version: record.version },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          void feedbackMessage().success(
            t(publishing ? 'agent.detail.publishDone' : 'agent.detail.offlineDone'),
          );
          onDone();
        },
        onError: (error) => {
          void feedbackMessage().error(
            isConflict(error) ? t('agent.detail.conflict') : error.message,
          );
          onDone();
        },
      },
    );
  return (
    <Ask
      title={t(publishing ? 'agent.detail.publishConfirm' : 'agent.detail.offlineConfirm', {
        name: String(record.agentName ?? record.id),
      })}
      okText={t(publishing ? 'agent.detail.publish' : 'agent.detail.offline')}
      okButtonProps={{ danger: !publishing }}
      cancelText={t('buttons.cancel')}
      onConfirm={change}
    >
      <Button
        type={publishing ? 'primary' : 'default'}
        icon={
          publishing ? <CloudUploadOutlined aria-hidden /> : <CloudDownloadOutlined aria-hidden />
        }
        loading={mutation.isPending}
      >
        {t(publishing ? 'agent.detail.publish' : 'agent.detail.offline')}
      </Button>
    </Ask>
  );
}

/**
 * An agent: who it is (avatar, name, code, state) with publish / take offline, edit and delete;
 * then what it is made of: model version, instructions (its own system prompt or a template),
 * the plugins, directives and scenes it uses by their names, its description and dates.
 */
export default function AgentDetail() {
  const { def, route, can } = useView();
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const { record: result, query, placeholder } = useDetailRecord<BaseRecord>();

  if (placeholder || !result) return placeholder;
  const agent = result;
  const name = String(agent.agentName ?? agent.id);
  const refetch = () => void query.refetch();
  const label = (field: string) => t(`agent.fields.${field}`);
  const tags = (field: string) => {
    const values = Array.isArray(agent[field]) ? (agent[field] as unknown[]) : [];
    return values.length ? <OptionTags field={fieldOf(field)} values={values} /> : none();
  };
  const hasPrompt = typeof agent.systemPrompt === 'string' && agent.systemPrompt !== '';
  const hasTemplate = agent.templateId !== null && agent.templateId !== undefined;
  const items: { key: string; label: string; children: ReactNode; span?: number }[] = [
    {
      key: 'modelVersion',
      label: label('modelVersion'),
      children: agent.modelVersion ? (
        <Typography.Text code>{String(agent.modelVersion)}</Typography.Text>
      ) : (
        none()
      ),
    },
    {
      key: 'templateId',
      label: label('templateId'),
      children: hasTemplate ? (
        <TemplateLink id={agent.templateId} title={agent.templateTitle} />
      ) : (
        none()
      ),
    },
    {
      key: 'systemPrompt',
      label: label('systemPrompt'),
      span: 2,
      children: hasPrompt ? (
        <Typography.Paragraph className="agent-detail__prompt">
          {String(agent.systemPrompt)}
        </Typography.Paragraph>
      ) : (
        none()
      ),
    },
    { key: 'plugins', label: label('plugins'), span: 2, children: tags('plugins') },
    { key: 'directives', label: label('directives'), span: 2, children: tags('directives') },
    { key: 'scenes', label: label('scenes'), span: 2, children: tags('scenes') },
    {
      key: 'description',
      label: label('description'),
      span: 2,
      children:
        typeof agent.description === 'string' && agent.description ? (
          <Typography.Paragraph className="agent-detail__prompt">
            {agent.description}
          </Typography.Paragraph>
        ) : (
          none()
        ),
    },
    { key: 'createdAt', label: label('createdAt'), children: formatDateTime(agent.createdAt) },
    { key: 'updatedAt', label: label('updatedAt'), children: formatDateTime(agent.updatedAt) },
  ];

  return (
    <Space direction="vertical" size={16} className="agent-detail">
      <Card
        title={t(route.locale)}
        extra={
          <Space wrap>
            {can('edit') && <StatusAction record={agent} onDone={refetch} />}
            {can('edit') && (
              <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
                {t('buttons.edit')}
              </Button>
            )}
            <DeleteRecordButton id={agent.id!} title={name} />
          </Space>
        }
      >
        <Space size={16} className="agent-detail__head">
          <AgentAvatar record={agent} size={64} />
          <Space direction="vertical" size={4}>
            <Typography.Title level={4} className="agent-detail__name">
              {name}
            </Typography.Title>
            <Space size={12} wrap>
              <Typography.Text code copyable aria-label={label('agentCode')}>
                {String(agent.agentCode ?? '')}
              </Typography.Text>
              <AgentStatusBadge value={agent.status} />
            </Space>
          </Space>
        </Space>
      </Card>
      <Card title={t('agent.detail.configuration')}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
          items={items}
        />
      </Card>
      <ResourceFormModal
        def={def}
        mode="edit"
        record={agent}
        open={editing}
        onClose={() => setEditing(false)}
        onSaved={refetch}
      />
    </Space>
  );
}
