import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseParams, writeParams, type DebugParams } from './params';

/** The page's state as the address holds it, so a reload or a shared link shows the same. */
export function useDebugParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseParams(search), [search]);
  const update = useCallback(
    (change: (current: DebugParams) => DebugParams) =>
      setSearch((prev) => writeParams(prev, change(parseParams(prev))), { replace: true }),
    [setSearch],
  );
  return [params, update] as const;
}
