import { DeleteRecordButton } from '../../components/resource/DeleteRecordButton';
import { useDetailRecord } from '../../components/resource/use-detail-record';
import { DisconnectOutlined, EditOutlined, LinkOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation, useInvalidate, type BaseRecord } from '@refinedev/core';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ask } from '../../components/Ask';
import { Link } from 'react-router';
import { apiPath, endpointPath } from '../../../contract/api';
import { scene as sceneDef } from '../../../contract/resources/scene';
import { formatDateTime } from '../../components/resource/field-format';
import { ResourceFormModal } from '../../components/resource/ResourceFormModal';
import { feedbackMessage } from '../../providers/feedback';
import { routeByName } from '../../routes/table';
import { AssessmentTag } from '../prompt-call/renderers';
import { RecordTypeTag } from '../record/renderers';
import { useAccess, useView } from '../view';
import { SceneTypeTag } from './SceneTypeTag';
import { ReleaseGateCard } from './ReleaseGateCard';
import { ScenePlayground } from './ScenePlayground';
import { formatCount } from '../../components/charts/format';
import './scene.css';

/** `scene/summary`: the last 7 days of a scene (docs/DATA-MODEL.md, "Scene"). */
export interface SceneSummary {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  chats: number;
  since: string;
  recentRecords: BaseRecord[];
  recentCalls: BaseRecord[];
}

/** The first 100 enabled templates the caller sees, platform and their own; no scope. */
export const TEMPLATE_OPTIONS_BODY = {
  current: 1,
  pageSize: 100,
  filters: [{ field: 'status', operator: 'eq', value: 1 }],
  sorters: [{ field: 'createdAt', order: 'desc' }],
};

function useTemplateOptions(enabled: boolean) {
  const { t } = useTranslation();
  const { result, query } = useCustom<{ list?: BaseRecord[] } | BaseRecord[]>({
    url: apiPath('prompt', 'page'),
    method: 'post',
    config: { payload: TEMPLATE_OPTIONS_BODY },
    queryOptions: { enabled },
    errorNotification: false,
  });
  const data = result.data as { list?: BaseRecord[] } | BaseRecord[] | undefined;
  const rows = Array.isArray(data) ? data : (data?.list ?? []);
  const options = rows.map((p) => ({
    value: Number(p.id),
    title: String(p.title ?? p.id),
    label: (
      <Space size={4}>
        <span>{String(p.title ?? p.id)}</span>
        {p.isPublic !== undefined && <Tag>{t(`prompt.enums.isPublic.${String(p.isPublic)}`)}</Tag>}
      </Space>
    ),
  }));
  return { options, loading: query.isLoading };
}

/** The scene's template: what is bound, binding another, unbinding it. */
function TemplateBinding({ scene, onChanged }: { scene: BaseRecord; onChanged(): void }) {
  const { t } = useTranslation();
  const { can } = useView();
  const editable = can('edit');
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCustomMutation<BaseRecord>();
  const [choice, setChoice] = useState<number | undefined>(undefined);
  const { options, loading } = useTemplateOptions(editable);
  const selectId = useId();
  const boundId =
    scene.templateId === null || scene.templateId === undefined ? null : scene.templateId;
  const boundTitle =
    typeof scene.templateTitle === 'string' && scene.templateTitle
      ? scene.templateTitle
      : boundId !== null
        ? `#${String(boundId)}`
        : '';
  const choiceTitle = options.find((o) => o.value === choice)?.title ?? '';

  const call = (url: string, values: Record<string, unknown>, done: string) =>
    mutate(
      { url, method: 'post', values, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          void feedbackMessage().success(t(done));
          void invalidate({
            resource: sceneDef.name,
            invalidates: ['list', 'detail'],
            id: scene.id,
          });
          setChoice(undefined);
          onChanged();
        },
      },
    );

  return (
    <Card title={t('scene.template.title')}>
      <Space direction="vertical" size={12} className="scene-detail__bind">
        <div>
          {boundId !== null ? (
            <Space wrap>
              <Typography.Text strong>{boundTitle}</Typography.Text>
              {editable && (
                <Ask
                  title={t('scene.actions.unbindConfirm')}
                  okText={t('scene.actions.unbind')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('buttons.cancel')}
                  onConfirm={() =>
                    call(
                      endpointPath(sceneDef, 'unbindTemplate'),
                      { id: scene.id },
                      'scene.actions.unbound',
                    )
                  }
                >
                  <Button icon={<DisconnectOutlined aria-hidden />} loading={mutation.isPending}>
                    {t('scene.actions.unbind')}
                  </Button>
                </Ask>
              )}
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('scene.template.none')}</Typography.Text>
          )}
        </div>
        {editable && (
          <Space wrap>
            <label htmlFor={selectId}>{t('scene.template.select')}</label>
            <Select<number>
              id={selectId}
              aria-label={t('scene.template.select')}
              className="scene-detail__select"
              showSearch
              allowClear
              loading={loading}
              placeholder={t('scene.template.selectPlaceholder')}
              optionFilterProp="title"
              value={choice}
              onChange={setChoice}
              options={options.filter((o) => o.value !== Number(boundId))}
              notFoundContent={t('scene.template.noOptions')}
            />
            <Ask
              title={
                boundId !== null
                  ? t('scene.template.rebindConfirm', { current: boundTitle, title: choiceTitle })
                  : t('scene.template.bindConfirm', { title: choiceTitle })
              }
              okText={t('scene.template.bind')}
              cancelText={t('buttons.cancel')}
              disabled={choice === undefined}
              onConfirm={() =>
                choice !== undefined &&
                call(
                  endpointPath(sceneDef, 'bindTemplate'),
                  { id: scene.id, templateId: choice },
                  'scene.template.bound',
                )
              }
            >
              <Button
                type="primary"
                icon={<LinkOutlined aria-hidden />}
                disabled={choice === undefined}
                loading={mutation.isPending}
              >
                {t('scene.template.bind')}
              </Button>
            </Ask>
          </Space>
        )}
      </Space>
    </Card>
  );
}

