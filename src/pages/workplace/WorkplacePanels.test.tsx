import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WorkplacePanels from './WorkplacePanels';

/** The `panels` flag the sample section was rendered with, in order. */
const sampleRenders = vi.hoisted(() => [] as (boolean | undefined)[]);
vi.mock('./samples/WorkplaceSamplePanels', () => ({
  default: ({ panels }: { panels?: boolean }) => {
    sampleRenders.push(panels);
    return null;
  },
}));
vi.mock('./KpiCards', () => ({ KpiCards: () => null }));
vi.mock('./TrendPanel', () => ({ TrendPanel: () => null }));
vi.mock('./TopScenes', () => ({ TopScenes: () => null }));
vi.mock('./RecentSessions', () => ({ RecentSessions: () => null }));
vi.mock('./QuickLinks', () => ({ QuickLinks: () => null }));
vi.mock('./access', () => ({ useWorkplaceAccess: () => ({}) }));

/** What the trend's call answered so far; the test changes it between renders. */
const trend = vi.hoisted(() => ({ answer: undefined as unknown, error: false }));
vi.mock('./use-figures', () => ({
  useToday: () => ({ trend: trend.answer, error: trend.error, refetch: () => {} }),
}));

describe('workplace panels', () => {
  afterEach(() => {
    sampleRenders.length = 0;
    trend.answer = undefined;
    trend.error = false;
    vi.unstubAllGlobals();
  });

  it('starts the sample panels only once the trend has its answer and the browser is idle', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const view = render(<WorkplacePanels today="2026-11-02" />);
    expect(sampleRenders.at(-1)).toBe(false);
    expect(idle).toHaveLength(0);

    trend.answer = { buckets: [], series: [], total: [] };
    view.rerender(<WorkplacePanels today="2026-11-02" />);
    expect(sampleRenders.at(-1)).toBe(false);
    expect(idle).toHaveLength(1);

    act(() => idle[0]!());
    expect(sampleRenders.at(-1)).toBe(true);
  });

  it('starts them after a failed trend too', async () => {
    trend.error = true;
    render(<WorkplacePanels today="2026-11-02" />);
    await vi.waitFor(() => expect(sampleRenders.at(-1)).toBe(true));
  });
});
