import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import { idBody, recordSchema } from '../../contract/resource-schema';
import { scene } from '../../contract/resources/scene';
import type { AppContext } from '../context';
import { success } from '../http/reply';
import { guarded, MANAGE_PREFIX } from '../resources/crud';

/** Scene calls beyond CRUD (spec §7). */
export function sceneRoutes(app: FastifyInstance, ctx: AppContext): void {
  const store = ctx.stores.get(scene.name);
  if (!store) return;
  app.withTypeProvider<ZodTypeProvider>().post(`${MANAGE_PREFIX}/scene/template/unbind`, {
    ...guarded(ctx, scene, 'edit'),
    schema: {
      tags: [scene.name],
      summary: 'Detach the prompt template from a scene; answers the scene',
      security: [{ bearer: [] }],
      body: idBody,
      response: {
        200: envelopeOf(recordSchema(scene)),
        '4xx': errorEnvelope,
        '5xx': errorEnvelope,
      },
    },
    handler: async (request) =>
      success(request, await store.patch(request.body.id, { templateId: null })),
  });
}
