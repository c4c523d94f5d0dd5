import type { Behaviour } from './engine/behaviour';
import type { EndpointHandler } from './engine/endpoints';
import { corpusBehaviour, corpusEndpoints } from './corpus/corpus';
import { corpusItemBehaviour, corpusItemEndpoints } from './corpus/corpus-item';
import { directiveBehaviour, directiveEndpoints } from './directive/directive';
import { modelEvaluateBehaviour, modelEvaluateEndpoints } from './model-evaluate/model-evaluate';
import { pluginConfigBehaviour, pluginConfigEndpoints } from './plugin-config/plugin-config';
import { promptBehaviour, promptEndpoints } from './prompt/prompt';
import { recordBehaviour } from './record/record';
import { sceneBehaviour, sceneEndpoints } from './scene/scene';

/** What each built-in resource does beyond generic CRUD, by resource name. */
export const BEHAVIOURS: Readonly<Record<string, Behaviour>> = {
  prompt: promptBehaviour,
  scene: sceneBehaviour,
  record: recordBehaviour,
  directive: directiveBehaviour,
  corpus: corpusBehaviour,
  'corpus-item': corpusItemBehaviour,
  'model-evaluate': modelEvaluateBehaviour,
  'plugin-config': pluginConfigBehaviour,
};

/** Handlers of the calls beyond CRUD that resources declare, by resource name. */
export const ENDPOINT_HANDLERS: Readonly<
  Record<string, Readonly<Record<string, EndpointHandler>>>
> = {
  scene: sceneEndpoints,
  prompt: promptEndpoints,
  directive: directiveEndpoints,
  corpus: corpusEndpoints,
  'corpus-item': corpusItemEndpoints,
  'model-evaluate': modelEvaluateEndpoints,
  'plugin-config': pluginConfigEndpoints,
};
