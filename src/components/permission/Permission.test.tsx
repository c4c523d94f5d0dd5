import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { roleStore } from '../../stores/role';
import { hasRole, Permission } from './Permission';

beforeEach(() => roleStore.set(null));
afterEach(() => {
  roleStore.set(null);
  vi.restoreAllMocks();
});

describe('hasRole (spec §5)', () => {
  it.each([['admin'], [undefined], [null], [{ 0: 'admin', length: 1 }], [42]])(
    "throws 'need roles' for %j",
    (roles) => {
      expect(() => hasRole(roles, 'admin')).toThrow('need roles');
    },
  );

  it('is true only when the role is listed', () => {
    expect(hasRole(['admin'], 'admin')).toBe(true);
    expect(hasRole(['admin', 'user'], 'user')).toBe(true);
    expect(hasRole(['admin'], 'user')).toBe(false);
    expect(hasRole([], 'admin')).toBe(false);
  });

  it("is true for '*' when a role is set, false without a role", () => {
    expect(hasRole(['*'], 'user')).toBe(true);
    expect(hasRole(['*'], null)).toBe(false);
    expect(hasRole(['admin'], null)).toBe(false);
  });
});

describe('<Permission>', () => {
  it('renders its children for a listed role', () => {
    roleStore.set('admin');
    render(
      <Permission roles={['admin']}>
        <button>delete all</button>
      </Permission>,
    );
    expect(screen.getByRole('button', { name: 'delete all' })).toBeTruthy();
  });

  it('renders nothing for a role that is not listed', () => {
    roleStore.set('user');
    const { container } = render(
      <Permission roles={['admin']}>
        <button>delete all</button>
      </Permission>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.innerHTML).toBe('');
  });

  it('renders nothing without a role', () => {
    const { container } = render(
      <Permission roles={['admin', 'user']}>
        <span>x</span>
      </Permission>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('follows role changes', () => {
    roleStore.set('user');
    render(
      <Permission roles={['admin']}>
        <span>admin tools</span>
      </Permission>,
    );
    expect(screen.queryByText('admin tools')).toBeNull();
    act(() => roleStore.set('admin'));
    expect(screen.getByText('admin tools')).toBeTruthy();
    act(() => roleStore.set('user'));
    expect(screen.queryByText('admin tools')).toBeNull();
  });

  it("throws 'need roles' when roles is not an array", () => {
    roleStore.set('admin');
    // React logs the render error before rethrowing it; keep the output clean.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <Permission roles="admin">
          <span>x</span>
        </Permission>,
      ),
    ).toThrow('need roles');
  });
});
