import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createStore, useStore } from './create-store';

describe('createStore', () => {
  it('gets and sets values, directly or from the previous one', () => {
    const s = createStore(1);
    expect(s.get()).toBe(1);
    s.set(2);
    expect(s.get()).toBe(2);
    s.set((n) => n * 10);
    expect(s.get()).toBe(20);
  });

  it('notifies subscribers on change and stops after unsubscribe', () => {
    const s = createStore('a');
    const listener = vi.fn();
    const off = s.subscribe(listener);
    s.set('b');
    expect(listener).toHaveBeenCalledOnce();
    off();
    s.set('c');
    expect(listener).toHaveBeenCalledOnce();
  });

  it('does not notify when the value is the same (Object.is)', () => {
    const obj = { a: 1 };
    const s = createStore(obj);
    const listener = vi.fn();
    s.subscribe(listener);
    s.set(obj);
    s.set((prev) => prev);
    expect(listener).not.toHaveBeenCalled();
    s.set({ a: 1 });
    expect(listener).toHaveBeenCalledOnce();
  });

  it('reset returns to the initial value and notifies', () => {
    const s = createStore(0);
    const listener = vi.fn();
    s.set(5);
    s.subscribe(listener);
    s.reset();
    expect(s.get()).toBe(0);
    expect(listener).toHaveBeenCalledOnce();
  });

  it('touches no storage when not persisted', () => {
    const s = createStore({ x: 1 });
    s.set({ x: 2 });
    expect(localStorage.length).toBe(0);
  });
});

describe('createStore persisted', () => {
  it('writes every change as JSON under its key', () => {
    const s = createStore<string[]>([], { key: 'k' });
    s.set(['a', 'b']);
    expect(localStorage.getItem('k')).toBe('["a","b"]');
  });

  it('reads the stored value when created', () => {
    localStorage.setItem('k', JSON.stringify(['x']));
    expect(createStore<string[]>([], { key: 'k' }).get()).toEqual(['x']);
  });

  it('merges a stored object over the defaults, so new keys get their default', () => {
    localStorage.setItem('k', JSON.stringify({ a: 9 }));
    expect(createStore({ a: 1, b: 2 }, { key: 'k' }).get()).toEqual({ a: 9, b: 2 });
  });

  it('takes a stored array as is for an array default', () => {
    localStorage.setItem('k', JSON.stringify([1, 2]));
    expect(createStore<number[]>([0], { key: 'k' }).get()).toEqual([1, 2]);
  });

  it('uses the initial value when storage holds invalid JSON', () => {
    localStorage.setItem('k', 'not json{');
    expect(createStore({ a: 1 }, { key: 'k' }).get()).toEqual({ a: 1 });
  });

  it('reset removes the stored copy', () => {
    const s = createStore(0, { key: 'k' });
    s.set(3);
    s.reset();
    expect(localStorage.getItem('k')).toBeNull();
    expect(createStore(0, { key: 'k' }).get()).toBe(0);
  });

  it('can use another storage', () => {
    const s = createStore(0, { key: 'k', storage: () => sessionStorage });
    s.set(4);
    expect(sessionStorage.getItem('k')).toBe('4');
    expect(localStorage.getItem('k')).toBeNull();
    expect(createStore(0, { key: 'k', storage: () => sessionStorage }).get()).toBe(4);
  });

  it('keeps the value in memory when the storage refuses writes', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    } as unknown as Storage;
    const s = createStore(0, { key: 'k', storage: () => full });
    const listener = vi.fn();
    s.subscribe(listener);
    expect(() => s.set(1)).not.toThrow();
    expect(s.get()).toBe(1);
    expect(listener).toHaveBeenCalledOnce();
    expect(() => s.reset()).not.toThrow();
    expect(s.get()).toBe(0);
  });

  it('starts from the initial value when reading storage throws', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(createStore('init', { key: 'k', storage: () => blocked }).get()).toBe('init');
  });
});

describe('useStore', () => {
  it('re-renders a component when the store changes', () => {
    const s = createStore(1);
    function Show() {
      return <output>{useStore(s)}</output>;
    }
    render(<Show />);
    expect(screen.getByRole('status').textContent).toBe('1');
    act(() => s.set(2));
    expect(screen.getByRole('status').textContent).toBe('2');
  });
});
