import { Skeleton } from 'antd';
import {
  lazy,
  memo,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type RefObject,
} from 'react';
import type { ChartConfigs, ChartKind } from './kinds';
import './charts.css';

type PlotModule = typeof import('./Plot');
let loading: Promise<PlotModule> | undefined;
let loaded: PlotModule | undefined;

function loadPlot(): Promise<PlotModule> {
  loading ??= import('./Plot').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // A failed fetch is tried again by the next chart rather than remembered.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Starts loading the charting library (once). A page that draws charts calls it as its own
 * code loads, so the library arrives alongside the page's answers rather than after them.
 */
export function preloadCharts(): void {
  loadPlot().catch(() => undefined);
}

const LazyPlot = lazy(loadPlot);

/**
 * Whether the box is in view or near it (once true, it stays). The charts in view are drawn
 * first; one further down the page is drawn as it is scrolled towards, not while the operator
 * waits for the ones in view.
 */
function useSeen(box: RefObject<HTMLDivElement | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, seen]);
  return seen;
}

export interface ChartProps<K extends ChartKind> {
  kind: K;
  /** Kept by the caller between renders (useMemo): a new object redraws the chart. */
  config: ChartConfigs[K];
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  /** Height of the box in pixels; the chart fills it (spec §9: width and height 100%). */
  height?: number;
  testId?: string;
}

/**
 * A theme-aware chart in a box of the given height, drawn once it is in view. Drawn again only
 * when its props change: the library compares a new configuration deeply, and its formatters
 * (functions) never compare equal, so a re-render of the page with the same data would redraw
 * every chart on it.
 */
function ChartBox<K extends ChartKind>({
  kind,
  config,
  label,
  height = 280,
  testId,
}: ChartProps<K>) {
  // Once the library is here the chart is drawn in the same render, with no loading state. Chosen
  // once: a change of component would draw the chart anew.
  const [Plot] = useState<ComponentType<{ kind: K; config: ChartConfigs[K] }>>(
    () => loaded?.default ?? LazyPlot,
  );
  const box = useRef<HTMLDivElement>(null);
  const seen = useSeen(box);
  const rows = Math.max(1, Math.round(height / 60));
  // Loading (the library on its way) moves; a chart waiting to be scrolled to stands still.
  const loading = <Skeleton active paragraph={{ rows }} />;
  const waiting = <Skeleton active={false} paragraph={{ rows }} />;
  return (
    <div
      ref={box}
      className="console-chart"
      style={{ height }}
      role="img"
      aria-label={label}
      data-testid={testId}
    >
      {seen ? (
        <Suspense fallback={loading}>
          <Plot kind={kind} config={config} />
        </Suspense>
      ) : (
        waiting
      )}
    </div>
  );
}

export const Chart = memo(ChartBox) as typeof ChartBox;
