import {
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  HistoryOutlined,
  RobotOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WorkplaceAccess } from './access';

const LINKS: readonly { key: keyof WorkplaceAccess; icon: ReactNode }[] = [
  { key: 'scenes', icon: <AppstoreOutlined /> },
  { key: 'statistics', icon: <BarChartOutlined /> },
  { key: 'templates', icon: <FileTextOutlined /> },
  { key: 'records', icon: <HistoryOutlined /> },
  { key: 'corpus', icon: <BookOutlined /> },
  { key: 'evaluations', icon: <ExperimentOutlined /> },
  { key: 'users', icon: <TeamOutlined /> },
  { key: 'modelVersions', icon: <RobotOutlined /> },
];

/** Shortcuts to the pages this role may open (the others are left out, not disabled). */
export function QuickLinks({ access }: { access: WorkplaceAccess }) {
  const { t } = useTranslation();
  const links = LINKS.filter((l) => access[l.key]);
  return (
    <Card size="small" title={t('workplace.links.title')} data-testid="workplace-links">
      <Row gutter={[8, 8]}>
        {links.map((l) => (
          <Col span={12} key={l.key}>
            <Link
              to={access[l.key]!}
              className="workplace-link"
              data-testid={`workplace-link-${l.key}`}
            >
              {l.icon}
              <span>{t(`workplace.links.${l.key}`)}</span>
            </Link>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
