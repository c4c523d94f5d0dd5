import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { COST_DECIMALS } from '../../../contract/figures';
import type { Locale } from '../../../contract/locale';
import type { FieldDef } from '../../../contract/resource';
import type { ExportFormat } from '../../../contract/resource-schema';
import type { EvaluationMetric } from '../../../contract/resources/model-evaluate';
import { namespaceLabels } from '../../http/field-labels';
import { CsvWriter, type CsvLabels } from '../engine/csv';
import { FileAnswer, type EndpointHandler } from '../engine/endpoints';
import { JsonlWriter } from '../engine/jsonl';
import { toRecord, type Row } from '../engine/rows';
import type { Caller } from '../engine/visibility';
import {
  reportedMetrics,
  RESULTS,
  round,
  SCORE_DECIMALS,
  scoreOf,
  textOf,
  versionRank,
  versionsOf,
} from './report-scores';

/** Results written per chunk of an exported file. */
const EXPORT_CHUNK = 500;

/** The console's texts of the evaluation pages in one language (metric names, column names). */
const evaluateTexts = new Map<Locale, { metrics: Record<string, string>; columns: Row }>();

function textsOf(locale: Locale) {
  let texts = evaluateTexts.get(locale);
  if (!texts) {
    texts = { metrics: {}, columns: {} };
    try {
      const url = new URL(`../../../src/locales/${locale}/model-evaluate.json`, import.meta.url);
      const file = JSON.parse(readFileSync(url, 'utf8')) as {
        enums?: { metrics?: Record<string, string> };
        report?: { columns?: Row };
      };
      texts = { metrics: file.enums?.metrics ?? {}, columns: file.report?.columns ?? {} };
    } catch {
      // No locale file: the headers are the field names.
    }
    evaluateTexts.set(locale, texts);
  }
  return texts;
}

/** The exported columns: the item, the answer, each metric, then cost and the judge's say. */
function exportFields(metrics: readonly EvaluationMetric[]): FieldDef[] {
  return [
    { name: 'itemId', type: 'integer' },
    { name: 'question', type: 'text' },
    { name: 'expectedAnswer', type: 'text' },
    { name: 'modelVersion', type: 'string' },
    { name: 'answer', type: 'text' },
    ...metrics.map((m): FieldDef => ({ name: m, type: 'number', decimals: SCORE_DECIMALS })),
    { name: 'latencyMs', type: 'integer' },
    { name: 'totalTokens', type: 'integer' },
    { name: 'cost', type: 'number', decimals: COST_DECIMALS },
    { name: 'judgeReason', type: 'text' },
    { name: 'humanScore', type: 'integer' },
    { name: 'comment', type: 'text' },
    { name: 'createdAt', type: 'datetime' },
  ];
}

function exportLabels(locale: Locale, metrics: readonly EvaluationMetric[]): CsvLabels {
  const texts = textsOf(locale);
  const fields: Record<string, string> = { ...namespaceLabels(RESULTS)(locale) };
  for (const m of metrics) fields[m] = texts.metrics[m] ?? m;
  for (const [name, label] of Object.entries(texts.columns)) {
    if (typeof label === 'string') fields[name] = label;
  }
  return { fields };
}

/** One result as an exported row, keyed by the export's field names. */
function exportRow(record: Row, metrics: readonly EvaluationMetric[]): Row {
  const scores = record.scores;
  const row: Row = {
    itemId: record.itemId,
    question: record.question,
    expectedAnswer: record.expectedAnswer ?? null,
    modelVersion: record.modelVersion,
    answer: record.answer ?? null,
  };
  for (const m of metrics) row[m] = scoreOf(scores, m) ?? null;
  return {
    ...row,
    latencyMs: record.latencyMs ?? null,
    totalTokens: record.totalTokens ?? null,
    cost: scoreOf(scores, 'cost') ?? null,
    judgeReason: textOf(scores, 'judgeReason'),
    humanScore: record.humanScore ?? null,
    comment: record.comment ?? null,
    createdAt: record.createdAt ?? null,
  };
}

/** Figures rounded as the files write them, still numbers (a JSON answer). */
function roundedRow(row: Row, fields: readonly FieldDef[]): Row {
  const out: Row = { ...row };
  for (const f of fields) {
    const value = out[f.name];
    if (f.decimals !== undefined && typeof value === 'number')
      out[f.name] = round(value, f.decimals);
  }
  return out;
}

function* chunks(
  writer: { header(): string; rows(rows: readonly Row[]): string },
  rows: readonly Row[],
): Generator<string> {
  yield writer.header();
  for (let i = 0; i < rows.length; i += EXPORT_CHUNK) {
    yield writer.rows(rows.slice(i, i + EXPORT_CHUNK));
  }
}

/** Every result of an evaluation, one row per item × model version, as a file or an answer. */
export const reportExport: EndpointHandler = async (
  store,
  body: { id: number; format?: ExportFormat; timeZone: string },
  caller: Caller,
  { locale },
) => {
  const evaluation = await store.detail(body.id, caller);
  const rank = versionRank(versionsOf(evaluation));
  const results = store.other(RESULTS);
  const c = (name: string) => results.col(name);
  const stored = await store.db
    .select(results.selection(caller))
    .from(results.table)
    .where(eq(c('evaluateId'), body.id))
    .orderBy(asc(c('itemId')), asc(c('id')));
  const records = stored
    .map((r) => toRecord(results.def, r as Row))
    .sort(
      (a, b) => Number(a.itemId) - Number(b.itemId) || rank(a.modelVersion) - rank(b.modelVersion),
    );
  const metrics = reportedMetrics(
    evaluation,
    records.map((r) => r.scores),
  );
  const fields = exportFields(metrics);
  const rows = records.map((r) => exportRow(r, metrics));
  if (!body.format) return { list: rows.map((r) => roundedRow(r, fields)) };

  const writer =
    body.format === 'jsonl'
      ? new JsonlWriter(fields)
      : new CsvWriter(results.def, fields, locale, body.timeZone, exportLabels(locale, metrics));
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
  return new FileAnswer(
    body.format === 'jsonl' ? 'application/x-ndjson' : 'text/csv',
    `evaluation-${body.id}-${stamp}.${body.format}`,
    chunks(writer, rows),
  );
};
