import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  Badge,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  Row,
  Select,
  Space,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  POLICY_CONTENT_TYPES,
  POLICY_FILTER_TYPES,
  POLICY_STATUSES,
} from '../../../../mock/constants';
import type { PolicyPage, PolicyRow } from '../../../../mock/types';
import { formatCount } from '../../../components/charts/format';
// A table's date-times in the compact form of every resource list.
import { formatDateTime } from '../../../components/resource/field-format';
import { SAMPLE_CALLS, useSampleQuery } from '../api';
import { SampleError } from '../SampleState';
import {
  applyFilters,
  clampedView,
  hasFilters,
  requestOf,
  searchFromView,
  viewFromSearch,
  type PolicyFilters,
  type PolicyView,
} from './policy-query';
import '../samples.css';

/**
 * The filter form's values: the range as dayjs days for the picker (which clears it to null;
 * filtersOf treats that as no range).
 */
type FormValues = Omit<PolicyFilters, 'createdTime'> & { createdTime?: [Dayjs, Dayjs] };

function formValuesOf(view: PolicyView): FormValues {
  return {
    number: view.number,
    name: view.name,
    contentType: view.contentType,
    filterType: view.filterType,
    status: view.status,
    createdTime: view.createdTime
      ? [dayjs(view.createdTime[0]), dayjs(view.createdTime[1])]
      : undefined,
  };
}

function filtersOf(values: FormValues): PolicyFilters {
  const range = values.createdTime;
  return {
    number: values.number?.trim() || undefined,
    name: values.name?.trim() || undefined,
    contentType: values.contentType,
    filterType: values.filterType,
    status: values.status,
    createdTime: range ? [range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD')] : undefined,
  };
}

const STATUS_BADGE = { online: 'success', offline: 'default' } as const;

/**
 * The sample search table (spec §1 policy list): a filter form, the table and its pages against
 * GET /api/list/policy. Filters and page live in the URL, so a reload, the back button or a
 * shared link shows the same rows.
 */
export default function PolicyListPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromSearch(params), [params]);
  const [form] = Form.useForm<FormValues>();
  const query = useSampleQuery<PolicyPage>(SAMPLE_CALLS.policyList, requestOf(view), true);

  // The URL leads: back/forward or a pasted link puts its filters into the form.
  useEffect(() => form.setFieldsValue(formValuesOf(view)), [form, view]);

  // A page past the last one (an old link, fewer rows now) moves to the last page.
  const total = query.isPlaceholderData ? undefined : query.data?.total;
  useEffect(() => {
    const clamped = total === undefined ? null : clampedView(view, total);
    if (clamped) setParams(searchFromView(clamped), { replace: true });
  }, [total, view, setParams]);

  const show = (next: PolicyView) => setParams(searchFromView(next));
  const options = <T extends string>(values: readonly T[], group: string) =>
    values.map((v) => ({ value: v, label: t(`samples.policy.enums.${group}.${v}`) }));

  const columns: TableColumnsType<PolicyRow> = [
    { title: t('samples.policy.fields.number'), dataIndex: 'number', width: 120 },
    { title: t('samples.policy.fields.name'), dataIndex: 'name' },
    {
      title: t('samples.policy.fields.contentType'),
      dataIndex: 'contentType',
      render: (v: PolicyRow['contentType']) => t(`samples.policy.enums.contentType.${v}`),
    },
    {
      title: t('samples.policy.fields.filterType'),
      dataIndex: 'filterType',
      render: (v: PolicyRow['filterType']) => (
        <Tag color={v === 'rules' ? 'blue' : 'purple'}>
          {t(`samples.policy.enums.filterType.${v}`)}
        </Tag>
      ),
    },
    {
      title: t('samples.policy.fields.count'),
      dataIndex: 'count',
      align: 'right',
      render: (v: number) => formatCount(v, i18n.language),
    },
    {
      title: t('samples.policy.fields.createdTime'),
      dataIndex: 'createdTime',
      render: (v: string) => formatDateTime(v) || '-',
    },
    {
      title: t('samples.policy.fields.status'),
      dataIndex: 'status',
      render: (v: PolicyRow['status']) => (
        <Badge status={STATUS_BADGE[v]} text={t(`samples.policy.enums.status.${v}`)} />
      ),
    },
  ];

  return (
    <Card title={t('samples.policy.title')} data-testid="policy-list">
      <Form<FormValues>
        form={form}
        name="policy-filter"
        layout="horizontal"
        labelCol={{ flex: '96px' }}
        initialValues={formValuesOf(view)}
        onFinish={(values) => show(applyFilters(view, filtersOf(values)))}
        className="sample-filter"
      >
        <Row gutter={16}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="number" label={t('samples.policy.fields.number')}>
              <Input allowClear placeholder={t('samples.policy.placeholders.number')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="name" label={t('samples.policy.fields.name')}>
              <Input allowClear placeholder={t('samples.policy.placeholders.name')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="contentType" label={t('samples.policy.fields.contentType')}>
              <Select
                allowClear
                options={options(POLICY_CONTENT_TYPES, 'contentType')}
                placeholder={t('samples.policy.placeholders.all')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="filterType" label={t('samples.policy.fields.filterType')}>
              <Select
                allowClear
                options={options(POLICY_FILTER_TYPES, 'filterType')}
                placeholder={t('samples.policy.placeholders.all')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="createdTime" label={t('samples.policy.fields.createdTime')}>
              <DatePicker.RangePicker className="sample-filter__range" allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="status" label={t('samples.policy.fields.status')}>
              <Select
                allowClear
                options={options(POLICY_STATUSES, 'status')}
                placeholder={t('samples.policy.placeholders.all')}
              />
            </Form.Item>
          </Col>
        </Row>
        <Space className="sample-filter__actions">
          <Button
            type="primary"
            htmlType="submit"
            icon={<SearchOutlined />}
            data-testid="policy-search"
          >
            {t('samples.policy.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            disabled={!hasFilters(view)}
            onClick={() => {
              form.resetFields();
              show(applyFilters(view, {}));
            }}
            data-testid="policy-reset"
          >
            {t('samples.policy.reset')}
          </Button>
        </Space>
      </Form>
      <Table<PolicyRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        locale={
          query.isError
            ? { emptyText: <SampleError onRetry={() => void query.refetch()} /> }
            : undefined
        }
        pagination={{
          current: view.current,
          pageSize: view.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('samples.policy.total', { total }),
          onChange: (current, pageSize) =>
            show({ ...view, current: pageSize === view.pageSize ? current : 1, pageSize }),
        }}
        data-testid="policy-table"
      />
    </Card>
  );
}
