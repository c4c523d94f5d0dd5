import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { progressDone, progressStart } from '../routes/progress';

const ServerErrorPage = lazy(() =>
  import('../pages/exception/ExceptionPage').then((m) => ({
    default: () => <m.ExceptionPage status="500" />,
  })),
);

/** Shown while a page loads: the thin progress bar runs, no spinner (spec §2). */
export function Loading() {
  useEffect(() => {
    progressStart();
    return progressDone;
  }, []);
  return null;
}

class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <Suspense fallback={null}>
        <ServerErrorPage />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}

/** A lazily loaded page: progress bar while it loads, the 500 page if it throws. */
export function Lazy({ children }: { children: ReactNode }) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
