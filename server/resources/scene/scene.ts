import { and, count, eq, gte, sum } from 'drizzle-orm';
import type { EndpointHandler } from '../engine/endpoints';
import type { ReleaseGate } from '../../../contract/release-gate';
import { invalidField } from '../../http/app-error';
import type { Behaviour } from '../engine/behaviour';
import { checkGate } from '../prompt/gate';

const SUMMARY_DAYS = 7;
const RECENT = 5;

/** A scene's release gate names a corpus set and model versions that exist. */
export const sceneBehaviour: Behaviour = {
  async create(store, values, caller, scope) {
    await checkGate(store.db, values.releaseGate as ReleaseGate | null | undefined);
    return store.create(values, caller, scope);
  },
  async update(store, id, version, values, caller, unchanged) {
    await checkGate(store.db, values.releaseGate as ReleaseGate | null | undefined);
    return store.update(id, version, values, caller, unchanged);
  },
};

/** Scene calls beyond CRUD (spec §7), by the names contract/resources/scene.ts declares. */
export const sceneEndpoints: Record<string, EndpointHandler> = {
  unbindTemplate: (store, body: { id: number }, caller) =>
    store.patch(body.id, { templateId: null }, caller),

  /** Only a template the caller can see, and that is enabled, may serve a scene. */
  bindTemplate: async (store, body: { id: number; templateId: number }, caller) => {
    const template = await store
      .other('prompt')
      .detail(body.templateId, caller)
      .catch(() => undefined);
    if (!template || Number(template.status) !== 1) {
      throw invalidField('templateId', 'templateUnavailable');
    }
    return store.patch(body.id, { templateId: body.templateId }, caller);
  },

  /** Usage of the last 7 days and the latest sessions and calls, as the detail page shows. */
  summary: async (store, body: { id: number }, caller) => {
    const scene = await store.detail(body.id, caller);
    const code = scene.sceneCode as string;
    const since = new Date(Date.now() - SUMMARY_DAYS * 24 * 3600 * 1000);
    const calls = store.other('prompt-call');
    const records = store.other('record');
    const byScene = [{ field: 'sceneCode', operator: 'eq' as const, value: code }];
    const [[usage], [chats], recentCalls, recentRecords] = await Promise.all([
      store.db
        .select({
          calls: count(),
          promptTokens: sum(calls.col('promptTokens')).mapWith(Number),
          completionTokens: sum(calls.col('completionTokens')).mapWith(Number),
        })
        .from(calls.table)
        .where(
          and(
            calls.visibleWhere(caller),
            eq(calls.col('sceneCode'), code),
            gte(calls.col('callTime'), since),
          ),
        ),
      store.db
        .select({ chats: count() })
        .from(records.table)
        .where(
          and(
            records.visibleWhere(caller),
            eq(records.col('sceneCode'), code),
            gte(records.col('modifiedAt'), since),
          ),
        ),
      calls.page({ current: 1, pageSize: RECENT, filters: byScene }, caller),
      records.page({ current: 1, pageSize: RECENT, filters: byScene }, caller),
    ]);
    const promptTokens = usage?.promptTokens ?? 0;
    const completionTokens = usage?.completionTokens ?? 0;
    return {
      since: since.toISOString(),
      calls: usage?.calls ?? 0,
      promptTokens,
      completionTokens,
      totalTokens: promptTokens + completionTokens,
      chats: chats?.chats ?? 0,
      recentCalls: recentCalls.list,
      recentRecords: recentRecords.list,
    };
  },
};
