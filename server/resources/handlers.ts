import { sceneEndpoints } from '../routes/scene';
import type { EndpointHandler } from './endpoints';
import { promptEndpoints } from './prompt';

/** Handlers of the calls beyond CRUD that resources declare, by resource name. */
export const ENDPOINT_HANDLERS: Readonly<
  Record<string, Readonly<Record<string, EndpointHandler>>>
> = { scene: sceneEndpoints, prompt: promptEndpoints };
