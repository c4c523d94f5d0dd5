import {
  RESOURCE_CONFIG_PATHS as PATHS,
  type DeclarationCheck,
  type DeclarationEntry,
  type DeclarationHistoryEntry,
  type DeclarationList,
} from '../../../contract/resource-config-api';
import type { ResourceConfig } from '../../../contract/resource-config';
import { ApiError } from '../../providers/http';
import { post } from '../users/api';

/** The admin's declaration calls (contract/resource-config-api.ts), one function each. */
export const declarationApi = {
  list: () => post<DeclarationList>(PATHS.list),
  check: (declaration: unknown) => post<DeclarationCheck>(PATHS.check, { declaration }),
  create: (declaration: unknown) => post<DeclarationEntry>(PATHS.create, { declaration }),
  update: (name: string, version: number, declaration: unknown) =>
    post<DeclarationEntry>(PATHS.update, { name, version, declaration }),
  enable: (name: string, version: number, enabled: boolean) =>
    post<DeclarationEntry>(PATHS.enable, { name, version, enabled }),
  remove: (name: string, version: number, confirm: string) =>
    post<unknown>(PATHS.delete, { name, version, confirm }),
  history: (name: string) =>
    post<{ list: DeclarationHistoryEntry[] } | DeclarationHistoryEntry[]>(PATHS.history, {
      name,
    }).then((data) => (Array.isArray(data) ? data : data.list)),
  import: (file: unknown) => post<unknown>(PATHS.import, file),
  export: () => post<ResourceConfig>(PATHS.export),
};

/** 40900: the declaration changed since the page read it (its version is stale). */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.code === 40900;
}

/** The field issues of a refused call (40000), as problems with dotted paths. */
export function problemsOf(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof ApiError) || error.code !== 40000) return [];
  return error.issues.map((i) => ({ path: i.field, message: i.message }));
}
