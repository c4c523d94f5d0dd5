import { Grid } from 'antd';

/**
 * Where a table's row actions column is fixed: at the right edge, in view whatever the
 * horizontal scroll, except on a phone, where its 150 px covered half of a 390 px screen's table
 * and left one data column beside it. There it is the table's last column and scrolls with the
 * row. Before the first measurement (and in tests without a window size) it stays fixed.
 */
export function useActionsFixed(): 'right' | undefined {
  const screens = Grid.useBreakpoint();
  return screens.sm === false ? undefined : 'right';
}
