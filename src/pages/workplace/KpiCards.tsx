import {
  AppstoreOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
  CommentOutlined,
  DollarOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FireOutlined,
  HighlightOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Card, Col, Progress, Row, Skeleton, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCount, formatDate, formatMoney, formatShare } from '../../components/charts/format';
import { useStatistic } from '../../resources/scene/statistics/api';
import { changeAgainst, workplaceQueries } from './figures';
import { useAnnotation, useToday, useTotal } from './use-figures';
import type { WorkplaceAccess } from './access';

/** "vs yesterday ↑ 12.5 %", "↓", flat, or "new" when yesterday had none. */
function ChangeNote({ day }: { day: { today: number; yesterday: number } }) {
  const { t, i18n } = useTranslation();
  const change = changeAgainst(day.today, day.yesterday);
  const arrow =
    change.direction === 'up' ? (
      <ArrowUpOutlined aria-hidden />
    ) : change.direction === 'down' ? (
      <ArrowDownOutlined aria-hidden />
    ) : null;
  const text =
    change.percent === null
      ? t('workplace.change.new')
      : change.direction === 'flat'
        ? t('workplace.change.flat')
        : t(`workplace.change.${change.direction}`, {
            percent: formatShare(change.percent / 100, i18n.language),
          });
  return (
    <Typography.Text
      type={
        change.direction === 'up' ? 'success' : change.direction === 'down' ? 'danger' : 'secondary'
      }
      className="workplace-kpi__note"
      data-direction={change.direction}
    >
      {arrow} {text}
    </Typography.Text>
  );
}

interface Kpi {
  key: string;
  icon: ReactNode;
  /** The formatted figure, undefined while it loads. */
  value: string | undefined;
  note?: ReactNode;
  /** A note of two lines (a bar and its text): its room is kept while it loads. */
  tallNote?: boolean;
  /** Where the card leads, when the role may open it. */
  to?: string;
}

/**
 * The workplace's figures, each from the API and each leading to the page behind it: scenes,
 * enabled templates, today's calls and sessions against yesterday, this week's tokens and cost
 * and, for the roles that have those pages, annotation progress and running evaluations.
 */
export function KpiCards({ today, access }: { today: string; access: WorkplaceAccess }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.language;
  const count = (n: number | undefined) => (n === undefined ? undefined : formatCount(n, locale));
  const enabled = [{ field: 'status', operator: 'eq' as const, value: 1 }];

  const scenes = useTotal('scene');
  const platform = useTotal('prompt', enabled, true, 'public');
  const personal = useTotal('prompt', enabled, !!access.personalTemplates, 'personal');
  const day = useToday(today);
  const week = useStatistic('sceneList', workplaceQueries(today).week);
  const annotation = useAnnotation(!!access.corpus);
  const running = useTotal(
    'model-evaluate',
    [{ field: 'state', operator: 'eq', value: 'running' }],
    !!access.evaluations,
  );

  const templates =
    platform.total === undefined || (!!access.personalTemplates && personal.total === undefined)
      ? undefined
      : platform.total + (personal.total ?? 0);
  const statistics = access.statistics;
  const weekLink =
    statistics && `${statistics}?start=${workplaceQueries(today).week.startDate}&end=${today}`;
  const todayLink = statistics && `${statistics}?range=today`;

  const kpis: Kpi[] = [
    { key: 'scenes', icon: <AppstoreOutlined />, value: count(scenes.total), to: access.scenes },
    {
      key: 'templates',
      icon: <FileTextOutlined />,
      value: count(templates),
      to: access.templates,
      note: templates !== undefined && (
        <Typography.Text type="secondary" className="workplace-kpi__note">
          {access.personalTemplates
            ? t('workplace.kpi.templatesSplit', {
                platform: count(platform.total),
                personal: count(personal.total),
              })
            : t('workplace.kpi.templatesPlatform')}
        </Typography.Text>
      ),
    },
    {
      key: 'callsToday',
      icon: <ThunderboltOutlined />,
      value: count(day.calls?.today),
      note: day.calls && <ChangeNote day={day.calls} />,
      to: todayLink,
    },
    {
      key: 'sessionsToday',
      icon: <CommentOutlined />,
      value: count(day.chats?.today),
      note: day.chats && <ChangeNote day={day.chats} />,
      to: todayLink,
    },
    {
      key: 'tokensWeek',
      icon: <FireOutlined />,
      value: count(week.data?.totals.totalTokens),
      to: weekLink,
      note: week.data && (
        <Typography.Text type="secondary" className="workplace-kpi__note">
          {t('workplace.kpi.weekSince', {
            date: formatDate(workplaceQueries(today).week.startDate, locale),
          })}
        </Typography.Text>
      ),
    },
    {
      key: 'costWeek',
      icon: <DollarOutlined />,
      value: week.data ? formatMoney(week.data.totals.cost, locale) : undefined,
      to: weekLink,
      note: week.data && (
        <Typography.Text type="secondary" className="workplace-kpi__note">
          {t('workplace.kpi.callsWeek', { calls: count(week.data.totals.calls) })}
        </Typography.Text>
      ),
    },
  ];
  if (access.corpus) {
    const p = annotation.progress;
    kpis.push({
      key: 'annotation',
      icon: <HighlightOutlined />,
      value: p ? formatShare(p.share, locale) : undefined,
      to: access.corpus,
      tallNote: true,
      note: p && (
        <>
          <Progress
            percent={Math.round(p.share * 1000) / 10}
            showInfo={false}
            size="small"
            className="workplace-kpi__progress"
          />
          <Typography.Text type="secondary" className="workplace-kpi__note">
            {t('workplace.kpi.annotated', {
              annotated: count(p.annotated),
              items: count(p.items),
            })}
          </Typography.Text>
        </>
      ),
    });
  }
  if (access.evaluations) {
    kpis.push({
      key: 'evaluationsRunning',
      icon: <ExperimentOutlined />,
      value: count(running.total),
      to: access.evaluations,
    });
  }

  const failed = [scenes, platform, personal, day, week, annotation, running].some((c) => c.error);
  const span = kpis.length % 4 === 0 ? 6 : 8;
  return (
    <Row gutter={[16, 16]} className="workplace-kpis">
      {kpis.map((kpi) => (
        <Col xs={24} sm={12} lg={span} key={kpi.key}>
          <Card
            size="small"
            hoverable={!!kpi.to}
            className={kpi.to ? 'workplace-kpi workplace-kpi--link' : 'workplace-kpi'}
            onClick={kpi.to ? () => navigate(kpi.to!) : undefined}
            data-testid={`workplace-${kpi.key}`}
          >
            <Statistic
              title={t(`workplace.kpi.${kpi.key}`)}
              prefix={kpi.icon}
              valueRender={() =>
                kpi.value === undefined ? (
                  failed ? (
                    <Typography.Text type="secondary">-</Typography.Text>
                  ) : (
                    <Skeleton.Input active size="small" />
                  )
                ) : (
                  <span data-testid={`workplace-${kpi.key}-value`}>{kpi.value}</span>
                )
              }
            />
            <div
              className={
                kpi.tallNote
                  ? 'workplace-kpi__footer workplace-kpi__footer--tall'
                  : 'workplace-kpi__footer'
              }
            >
              {kpi.note}
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