/** A link to a detail page when this role may open it, the plain text otherwise. */
function DetailLink({
  routeName,
  id,
  children,
}: {
  routeName: string;
  id: unknown;
  children: string;
}) {
  const { canOpen } = useAccess();
  const route = routeByName(routeName);
  if (!route || !canOpen(route) || id === undefined || id === null) return <>{children}</>;
  return <Link to={`${route.path}?id=${String(id)}`}>{children}</Link>;
}

function UsageSummary({ sceneId }: { sceneId: unknown }) {
  const { t, i18n } = useTranslation();
  const { result, query } = useCustom<SceneSummary>({
    url: endpointPath(sceneDef, 'summary'),
    method: 'post',
    config: { payload: { id: sceneId } },
    errorNotification: false,
  });
  const summary = query.isSuccess ? (result.data as SceneSummary | undefined) : undefined;
  const loading = query.isLoading;
  const n = (v: unknown) => (typeof v === 'number' ? v : 0);

  return (
    <Card
      title={t('scene.summary.title')}
      extra={
        summary?.since && (
          <Typography.Text type="secondary">
            {t('scene.summary.since', { time: formatDateTime(summary.since) })}
          </Typography.Text>
        )
      }
    >
      {query.isError ? (
        <Empty description={t('scene.summary.failed')} />
      ) : (
        <Space direction="vertical" size={16} className="scene-detail__bind">
          <Row gutter={[16, 16]}>
            <Col xs={24} md={8}>
              <Card size="small">
                <Statistic
                  title={t('scene.summary.calls')}
                  value={n(summary?.calls)}
                  loading={loading}
                />
              </Card>
            </Col>
            <Col xs={24} md={8}>
              <Card size="small">
                <Statistic
                  title={t('scene.summary.tokens')}
                  value={n(summary?.totalTokens)}
                  loading={loading}
                />
                {summary && (
                  <Typography.Text type="secondary">
                    {t('scene.summary.tokensDetail', {
                      prompt: formatCount(n(summary.promptTokens), i18n.language),
                      completion: formatCount(n(summary.completionTokens), i18n.language),
                    })}
                  </Typography.Text>
                )}
              </Card>
            </Col>
            <Col xs={24} md={8}>
              <Card size="small">
                <Statistic
                  title={t('scene.summary.chats')}
                  value={n(summary?.chats)}
                  loading={loading}
                />
              </Card>
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <Table<BaseRecord>
                size="small"
                title={() => t('scene.summary.recentRecords')}
                rowKey={(r) => String(r.id)}
                loading={loading}
                pagination={false}
                dataSource={summary?.recentRecords ?? []}
                locale={{ emptyText: t('table.empty') }}
                scroll={{ x: 'max-content' }}
                columns={[
                  {
                    key: 'title',
                    title: t('record.fields.title'),
                    render: (_: unknown, r: BaseRecord) => (
                      <DetailLink routeName="record.detail" id={r.id}>
                        {String(r.title ?? r.chatId ?? r.id)}
                      </DetailLink>
                    ),
                  },
                  {
                    key: 'type',
                    title: t('record.fields.type'),
                    render: (_: unknown, r: BaseRecord) => <RecordTypeTag value={r.type} />,
                  },
                  {
                    key: 'messageCount',
                    dataIndex: 'messageCount',
                    title: t('record.fields.messageCount'),
                  },
                  {
                    key: 'modifiedAt',
                    title: t('record.fields.modifiedAt'),
                    render: (_: unknown, r: BaseRecord) =>
                      formatDateTime(r.modifiedAt ?? r.updatedAt),
                  },
                ]}
              />
            </Col>
            <Col xs={24} xl={12}>
              <Table<BaseRecord>
                size="small"
                title={() => t('scene.summary.recentCalls')}
                rowKey={(r) => String(r.id)}
                loading={loading}
                pagination={false}
                dataSource={summary?.recentCalls ?? []}
                locale={{ emptyText: t('table.empty') }}
                scroll={{ x: 'max-content' }}
                columns={[
                  {
                    key: 'title',
                    title: t('prompt-call.fields.title'),
                    render: (_: unknown, c: BaseRecord) => (
                      <DetailLink routeName="prompt.call-detail" id={c.id}>
                        {String(c.title ?? c.id)}
                      </DetailLink>
                    ),
                  },
                  {
                    key: 'assessment',
                    title: t('prompt-call.fields.assessment'),
                    render: (_: unknown, c: BaseRecord) => <AssessmentTag value={c.assessment} />,
                  },
                  {
                    key: 'totalTokens',
                    dataIndex: 'totalTokens',
                    title: t('prompt-call.fields.totalTokens'),
                    align: 'right',
                    render: (v: unknown) => formatCount(n(v), i18n.language),
                  },
                  {
                    key: 'callTime',
                    title: t('prompt-call.fields.callTime'),
                    render: (_: unknown, c: BaseRecord) => formatDateTime(c.callTime),
                  },
                ]}
              />
            </Col>
          </Row>
        </Space>
      )}
    </Card>
  );
}

