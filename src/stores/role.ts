import type { Role } from '../../contract/resource';
import { getRole, setRole, STORAGE_KEYS } from '../providers/session';
import type { Store } from './create-store';

const listeners = new Set<() => void>();
let current: Role | null = getRole();

/**
 * The current view role, kept under the plain 'role' storage key (spec §3). The one writer of
 * that key: storage is written on every set, so it matches even if something else touched it.
 */
export const roleStore: Store<Role | null> = {
  get: () => current,
  set(next) {
    const value = typeof next === 'function' ? next(current) : next;
    if (value) setRole(value);
    else localStorage.removeItem(STORAGE_KEYS.role);
    if (value === current) return;
    current = value;
    listeners.forEach((l) => l());
  },
  subscribe(l) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  reset() {
    roleStore.set(null);
  },
};

/** The role switch (spec §4): user ↔ admin, saved. */
export function switchRole(): Role {
  const next: Role = current === 'admin' ? 'user' : 'admin';
  roleStore.set(next);
  return next;
}
