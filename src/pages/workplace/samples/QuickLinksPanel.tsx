import {
  AreaChartOutlined,
  IdcardOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { Button, Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SAMPLE_PAGES } from '../../../../contract/menu';
import { routeByName } from '../../../routes/table';

const ICONS: Record<(typeof SAMPLE_PAGES)[number], ReactNode> = {
  'content-analysis': <AreaChartOutlined />,
  'policy-list': <TableOutlined />,
  'basic-profile': <ProfileOutlined />,
  'user-info': <IdcardOutlined />,
  'user-settings': <SettingOutlined />,
  certification: <SafetyCertificateOutlined />,
};

/** Links to the sample pages, which the menu does not show (their routes are hidden). */
export function QuickLinksPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card title={t('samples.workplace.links')} data-testid="sample-links">
      <Row gutter={[8, 8]}>
        {SAMPLE_PAGES.map((page) => {
          const route = routeByName(`samples.${page}`);
          if (!route) return null;
          return (
            <Col span={12} key={page}>
              <Button
                block
                icon={ICONS[page]}
                onClick={() => navigate(route.path)}
                data-testid={`sample-link-${page}`}
              >
                {t(route.locale)}
              </Button>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}
