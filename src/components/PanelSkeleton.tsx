import { Skeleton } from 'antd';

/**
 * A panel's skeleton that already takes the height of what replaces it. A shorter one let the
 * page grow as answers arrived (the workplace's sample links moved twice within a second of
 * showing, 470 px in all, and a click aimed at one landed beside it).
 */
export function PanelSkeleton({
  height,
  rows = 4,
  testId,
}: {
  /** The loaded content's height in px, as measured at desktop widths; none: the rows' own. */
  height?: number;
  rows?: number;
  testId?: string;
}) {
  return (
    <div style={{ minHeight: height }} data-testid={testId}>
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}
