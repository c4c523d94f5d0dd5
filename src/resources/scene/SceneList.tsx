import { scene } from '../../../contract/resources/scene';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { sceneRenderers } from './SceneTypeTag';

export default function SceneList() {
  return <ResourceListPage def={scene} detailPath="/scene/detail" renderers={sceneRenderers} />;
}
