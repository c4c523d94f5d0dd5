import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { recordRenderers } from './renderers';

/** Session records: the declared columns, with type, tags, scene and times made readable. */
export default function RecordList() {
  return <ResourceListPage renderers={recordRenderers} />;
}