/** A scene: its facts, its template (bind / unbind), its usage, edit and delete. */
export default function SceneDetail() {
  const { def, route, can } = useView();
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const { record: result, query, placeholder } = useDetailRecord<BaseRecord>();

  if (placeholder || !result) return placeholder;
  const scene = result;
  const name = String(scene.sceneName ?? scene.id);
  const refetch = () => void query.refetch();

  return (
    <Space direction="vertical" size={16} className="scene-detail">
      <Card
        title={`${t(route.locale)} · ${name}`}
        extra={
          <Space>
            {can('edit') && (
              <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
                {t('buttons.edit')}
              </Button>
            )}
            <DeleteRecordButton id={scene.id!} title={name} />
          </Space>
        }
      >
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('scene.fields.sceneName')}>{name}</Descriptions.Item>
          <Descriptions.Item label={t('scene.fields.sceneCode')}>
            <Typography.Text code copyable>
              {String(scene.sceneCode ?? '')}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('scene.fields.type')}>
            <SceneTypeTag value={scene.type} />
          </Descriptions.Item>
          <Descriptions.Item label={t('scene.fields.createdAt')}>
            {formatDateTime(scene.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('scene.fields.description')} span={2}>
            {typeof scene.description === 'string' && scene.description ? (
              <Typography.Paragraph className="scene-detail__description">
                {scene.description}
              </Typography.Paragraph>
            ) : (
              <Typography.Text type="secondary">-</Typography.Text>
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <TemplateBinding scene={scene} onChanged={refetch} />
      <ReleaseGateCard scene={scene} editable={can('edit')} onChanged={refetch} />
      {typeof scene.templateId === 'number' && <ScenePlayground templateId={scene.templateId} />}
      <UsageSummary sceneId={scene.id} />
      <ResourceFormModal
        def={def}
        mode="edit"
        record={scene}
        open={editing}
        onClose={() => setEditing(false)}
        onSaved={refetch}
      />
    </Space>
  );
}
