import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDialog } from './use-dialog';

describe('useDialog', () => {
  it('keeps what it shows while it closes, and lets go of it after', () => {
    const { result } = renderHook(() => useDialog<{ id: number }>());
    expect(result.current.state).toBeNull();
    act(() => result.current.show({ id: 1 }));
    expect(result.current).toMatchObject({ state: { id: 1 }, open: true });
    act(() => result.current.close());
    // Still rendered, closing: antd animates it out and gives the focus back.
    expect(result.current).toMatchObject({ state: { id: 1 }, open: false });
    act(() => result.current.afterClose());
    expect(result.current.state).toBeNull();
  });

  it('opened again while closing, it is a new dialog (a new key) with the new state', () => {
    const { result } = renderHook(() => useDialog<{ id: number }>());
    act(() => result.current.show({ id: 1 }));
    const first = result.current.key;
    act(() => result.current.close());
    act(() => result.current.show({ id: 2 }));
    expect(result.current).toMatchObject({ state: { id: 2 }, open: true });
    expect(result.current.key).not.toBe(first);
  });
});
