import type { RouteNode } from '../../contract/menu';
import { ExceptionPage } from '../pages/exception/ExceptionPage';
import { pageElement } from '../routes/pages';
import { Lazy } from './Lazy';

export function PageHost({ route }: { route: RouteNode }) {
  const page = pageElement(route);
  if (!page) return <ExceptionPage status="404" />;
  return <Lazy>{page}</Lazy>;
}
