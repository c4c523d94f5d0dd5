import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPath } from '../../../contract/api';
import { envelopeOf, errorEnvelope } from '../../../contract/envelope-schema';
import {
  INTERFACE_TIMEOUT_MS,
  interfaceValueAnswer,
  interfaceValueBody,
} from '../../../contract/playground';
import { MAX_VALUE_LENGTH, type PromptVariable } from '../../../contract/prompt-variables';
import { requirePermission } from '../../auth/access';
import { callerOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { AppError, invalidField } from '../../http/app-error';
import { success } from '../../http/reply';
import { refusedAddressIn, urlRefusal } from '../../models/outbound';

/**
 * The value in an interface's answer: a JSON string or number as it is, `data` or `value` of a
 * JSON object when it is one of those, else the text itself.
 */
export function valueOfBody(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text.trim();
  }
  const scalar = (v: unknown) =>
    typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : null;
  if (scalar(parsed) !== null) return scalar(parsed)!;
  if (parsed && typeof parsed === 'object') {
    const o = parsed as Record<string, unknown>;
    const inner = scalar(o.data) ?? scalar(o.value);
    if (inner !== null) return inner;
  }
  return text.trim();
}

/** prompt/interface-value: the server fetches an interface variable's saved URL for the caller. */
export function interfaceValueRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(apiPath('prompt', 'interface-value'), {
    preValidation: [ctx.authenticate, requirePermission(ctx.enforcer, 'prompt', 'show')],
    schema: {
      tags: ['prompt'],
      summary:
        "The value an interface variable's URL answers now, fetched by the server within a few seconds",
      security: [{ bearer: [] }],
      body: interfaceValueBody,
      response: {
        200: envelopeOf(interfaceValueAnswer),
        '4xx': errorEnvelope,
        '5xx': errorEnvelope,
      },
    },
    handler: async (request) => {
      const { templateId, fieldName } = request.body;
      const row = await ctx.stores.get('prompt')!.detail(templateId, callerOf(request));
      const variables = (row.variables as PromptVariable[] | null) ?? [];
      const variable = variables.find((v) => v.fieldName === fieldName);
      const field = `variables.${fieldName}`;
      if (variable?.type !== 'interface' || !variable.url) {
        throw invalidField(field, 'notInterface', { field: fieldName });
      }
      const fail = (reason: string) => invalidField(field, 'interfaceFailed', { reason });
      if (urlRefusal(variable.url, ctx.models.policy)) throw fail(`${variable.url} is not allowed`);
      let text: string;
      try {
        const res = await ctx.models.fetch(variable.url, {
          headers: { accept: 'application/json, text/plain' },
          signal: AbortSignal.timeout(INTERFACE_TIMEOUT_MS),
        });
        text = await res.text();
        if (!res.ok) throw fail(`HTTP ${res.status}`);
      } catch (error) {
        if (error instanceof AppError) throw error;
        const refused = refusedAddressIn(error);
        if (refused) throw fail(refused.message);
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        throw fail(timedOut ? `no answer within ${INTERFACE_TIMEOUT_MS} ms` : 'unreachable');
      }
      const value = valueOfBody(text);
      if (!value) throw fail('empty answer');
      return success(request, { value: value.slice(0, MAX_VALUE_LENGTH) });
    },
  });
}
