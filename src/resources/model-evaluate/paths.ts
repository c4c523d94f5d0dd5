import { routeByName } from '../../routes/table';
import { useAccess } from '../view';

/** The evaluation pages this role may open (all are `show` views, so found by name). */
export function useEvaluatePaths() {
  const { canOpen, canDo } = useAccess();
  const path = (view: string) => {
    const route = routeByName(`model-evaluate.${view}`);
    return canOpen(route) ? route?.path : undefined;
  };
  return {
    list: path('list'),
    detail: path('detail'),
    report: path('report'),
    reportDetail: path('report-detail'),
    canEdit: canDo('model-evaluate', 'edit'),
    canScore: canDo('model-evaluate-result', 'edit'),
  };
}
