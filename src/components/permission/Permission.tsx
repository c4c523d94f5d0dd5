import type { ReactNode } from 'react';
import { allowsRole } from '../../../contract/access/decide';
import type { Action } from '../../../contract/resource';
import { useAccess } from '../../resources/view';
import { useStore } from '../../stores/create-store';
import { roleStore } from '../../stores/role';

/** Spec §5: the roles must be an array, else 'need roles'; true when the role is listed. */
export function hasRole(roles: unknown, role: string | null): boolean {
  if (!Array.isArray(roles)) throw new Error('need roles');
  return (role === 'user' || role === 'admin') && allowsRole(roles, role);
}

/**
 * Element-level permission (spec §5, §6): renders its children only for the listed roles and,
 * when it names a resource action, only if the one access answer (contract/access) allows it.
 * `roles` is typed loosely on purpose: the check that it is an array is part of the contract.
 */
export function Permission({
  roles,
  resource,
  action,
  children,
}: {
  roles: unknown;
  resource?: string;
  action?: Action;
  children: ReactNode;
}) {
  const role = useStore(roleStore);
  const { canDo } = useAccess();
  if (!hasRole(roles, role)) return null;
  if (resource && action && !canDo(resource, action)) return null;
  return <>{children}</>;
}
