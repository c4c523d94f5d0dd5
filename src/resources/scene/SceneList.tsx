import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { sceneRenderers } from './SceneTypeTag';

export default function SceneList() {
  return <ResourceListPage renderers={sceneRenderers} />;
}
