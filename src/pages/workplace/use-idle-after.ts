import { useEffect, useState } from 'react';

/**
 * True from the browser's first idle moment after `ready` turns true (at the latest `timeoutMs`
 * later). Work that can wait (panels below the fold) starts there, so it does not share the
 * main thread with drawing what the operator is looking at.
 */
export function useIdleAfter(ready: boolean, timeoutMs = 1000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    const go = () => setIdle(true);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(go, { timeout: timeoutMs });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(go, 0);
    return () => clearTimeout(timer);
  }, [ready, idle, timeoutMs]);
  return idle;
}
