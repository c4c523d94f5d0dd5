import { and, eq, inArray } from 'drizzle-orm';
import {
  MAX_EVALUATED_VERSIONS,
  type EvaluationMetric,
  type EvaluationState,
} from '../../../contract/resources/model-evaluate';
import { modelVersions, promptVersions } from '../../db/schema';
import { cancelQueued, enqueueEvaluation, jobCounts } from '../../evaluation/queue';
import { invalidField } from '../../http/app-error';
import type { Behaviour } from '../engine/behaviour';
import type { EndpointHandler } from '../engine/endpoints';
import type { Row } from '../engine/rows';
import type { ResourceStore } from '../engine/store';
import type { Caller } from '../engine/visibility';
import { reportEndpoints } from './report';

/** States an evaluation can still be cancelled from. */
const CANCELLABLE: readonly EvaluationState[] = ['pending', 'running'];
const DEFAULT_METRICS: readonly EvaluationMetric[] = ['accuracy'];

/** The model versions an evaluation stored, in the order the operator chose them. */
function versionsOf(row: Row): string[] {
  return Array.isArray(row.modelVersions) ? (row.modelVersions as string[]) : [];
}

/** 1..MAX_EVALUATED_VERSIONS versions, each one the platform knows (model_versions). */
async function checkVersions(store: ResourceStore, versions: unknown): Promise<string[]> {
  const list = Array.isArray(versions) ? (versions as string[]) : [];
  if (list.length < 1) throw invalidField('modelVersions', 'tooSmall', { min: 1 });
  if (list.length > MAX_EVALUATED_VERSIONS) {
    throw invalidField('modelVersions', 'tooBig', { max: MAX_EVALUATED_VERSIONS });
  }
  const known = await store.db
    .selectDistinct({ version: modelVersions.version })
    .from(modelVersions)
    .where(inArray(modelVersions.version, list));
  const found = new Set(known.map((k) => k.version));
  const missing = list.find((v) => !found.has(v));
  if (missing !== undefined)
    throw invalidField('modelVersions', 'noSuchVersion', { number: missing });
  return list;
}

function checkBaseline(field: string, baseline: unknown, versions: readonly string[]): void {
  if (baseline === undefined || baseline === null) return;
  if (!versions.includes(String(baseline))) {
    throw invalidField(field, 'notOneOf', { options: versions.join(', ') });
  }
}

/**
 * A judge is a known model version, and a rubric must show it the answer. Choosing a judge adds
 * its score to the metrics; the judge metric without a judge is refused.
 */
async function checkJudge(store: ResourceStore, values: Row): Promise<EvaluationMetric[]> {
  const metrics = [...((values.metrics as EvaluationMetric[] | undefined) ?? DEFAULT_METRICS)];
  const judge = values.judgeVersion as string | null | undefined;
  if (!judge) {
    if (metrics.includes('judge')) throw invalidField('judgeVersion', 'required');
    return metrics;
  }
  await checkVersions(store, [judge]).catch(() => {
    throw invalidField('judgeVersion', 'noSuchVersion', { number: judge });
  });
  const rubric = values.judgeRubric as string | null | undefined;
  if (rubric && !/\{\{\s*answer\s*\}\}/.test(rubric)) {
    throw invalidField('judgeRubric', 'needsPlaceholder', { name: '{{answer}}' });
  }
  if (!metrics.includes('judge')) metrics.push('judge');
  return metrics;
}

/** The referenced row must be one the caller sees; a miss names the body field. */
async function checkVisible(
  store: ResourceStore,
  resource: string,
  field: string,
  id: unknown,
  caller: Caller,
  key: 'notFound' | 'templateUnavailable',
): Promise<void> {
  const found = await store
    .other(resource)
    .detail(Number(id), caller)
    .then(() => true)
    .catch(() => false);
  if (!found) throw invalidField(field, key);
}

