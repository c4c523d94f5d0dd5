import { and, eq, or, sql } from 'drizzle-orm';
import type { GateMetric, GateStatus, ReleaseGate } from '../../../contract/release-gate';
import type { EvaluationMetric } from '../../../contract/resources/model-evaluate';
import type { Database } from '../../db/client';
import {
  corpora,
  modelEvaluateResults,
  modelEvaluations,
  modelVersions,
  promptVersions,
  scenes,
} from '../../db/schema';
import { enqueueEvaluation, jobCounts } from '../../evaluation/queue';
import { invalidField } from '../../http/app-error';
import type { Row } from '../engine/rows';
import type { ResourceStore } from '../engine/store';
import type { Caller } from '../engine/visibility';

const NAME_MAX = 64;

/**
 * The scene whose gate a template version meets: the one with the version's scene code, else
 * the one the template is bound to.
 */
async function sceneOf(db: Database, promptId: number, sceneCode: string | null) {
  const byCode = sceneCode ? eq(scenes.sceneCode, sceneCode) : undefined;
  const rows = await db
    .select({
      sceneCode: scenes.sceneCode,
      sceneName: scenes.sceneName,
      releaseGate: scenes.releaseGate,
    })
    .from(scenes)
    .where(
      and(
        eq(scenes.isDel, 0),
        byCode ? or(byCode, eq(scenes.templateId, promptId)) : eq(scenes.templateId, promptId),
      ),
    )
    .orderBy(sql`${byCode ?? sql`false`} desc`)
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    sceneCode: row.sceneCode as string,
    sceneName: row.sceneName as string,
    gate: (row.releaseGate as ReleaseGate | null) ?? null,
  };
}

async function versionRow(db: Database, promptId: number, number: number) {
  const [row] = await db
    .select()
    .from(promptVersions)
    .where(and(eq(promptVersions.promptId, promptId), eq(promptVersions.number, number)));
  return row ?? null;
}

/** Each metric's mean over an evaluation's answers, in one statement; null where none scored it. */
async function meansOf(db: Database, evaluationId: number, metrics: readonly string[]) {
  if (!metrics.length) return new Map<string, number | null>();
  const scores = modelEvaluateResults.scores;
  const columns = Object.fromEntries(
    metrics.map((metric) => [
      metric,
      sql<number | null>`avg(case when jsonb_typeof(${scores} -> ${metric}) = 'number'
        then (${scores} ->> ${metric})::float8 end)`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
    ]),
  );
  const [row] = await db
    .select(columns)
    .from(modelEvaluateResults)
    .where(eq(modelEvaluateResults.evaluateId, evaluationId));
  return new Map(metrics.map((m) => [m, (row?.[m] as number | null | undefined) ?? null]));
}

async function evaluationState(db: Database, id: number | null) {
  if (id === null) return null;
  const [row] = await db
    .select({ state: modelEvaluations.state, progress: modelEvaluations.progress })
    .from(modelEvaluations)
    .where(eq(modelEvaluations.id, id));
  if (!row) return null;
  const counts = await jobCounts(db, id);
  return { state: row.state as string, progress: Number(row.progress ?? 0), failed: counts.failed };
}

const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

/**
 * Where a template version stands against its scene's gate. It passes when its evaluation (and
 * the live version's, when the gate compares) completed with every item answered, each metric's
 * mean reaches its threshold, and none fell more than the allowed drop below the live version's.
 */
