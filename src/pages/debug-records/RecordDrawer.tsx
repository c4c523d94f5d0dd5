import {
  Alert,
  Descriptions,
  Drawer,
  Empty,
  Space,
  Spin,
  Tag,
  Typography,
  type DescriptionsProps,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/resource/field-format';
import { useAccess } from '../../resources/view';
import { routeByName } from '../../routes/table';
import { useRecordDetail, type RecordDetail } from './api';
import { cost, milliseconds, SourceTag, StateTag, Tokens } from './cells';
import { readRequest, type RecordRequest } from './params';

/** One model request in full; `id` comes from the address (`?record=`), null when closed. */
export function RecordDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const { record, loading, failed } = useRecordDetail(id);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width="min(760px, 100vw)"
      title={id !== null ? t('debug.drawer.title', { id }) : ''}
      destroyOnHidden
      data-testid="debug-record-drawer"
    >
      {loading ? (
        <Spin />
      ) : failed || !record ? (
        <Empty description={t('debug.drawer.notFound')} />
      ) : (
        <RecordBody record={record} />
      )}
    </Drawer>
  );
}

function RecordBody({ record }: { record: RecordDetail }) {
  const { t } = useTranslation();
  const request = readRequest(record.request);
  return (
    <Space direction="vertical" size={24} className="debug-records__body">
      <Summary record={record} request={request} />
      <section>
        <Typography.Title level={5}>{t('debug.drawer.messages')}</Typography.Title>
        <Space direction="vertical" size={12} className="debug-records__body">
          {request.messages.map((m, i) => (
            <div key={i} data-testid="debug-record-message">
              <Tag>{m.role}</Tag>
              <pre className="debug-records__pre">{m.content}</pre>
            </div>
          ))}
        </Space>
      </section>
      <section>
        <Typography.Title level={5}>{t('debug.drawer.answer')}</Typography.Title>
        <Answer record={record} />
      </section>
      <section>
        <Typography.Title level={5}>{t('debug.drawer.variables')}</Typography.Title>
        {request.variables.length ? (
          <Descriptions
            bordered
            size="small"
            column={1}
            styles={{ label: { width: '30%' } }}
            items={request.variables.map(([name, value]) => ({
              key: name,
              label: name,
              children: <span className="debug-records__wrap">{value}</span>,
            }))}
          />
        ) : (
          <Typography.Text type="secondary">{t('debug.drawer.noVariables')}</Typography.Text>
        )}
      </section>
    </Space>
  );
}

function Answer({ record }: { record: RecordDetail }) {
  const { t } = useTranslation();
  if (record.error) {
    return (
      <Alert
        type={record.state === 'aborted' ? 'warning' : 'error'}
        showIcon
        message={t(`model-version.errors.${record.error.kind}`)}
        description={<span className="debug-records__wrap">{record.error.message}</span>}
        data-testid="debug-record-error"
      />
    );
  }
  if (!record.answer) {
    return <Typography.Text type="secondary">{t('debug.drawer.noAnswer')}</Typography.Text>;
  }
  return (
    <pre className="debug-records__pre" data-testid="debug-record-answer">
      {record.answer}
    </pre>
  );
}

function Summary({ record, request }: { record: RecordDetail; request: RecordRequest }) {
  const { t } = useTranslation();
  const field = (key: string) => t(`debug.server.fields.${key}`);
  const provider = request.provider
    ? t(`model-version.providers.${request.provider}`, { defaultValue: request.provider })
    : '-';
  const items: DescriptionsProps['items'] = [
    { key: 'createdAt', label: field('createdAt'), children: formatDateTime(record.createdAt) },
    { key: 'state', label: field('state'), children: <StateTag state={record.state} /> },
    {
      key: 'template',
      label: field('template'),
      span: 'filled',
      children: (
        <span className="debug-records__wrap">
          {record.templateTitle ?? '-'}
          {record.templateId !== null && (
            <Typography.Text type="secondary">{` (${record.templateId})`}</Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'modelVersion', label: field('modelVersion'), children: record.modelVersion },
    { key: 'source', label: field('source'), children: <SourceTag source={record.source} /> },
    {
      key: 'provider',
      label: field('provider'),
      children: request.model ? `${provider} · ${request.model}` : provider,
    },
    {
      key: 'edited',
      label: field('edited'),
      children: t(`debug.drawer.edited.${String(request.edited)}`),
    },
    { key: 'tokens', label: field('tokens'), children: <Tokens record={record} /> },
    { key: 'cost', label: field('cost'), children: cost(record.cost) },
    { key: 'ttft', label: field('ttft'), children: milliseconds(record.ttftMs) },
    { key: 'latency', label: field('latency'), children: milliseconds(record.latencyMs) },
    { key: 'operator', label: field('operator'), children: record.operatorId },
    { key: 'call', label: field('call'), children: <CallLink id={record.callId} /> },
  ];
  return (
    <Descriptions
      bordered
      size="small"
      // Antd counts breakpoints by the window, not the drawer: two columns from a tablet up.
      column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }}
      styles={{ label: { whiteSpace: 'nowrap' } }}
      items={items}
      data-testid="debug-record-summary"
    />
  );
}

/** The template call this request became, linked when this role may open call details. */
function CallLink({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const { canOpen } = useAccess();
  if (id === null) {
    return <Typography.Text type="secondary">{t('debug.drawer.noCall')}</Typography.Text>;
  }
  const route = routeByName('prompt.call-detail');
  if (!route || !canOpen(route)) return <>{t('debug.drawer.callId', { id })}</>;
  return (
    <Link to={`${route.path}?id=${id}`} data-testid="debug-record-call">
      {t('debug.drawer.openCall', { id })}
    </Link>
  );
}
