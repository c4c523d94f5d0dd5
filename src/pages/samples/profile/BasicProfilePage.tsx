import { Badge, Card, Descriptions, Space, Steps, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OperationLog, ProfileBasic } from '../../../../mock/types';
import { formatLongDateTime } from '../../../providers/dates';
import { SAMPLE_CALLS, useSampleQuery } from '../api';
import { SampleState } from '../SampleState';
import '../samples.css';

/** The publishing flow the profile's `status` is a step of. */
export const PROFILE_STEPS = ['submitted', 'reviewing', 'approved', 'online'] as const;

function ProfileDetails({ profile }: { profile: ProfileBasic }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`samples.profile.fields.${key}`);
  const { video, audio } = profile;
  const current = Math.min(Math.max(profile.status, 0), PROFILE_STEPS.length - 1);
  return (
    <Space direction="vertical" size={24} className="sample-page">
      <Steps
        current={current}
        items={PROFILE_STEPS.map((s) => ({ title: t(`samples.profile.steps.${s}`) }))}
        data-testid="profile-steps"
      />
      <Descriptions
        title={t('samples.profile.video')}
        bordered
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'mode', label: f('mode'), children: video.mode },
          {
            key: 'acqRes',
            label: f('acquisitionResolution'),
            children: video.acquisition.resolution,
          },
          {
            key: 'acqFps',
            label: f('acquisitionFrameRate'),
            children: video.acquisition.frameRate,
          },
          { key: 'encRes', label: f('encodingResolution'), children: video.encoding.resolution },
          { key: 'encFps', label: f('encodingFrameRate'), children: video.encoding.frameRate },
          { key: 'profile', label: f('profile'), children: video.encoding.profile },
          {
            key: 'rate',
            label: f('rate'),
            span: 3,
            children: t('samples.profile.rate', {
              min: video.encoding.rate.min,
              max: video.encoding.rate.max,
              value: video.encoding.rate.default,
            }),
          },
        ]}
        data-testid="profile-video"
      />
      <Descriptions
        title={t('samples.profile.audio')}
        bordered
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'mode', label: f('mode'), children: audio.mode },
          {
            key: 'acqCh',
            label: f('acquisitionChannels'),
            children: audio.acquisition.channels,
          },
          { key: 'encCh', label: f('encodingChannels'), children: audio.encoding.channels },
          { key: 'encRate', label: f('encodingRate'), children: audio.encoding.rate },
          { key: 'profile', label: f('profile'), children: audio.encoding.profile },
        ]}
        data-testid="profile-audio"
      />
    </Space>
  );
}

function OperationLogCard() {
  const { t, i18n } = useTranslation();
  const query = useSampleQuery<OperationLog[]>(SAMPLE_CALLS.operationLog);
  const columns: TableColumnsType<OperationLog> = [
    { title: t('samples.profile.log.contentNumber'), dataIndex: 'contentNumber' },
    { title: t('samples.profile.log.updateContent'), dataIndex: 'updateContent' },
    {
      title: t('samples.profile.log.status'),
      dataIndex: 'status',
      render: (v: OperationLog['status']) => (
        <Badge
          status={v === 1 ? 'success' : 'processing'}
          text={t(`samples.profile.log.statuses.${v}`)}
        />
      ),
    },
    {
      title: t('samples.profile.log.updateTime'),
      dataIndex: 'updateTime',
      render: (v: string) => formatLongDateTime(v, i18n.language) ?? '-',
    },
  ];
  return (
    <Card title={t('samples.profile.log.title')} data-testid="operation-log">
      <SampleState query={query} rows={5}>
        {(rows) => (
          <Table<OperationLog>
            rowKey="key"
            size="middle"
            columns={columns}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        )}
      </SampleState>
    </Card>
  );
}

/** The sample basic profile (spec §1): a publishing profile's parameters and its change log. */
export default function BasicProfilePage() {
  const { t } = useTranslation();
  const query = useSampleQuery<ProfileBasic>(SAMPLE_CALLS.profileBasic);
  return (
    <Space direction="vertical" size={16} className="sample-page" data-testid="basic-profile">
      <Card title={t('samples.profile.title')}>
        <SampleState query={query} rows={8}>
          {(profile) => <ProfileDetails profile={profile} />}
        </SampleState>
      </Card>
      <OperationLogCard />
    </Space>
  );
}
