import { Col, Row } from 'antd';
import { useWorkplaceAccess } from './access';
import { KpiCards } from './KpiCards';
import { QuickLinks } from './QuickLinks';
import { RecentSessions } from './RecentSessions';
import { TopScenes } from './TopScenes';
import { TrendPanel } from './TrendPanel';
import WorkplaceSamplePanels from './samples/WorkplaceSamplePanels';
import { useIdleAfter } from './use-idle-after';
import { useToday } from './use-figures';

/**
 * The workplace's panels: the platform's figures from the API, its trend and busiest scenes,
 * the latest sessions and shortcuts, each only where the role may open the page behind it;
 * the sample panels of spec §1 follow below. The sample panels (below the fold) start their calls
 * and drawing once the trend has its answer and the browser is idle: the trend chart is drawn
 * first.
 */
export default function WorkplacePanels({ today }: { today: string }) {
  const access = useWorkplaceAccess();
  const { trend, error } = useToday(today);
  const samples = useIdleAfter(!!trend || error);
  return (
    <>
      <KpiCards today={today} access={access} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <TrendPanel today={today} statistics={access.statistics} />
        </Col>
        <Col xs={24} xl={8}>
          <TopScenes today={today} statistics={access.statistics} />
        </Col>
        {access.records && (
          <Col xs={24} xl={16}>
            <RecentSessions records={access.records} detail={access.recordDetail} />
          </Col>
        )}
        <Col xs={24} xl={access.records ? 8 : 24}>
          <QuickLinks access={access} />
        </Col>
      </Row>
      <WorkplaceSamplePanels panels={samples} />
    </>
  );
}
