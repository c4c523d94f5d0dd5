import { Col, Divider, Row, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContentChartPanel } from './ContentChartPanel';
import { MessagesPanel } from './MessagesPanel';
import { PopularContentPanel } from './PopularContentPanel';
import { QuickLinksPanel } from './QuickLinksPanel';
import '../../samples/samples.css';

/**
 * The workplace's sample panels (spec §1, §7): the content chart, popular content, announcements
 * and messages, and links to the sample pages. They show the mocked handlers' sample data, so
 * they sit under their own heading, apart from the real numbers above them. Until `panels` the
 * heading stands over a still placeholder, and no panel has called.
 */
export default function WorkplaceSamplePanels({ panels = true }: { panels?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="sample-page" data-testid="workplace-samples">
      <Divider orientation="left">{t('samples.workplace.heading')}</Divider>
      <Typography.Paragraph type="secondary">{t('samples.workplace.hint')}</Typography.Paragraph>
      {!panels ? (
        <Skeleton active={false} paragraph={{ rows: 8 }} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <Space direction="vertical" size={16} className="sample-page">
              <ContentChartPanel />
              <PopularContentPanel />
            </Space>
          </Col>
          <Col xs={24} xl={8}>
            <Space direction="vertical" size={16} className="sample-page">
              <MessagesPanel />
              <QuickLinksPanel />
            </Space>
          </Col>
        </Row>
      )}
    </section>
  );
}
