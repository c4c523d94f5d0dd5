import { Badge, Card, Descriptions, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Certification, CertificationRecord } from '../../../../mock/types';
import { formatLongDateTime } from '../../../providers/dates';
import { SAMPLE_CALLS, useSampleQuery } from '../api';
import { SampleState } from '../SampleState';
import '../samples.css';

/** 0 under review, 1 done: certified (the enterprise) or passed (a record). */
function StatusBadge({ status, labels }: { status: 0 | 1; labels: string }) {
  const { t } = useTranslation();
  return <Badge status={status === 1 ? 'success' : 'processing'} text={t(`${labels}.${status}`)} />;
}

function EnterpriseInfo({ info }: { info: Certification['enterpriseInfo'] }) {
  const { t, i18n } = useTranslation();
  const f = (key: keyof Certification['enterpriseInfo']) =>
    t(`samples.certification.fields.${key}`);
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        { key: 'accountType', label: f('accountType'), children: info.accountType },
        {
          key: 'status',
          label: f('status'),
          children: <StatusBadge status={info.status} labels="samples.certification.statuses" />,
        },
        { key: 'time', label: f('time'), children: formatLongDateTime(info.time, i18n.language) },
        { key: 'legalPerson', label: f('legalPerson'), children: info.legalPerson },
        { key: 'certificateType', label: f('certificateType'), children: info.certificateType },
        {
          key: 'authenticationNumber',
          label: f('authenticationNumber'),
          children: info.authenticationNumber,
        },
        { key: 'enterpriseName', label: f('enterpriseName'), children: info.enterpriseName },
        {
          key: 'enterpriseCertificateType',
          label: f('enterpriseCertificateType'),
          children: info.enterpriseCertificateType,
        },
        { key: 'organizationCode', label: f('organizationCode'), children: info.organizationCode },
      ]}
      data-testid="enterprise-info"
    />
  );
}

/** The sample certification page (spec §1 user center): enterprise details and the records. */
export default function CertificationPage() {
  const { t, i18n } = useTranslation();
  const query = useSampleQuery<Certification>(SAMPLE_CALLS.certification);
  const columns: TableColumnsType<CertificationRecord> = [
    {
      title: t('samples.certification.record.type'),
      dataIndex: 'certificationType',
      render: (v: CertificationRecord['certificationType']) => (
        <Tag color={v === 1 ? 'blue' : 'gold'}>{t(`samples.certification.types.${v}`)}</Tag>
      ),
    },
    { title: t('samples.certification.record.content'), dataIndex: 'certificationContent' },
    {
      title: t('samples.certification.record.status'),
      dataIndex: 'status',
      render: (v: CertificationRecord['status']) => (
        <StatusBadge status={v} labels="samples.certification.record.statuses" />
      ),
    },
    {
      title: t('samples.certification.record.time'),
      dataIndex: 'time',
      render: (v: string) => formatLongDateTime(v, i18n.language) ?? '-',
    },
  ];
  return (
    <Space direction="vertical" size={16} className="sample-page" data-testid="certification">
      <Card title={t('samples.certification.enterprise')}>
        <SampleState query={query} rows={6}>
          {(answer) => <EnterpriseInfo info={answer.enterpriseInfo} />}
        </SampleState>
      </Card>
      <Card title={t('samples.certification.record.title')}>
        <SampleState query={query} rows={4} isEmpty={(a) => a.record.length === 0}>
          {(answer) => (
            <Table<CertificationRecord>
              rowKey={(r) => `${r.time}-${r.certificationType}`}
              size="middle"
              columns={columns}
              dataSource={answer.record}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid="certification-records"
            />
          )}
        </SampleState>
      </Card>
    </Space>
  );
}
