import { useAccess } from '../../resources/view';
import { routeByName } from '../../routes/table';

/**
 * The pages the workplace leads to, as paths, for the current role; a page it may not open is
 * absent, and so is the panel that would lead there (an admin has no record, corpus or
 * evaluation pages, spec §2), together with its calls.
 */
export interface WorkplaceAccess {
  scenes?: string;
  statistics?: string;
  templates?: string;
  /** The personal templates page, whose enabled templates count beside the platform's. */
  personalTemplates?: string;
  corpus?: string;
  evaluations?: string;
  records?: string;
  recordDetail?: string;
  users?: string;
  modelVersions?: string;
}

const ROUTES: Record<keyof WorkplaceAccess, string> = {
  scenes: 'scene.list',
  statistics: 'scene.statistics',
  templates: 'prompt.list-public',
  personalTemplates: 'prompt.list',
  corpus: 'corpus.list',
  evaluations: 'model-evaluate.list',
  records: 'record.list',
  recordDetail: 'record.detail',
  users: 'system.users',
  modelVersions: 'system.model-versions',
};

export function useWorkplaceAccess(): WorkplaceAccess {
  const { canOpen } = useAccess();
  const out: WorkplaceAccess = {};
  for (const [key, name] of Object.entries(ROUTES) as [keyof WorkplaceAccess, string][]) {
    const route = routeByName(name);
    if (route && canOpen(route)) out[key] = route.path;
  }
  return out;
}
