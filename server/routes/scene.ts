import type { EndpointHandler } from '../resources/endpoints';

/** Scene calls beyond CRUD (spec §7), by the names contract/resources/scene.ts declares. */
export const sceneEndpoints: Record<string, EndpointHandler> = {
  unbindTemplate: (store, body: { id: number }, caller) =>
    store.patch(body.id, { templateId: null }, caller),
};