/**
 * Evaluations check what they compare when created: known model versions, a baseline among
 * them, a visible corpus set and template (docs/DATA-MODEL.md "Model evaluations").
 */
export const modelEvaluateBehaviour: Behaviour = {
  async create(store, values, caller, scope) {
    const versions = await checkVersions(store, values.modelVersions);
    checkBaseline('baselineVersion', values.baselineVersion, versions);
    const metrics = await checkJudge(store, values);
    await checkVisible(store, 'corpus', 'corpusId', values.corpusId, caller, 'notFound');
    if (values.templateVersion !== undefined && values.templateVersion !== null) {
      if (values.templateId === undefined || values.templateId === null) {
        throw invalidField('templateId', 'required');
      }
      const [saved] = await store.db
        .select({ id: promptVersions.id })
        .from(promptVersions)
        .where(
          and(
            eq(promptVersions.promptId, Number(values.templateId)),
            eq(promptVersions.number, Number(values.templateVersion)),
          ),
        );
      if (!saved) {
        throw invalidField('templateVersion', 'noSuchVersion', {
          number: Number(values.templateVersion),
        });
      }
    }
    if (values.templateId !== undefined && values.templateId !== null) {
      await checkVisible(
        store,
        'prompt',
        'templateId',
        values.templateId,
        caller,
        'templateUnavailable',
      );
    }
    return store.create(
      {
        ...values,
        baselineVersion: values.baselineVersion ?? versions[0],
        metrics,
      },
      caller,
      scope,
    );
  },

  async update(store, id, version, values, caller, unchanged) {
    if (values.baselineVersion !== undefined && values.baselineVersion !== null) {
      const stored = await store.detail(id, caller);
      checkBaseline('baselineVersion', values.baselineVersion, versionsOf(stored));
    }
    return store.update(id, version, values, caller, unchanged);
  },
};

/** The run's jobs by state, and the time left at the rate items finished since it started. */
async function progressOf(store: ResourceStore, id: number, caller: Caller) {
  const evaluation = await store.detail(id, caller);
  const counts = await jobCounts(store.db, id);
  const startedAt = evaluation.startedAt ? new Date(String(evaluation.startedAt)).getTime() : NaN;
  const finished = counts.done + counts.failed;
  const open = counts.queued + counts.running;
  const seconds = (Date.now() - startedAt) / 1000;
  const rate = Number.isFinite(seconds) && seconds > 0 ? finished / seconds : 0;
  return {
    state: String(evaluation.state),
    progress: Number(evaluation.progress ?? 0),
    ...counts,
    etaSeconds: open === 0 ? 0 : rate > 0 ? Math.round(open / rate) : null,
  };
}

/** Evaluation calls beyond CRUD, by the names contract/resources/model-evaluate.ts declares. */
export const modelEvaluateEndpoints: Readonly<Record<string, EndpointHandler>> = {
  /** Queues the work not done yet; a running evaluation is running already. */
  run: async (store, body: { id: number }, caller) => {
    const current = await store.detail(body.id, caller);
    const state = String(current.state) as EvaluationState;
    if (state === 'running') throw invalidField('state', 'wrongState', { state });
    await enqueueEvaluation(store.db, body.id);
    return progressOf(store, body.id, caller);
  },

  progress: async (store, body: { id: number }, caller) => progressOf(store, body.id, caller),

  /** Only a pending or running evaluation can be cancelled; the version read is checked. */
  cancel: async (store, body: { id: number; version: number }, caller) => {
    const current = await store.detail(body.id, caller);
    const state = String(current.state) as EvaluationState;
    if (!CANCELLABLE.includes(state)) throw invalidField('state', 'wrongState', { state });
    const cancelled = await store.update(
      body.id,
      body.version,
      { state: 'cancelled', finishedAt: new Date() },
      caller,
    );
    // Running items stop at their worker's next look; what was done stays.
    await cancelQueued(store.db, body.id);
    return cancelled;
  },

  ...reportEndpoints,
};
