// What the report and its export read from an evaluation's stored results.
import { roundDecimal } from '../../../contract/figures';
import {
  EVALUATION_METRICS,
  type EvaluationMetric,
} from '../../../contract/resources/model-evaluate';
import type { Interval } from '../../evaluation/stats';
import type { Row } from '../engine/rows';

export const RESULTS = 'model-evaluate-result';
/** Decimals of a metric score or mean: they are 0–100, more digits are noise. */
export const SCORE_DECIMALS = 2;
type Scores = Record<string, unknown>;

/** The model versions an evaluation stored, in the order the operator chose them. */
export function versionsOf(row: Row): string[] {
  return Array.isArray(row.modelVersions) ? (row.modelVersions as string[]) : [];
}

export function round(value: number, decimals = SCORE_DECIMALS): number {
  return Number(roundDecimal(value, decimals));
}

export function roundInterval(i: Interval): Interval {
  return { mean: round(i.mean), low: round(i.low), high: round(i.high), n: i.n };
}

export function mean(values: readonly number[]): number | null {
  return values.length ? values.reduce((s, v) => s + v, 0) / values.length : null;
}

/** A score the report can count: a finite number (a failed judge leaves `judge` null). */
export function scoreOf(scores: unknown, key: string): number | undefined {
  const value = scores && typeof scores === 'object' ? (scores as Scores)[key] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function textOf(scores: unknown, key: string): string | null {
  const value = scores && typeof scores === 'object' ? (scores as Scores)[key] : undefined;
  return typeof value === 'string' && value ? value : null;
}

export const isMetric = (m: unknown): m is EvaluationMetric =>
  (EVALUATION_METRICS as readonly unknown[]).includes(m);

/** The metrics the evaluation chose, in its order. */
export function chosenMetrics(evaluation: Row): EvaluationMetric[] {
  return Array.isArray(evaluation.metrics) ? evaluation.metrics.filter(isMetric) : [];
}

/** The evaluation's own metrics, then any other the results carry a score of. */
export function reportedMetrics(evaluation: Row, scores: readonly unknown[]): EvaluationMetric[] {
  const chosen = chosenMetrics(evaluation);
  const carried = EVALUATION_METRICS.filter(
    (m) => !chosen.includes(m) && scores.some((s) => scoreOf(s, m) !== undefined),
  );
  return [...chosen, ...carried];
}

/** Orders results by the evaluation's versions; a version it no longer lists goes last. */
export function versionRank(versions: readonly string[]) {
  return (version: unknown) => {
    const i = versions.indexOf(String(version));
    return i < 0 ? versions.length : i;
  };
}
