import { AppstoreOutlined, TeamOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, List, Row, Space, Statistic, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LatestActivity, Project, ProjectAndTeam, Team, Visits } from '../../../../mock/types';
import { formatCount } from '../../../components/charts/format';
import { SAMPLE_CALLS, useSampleQuery } from '../api';
import { SampleState } from '../SampleState';
import { Trend } from '../Trend';
import { UserHeader } from './UserHeader';
import '../samples.css';

function ProjectsCard() {
  const { t } = useTranslation();
  const query = useSampleQuery<Project[]>(SAMPLE_CALLS.myProjects);
  return (
    <Card title={t('samples.user.projects.title')} data-testid="my-projects">
      <SampleState query={query} isEmpty={(l) => l.length === 0}>
        {(projects) => (
          <Row gutter={[16, 16]}>
            {projects.map((p) => (
              <Col xs={24} md={12} xl={8} key={p.id}>
                <Card size="small" title={p.name} className="sample-project">
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
                    {p.description}
                  </Typography.Paragraph>
                  <Space className="sample-project__footer">
                    <Avatar.Group max={{ count: 4 }} size="small">
                      {p.contributors.map((c) => (
                        <Tooltip title={`${c.name} <${c.email}>`} key={c.email}>
                          <Avatar src={c.avatar}>{c.name.slice(0, 1)}</Avatar>
                        </Tooltip>
                      ))}
                    </Avatar.Group>
                    <Typography.Text type="secondary">
                      {t('samples.user.projects.people', { count: p.peopleNumber })}
                    </Typography.Text>
                  </Space>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </SampleState>
    </Card>
  );
}

function ActivityCard() {
  const { t } = useTranslation();
  const query = useSampleQuery<LatestActivity[]>(SAMPLE_CALLS.latestActivity);
  return (
    <Card title={t('samples.user.activity.title')} data-testid="latest-activity">
      <SampleState query={query} rows={5} isEmpty={(l) => l.length === 0}>
        {(items) => (
          <List<LatestActivity>
            itemLayout="horizontal"
            dataSource={items}
            renderItem={(a) => (
              <List.Item key={a.id}>
                <List.Item.Meta
                  avatar={<Avatar src={a.avatar} />}
                  title={a.title}
                  description={a.description}
                />
              </List.Item>
            )}
          />
        )}
      </SampleState>
    </Card>
  );
}

function VisitsCard() {
  const { t, i18n } = useTranslation();
  const query = useSampleQuery<Visits[]>(SAMPLE_CALLS.visits);
  return (
    <Card title={t('samples.user.visits.title')} data-testid="visits">
      <SampleState query={query} rows={2} isEmpty={(l) => l.length === 0}>
        {(rows) => (
          <Row gutter={16}>
            {rows.map((v) => (
              <Col span={12} key={v.name}>
                <Statistic title={v.name} value={formatCount(v.visits, i18n.language)} />
                <Trend value={v.growth} />
              </Col>
            ))}
          </Row>
        )}
      </SampleState>
    </Card>
  );
}

/** The project and team categories (GET /api/user/project-and-team/list). */
function ProjectAndTeamCard() {
  const { t } = useTranslation();
  const query = useSampleQuery<ProjectAndTeam[]>(SAMPLE_CALLS.projectAndTeam);
  return (
    <Card title={t('samples.user.projectAndTeam')} data-testid="project-and-team">
      <SampleState query={query} rows={3} isEmpty={(l) => l.length === 0}>
        {(entries) => (
          <Space size={[8, 8]} wrap>
            {entries.map((e) => (
              <Tag key={e.id} icon={<AppstoreOutlined />}>
                {e.content}
              </Tag>
            ))}
          </Space>
        )}
      </SampleState>
    </Card>
  );
}

function TeamsCard() {
  const { t } = useTranslation();
  const query = useSampleQuery<Team[]>(SAMPLE_CALLS.myTeam);
  return (
    <Card title={t('samples.user.teams.title')} data-testid="my-team">
      <SampleState query={query} rows={4} isEmpty={(l) => l.length === 0}>
        {(list) => (
          <List<Team>
            dataSource={list}
            renderItem={(team) => (
              <List.Item key={team.id}>
                <List.Item.Meta
                  avatar={<Avatar src={team.avatar} icon={<TeamOutlined />} />}
                  title={team.name}
                  description={t('samples.user.teams.people', { count: team.peopleNumber })}
                />
              </List.Item>
            )}
          />
        )}
      </SampleState>
    </Card>
  );
}

/** The sample user center (spec §1): the account, its projects, activity, visits and teams. */
export default function UserInfoPage() {
  return (
    <Space direction="vertical" size={16} className="sample-page" data-testid="user-info">
      <UserHeader />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space direction="vertical" size={16} className="sample-page">
            <ProjectsCard />
            <ActivityCard />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" size={16} className="sample-page">
            <VisitsCard />
            <ProjectAndTeamCard />
            <TeamsCard />
          </Space>
        </Col>
      </Row>
    </Space>
  );
}