export async function gateStatus(
  db: Database,
  promptId: number,
  number: number | null,
): Promise<GateStatus> {
  const version = number === null ? null : await versionRow(db, promptId, number);
  const scene = version ? await sceneOf(db, promptId, version.sceneCode) : null;
  const status: GateStatus = {
    state: 'none',
    sceneCode: scene?.sceneCode ?? null,
    sceneName: scene?.sceneName ?? null,
    evaluationId: version?.gateEvaluationId ?? null,
    baselineEvaluationId: version?.baselineEvaluationId ?? null,
    evaluationState: null,
    progress: 0,
    metrics: [],
    override: version?.gateOverride ?? null,
  };
  const gate = scene?.gate;
  if (!version || !gate) return status;
  const thresholds = Object.entries(gate.thresholds) as [EvaluationMetric, number][];
  const maxDrop = gate.maxDrop ?? null;
  const own = await evaluationState(db, status.evaluationId);
  const base = await evaluationState(db, status.baselineEvaluationId);
  status.evaluationState = own?.state ?? null;
  status.progress = own?.progress ?? 0;
  const values = own
    ? await meansOf(
        db,
        status.evaluationId!,
        thresholds.map(([m]) => m),
      )
    : new Map<string, number | null>();
  const baselines = base
    ? await meansOf(
        db,
        status.baselineEvaluationId!,
        thresholds.map(([m]) => m),
      )
    : new Map<string, number | null>();
  status.metrics = thresholds.map(([metric, threshold]): GateMetric => {
    const value = round(values.get(metric) ?? null);
    const baseline = round(baselines.get(metric) ?? null);
    const dropped =
      maxDrop !== null && baseline !== null && value !== null && baseline - value > maxDrop;
    return {
      metric,
      threshold,
      value,
      baseline,
      maxDrop,
      pass: value !== null && value >= threshold && !dropped,
    };
  });
  if (!own) status.state = 'notStarted';
  else if ([own.state, base?.state].some((s) => s === 'pending' || s === 'running')) {
    status.state = 'running';
  } else {
    const finished =
      own.state === 'completed' &&
      own.failed === 0 &&
      (status.baselineEvaluationId === null || (base?.state === 'completed' && base.failed === 0));
    status.state = finished && status.metrics.every((m) => m.pass) ? 'passed' : 'failed';
  }
  return status;
}

/**
 * Starts the gate's evaluation of a template version, and of the live version when the gate
 * compares against it; each answers the gate's corpus set on the gate's model version.
 * Answers false when the version's scene has no gate.
 */
export async function startGate(
  store: ResourceStore,
  template: Row,
  number: number,
  caller: Caller,
): Promise<boolean> {
  const promptId = Number(template.id);
  const version = await versionRow(store.db, promptId, number);
  const scene = version ? await sceneOf(store.db, promptId, version.sceneCode) : null;
  const gate = scene?.gate;
  if (!version || !gate || !scene) return false;
  const evaluations = store.other('model-evaluate');
  const evaluate = async (of: number) => {
    const name = `${scene.sceneCode} · ${String(template.title)}`.slice(0, NAME_MAX - 8);
    const made = await evaluations.create(
      {
        evaluateName: `${name} · v${of}`,
        corpusId: gate.corpusId,
        modelVersions: [gate.modelVersion],
        baselineVersion: gate.modelVersion,
        templateId: promptId,
        templateVersion: of,
        metrics: Object.keys(gate.thresholds),
        judgeVersion: gate.judgeVersion ?? null,
      },
      caller,
    );
    await enqueueEvaluation(store.db, Number(made.id));
    return Number(made.id);
  };
  const live = Number(template.liveVersion);
  const compare = gate.maxDrop !== null && gate.maxDrop !== undefined && live !== number;
  const gateEvaluationId = await evaluate(number);
  const baselineEvaluationId = compare ? await evaluate(live) : null;
  await store.db
    .update(promptVersions)
    .set({ gateEvaluationId, baselineEvaluationId, gateOverride: null })
    .where(eq(promptVersions.id, version.id));
  return true;
}

/** A gate names a corpus set and model versions that exist, and a judge when it scores one. */
export async function checkGate(db: Database, gate: ReleaseGate | null | undefined): Promise<void> {
  if (!gate) return;
  const [corpus] = await db
    .select({ id: corpora.id })
    .from(corpora)
    .where(eq(corpora.id, gate.corpusId));
  if (!corpus) throw invalidField('releaseGate.corpusId', 'notFound');
  const known = async (version: string) =>
    (
      await db
        .select({ id: modelVersions.id })
        .from(modelVersions)
        .where(eq(modelVersions.version, version))
        .limit(1)
    ).length > 0;
  if (!(await known(gate.modelVersion))) {
    throw invalidField('releaseGate.modelVersion', 'noSuchVersion', { number: gate.modelVersion });
  }
  if (gate.judgeVersion && !(await known(gate.judgeVersion))) {
    throw invalidField('releaseGate.judgeVersion', 'noSuchVersion', { number: gate.judgeVersion });
  }
  if (gate.thresholds.judge !== undefined && !gate.judgeVersion) {
    throw invalidField('releaseGate.judgeVersion', 'required');
  }
}
