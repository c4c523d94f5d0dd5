import { useState } from 'react';

/**
 * Values shown together: the last set in which all of them were ready. While some are still on
 * their way the previous set stays whole, so the set changes once, when the last value comes,
 * and never shows old and new values side by side.
 */
export function useTogether<T extends readonly unknown[]>(values: T, ready: boolean): T {
  const [kept, setKept] = useState(values);
  const changed = values.length !== kept.length || values.some((v, i) => v !== kept[i]);
  if (!ready || !changed) return kept;
  // Adjusting state while rendering: React renders again at once, before anything is painted.
  setKept(values);
  return values;
}
