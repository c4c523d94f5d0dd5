import type { RouteNode } from '../../contract/menu';
import { ExceptionPage } from '../pages/exception/ExceptionPage';
import { LEAF_ROUTES } from '../routes/table';
import { pageFor } from '../routes/pages';
import { Lazy } from './Lazy';

export function PageHost({ route }: { route: RouteNode }) {
  const Page = pageFor(route, LEAF_ROUTES);
  if (!Page) return <ExceptionPage status="404" />;
  return (
    <Lazy>
      <Page />
    </Lazy>
  );
}
