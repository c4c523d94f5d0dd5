import { sceneEndpoints } from '../routes/scene';
import { corpusEndpoints } from './corpus';
import { corpusItemEndpoints } from './corpus-item';
import { directiveEndpoints } from './directive';
import type { EndpointHandler } from './endpoints';
import { modelEvaluateEndpoints } from './model-evaluate';
import { pluginConfigEndpoints } from './plugin-config';
import { promptEndpoints } from './prompt';

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
