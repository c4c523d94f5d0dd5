import { lazy } from 'react';
import type { ResourcePages } from '../pages';

/** Evaluation pages by view name (contract/resources/model-evaluate.ts). */
export const pages: ResourcePages = {
  list: lazy(() => import('./EvaluationList')),
  detail: lazy(() => import('./EvaluationDetail')),
  report: lazy(() => import('./EvaluationReport')),
  'report-detail': lazy(() => import('./ReportDetail')),
};
