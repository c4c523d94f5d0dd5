import { lazyPage } from '../../routes/lazy-page';
import type { ResourcePages } from '../pages';

/** Evaluation pages by view name (contract/resources/model-evaluate.ts). */
export const pages: ResourcePages = {
  list: lazyPage(() => import('./EvaluationList')),
  detail: lazyPage(() => import('./EvaluationDetail')),
  report: lazyPage(() => import('./EvaluationReport')),
  'report-detail': lazyPage(() => import('./ReportDetail')),
};
