import type { ReactNode } from 'react';
import { useStore } from '../../stores/create-store';
import { roleStore } from '../../stores/role';

/** Spec §5: the roles must be an array, else 'need roles'; true when the role is listed. */
export function hasRole(roles: unknown, role: string | null): boolean {
  if (!Array.isArray(roles)) throw new Error('need roles');
  return role !== null && (roles.includes(role) || roles.includes('*'));
}

/**
 * Element-level permission: renders its children only for the listed roles (spec §5, §6).
 * `roles` is typed loosely on purpose: the check that it is an array is part of the contract.
 */
export function Permission({ roles, children }: { roles: unknown; children: ReactNode }) {
  const role = useStore(roleStore);
  return hasRole(roles, role) ? <>{children}</> : null;
}
