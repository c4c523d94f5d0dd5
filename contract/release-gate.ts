import { EVALUATION_METRICS, type EvaluationMetric } from './resources/model-evaluate';

/**
 * A scene's release gate: before a platform template version of the scene goes live, the
 * version answers the gate's corpus set on the gate's model version, and each metric's mean must
 * reach its threshold; with `maxDrop`, no metric may fall more than that many points below the
 * live version's on the same items.
 */
export interface ReleaseGate {
  corpusId: number;
  modelVersion: string;
  /** Metric → the lowest mean (0–100) that passes. */
  thresholds: Partial<Record<EvaluationMetric, number>>;
  /** Needed when a threshold names the judge. */
  judgeVersion?: string | null;
  maxDrop?: number | null;
}

export const GATE_METRICS: readonly EvaluationMetric[] = EVALUATION_METRICS;

/** Where a pending version stands against its scene's gate. */
export const GATE_STATES = ['none', 'notStarted', 'running', 'passed', 'failed'] as const;
export type GateState = (typeof GATE_STATES)[number];

/** One gate metric of a pending version, against its threshold and the live version. */
export interface GateMetric {
  metric: EvaluationMetric;
  threshold: number;
  value: number | null;
  /** The live version's mean, when the gate compares against it. */
  baseline: number | null;
  maxDrop: number | null;
  pass: boolean;
}

export interface GateStatus {
  state: GateState;
  sceneCode: string | null;
  sceneName: string | null;
  evaluationId: number | null;
  baselineEvaluationId: number | null;
  evaluationState: string | null;
  progress: number;
  metrics: GateMetric[];
  /** The admin's reason when the version was approved without passing. */
  override: string | null;
}
