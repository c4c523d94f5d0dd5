import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useTogether } from './together';

describe('useTogether', () => {
  it('keeps the last set in which all were ready, and switches it whole', () => {
    const a1 = { a: 1 };
    const b1 = { b: 1 };
    const a2 = { a: 2 };
    const b2 = { b: 2 };
    const { result, rerender } = renderHook(
      ({ values, ready }: { values: readonly object[]; ready: boolean }) =>
        useTogether(values, ready),
      { initialProps: { values: [a1, b1], ready: true } },
    );
    expect(result.current).toEqual([a1, b1]);
    const first = result.current;

    // The first value is new, the second still the old one: nothing changes yet.
    rerender({ values: [a2, b1], ready: false });
    expect(result.current).toBe(first);

    rerender({ values: [a2, b2], ready: true });
    expect(result.current).toEqual([a2, b2]);
  });

  it('answers the same array while the values stay the same', () => {
    const a = { a: 1 };
    const { result, rerender } = renderHook(
      ({ values }: { values: readonly object[] }) => useTogether(values, true),
      { initialProps: { values: [a] } },
    );
    const first = result.current;
    rerender({ values: [a] });
    expect(result.current).toBe(first);
  });
});
