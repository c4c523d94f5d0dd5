import type { RouteNode } from '../../contract/menu';
import { ExceptionPage } from '../pages/exception/ExceptionPage';
import { pageElement } from '../routes/pages';
import { LEAF_ROUTES } from '../routes/table';
import { Lazy } from './Lazy';

export function PageHost({ route }: { route: RouteNode }) {
  const page = pageElement(route, LEAF_ROUTES);
  if (!page) return <ExceptionPage status="404" />;
  return <Lazy>{page}</Lazy>;
}
