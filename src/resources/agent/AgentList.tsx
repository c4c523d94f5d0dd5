import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { agentRenderers } from './renderers';

/**
 * Agents: the declared columns and filters, the name beside the agent's avatar, the state as a
 * badge, plugins and scenes as tags by their names (the generic optionsFrom cells).
 */
export default function AgentList() {
  return <ResourceListPage renderers={agentRenderers} />;
}
