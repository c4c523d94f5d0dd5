import { z } from 'zod';
import { MAX_PAGE_SIZE } from './resource';
import {
  countAnswer,
  EXPORT_FORMATS,
  exportTimeZone,
  idBody,
  idSchema,
  idsBody,
  recordSchema,
  safeString,
  tagsSchema,
  versionedBody,
  versionSchema,
  visibleString,
} from './resource-schema';
import { corpusItem, ITEM_LABELS, MAX_IMPORT_ROWS } from './resources/corpus-item';
import { EVALUATION_METRICS } from './resources/model-evaluate';
import { modelEvaluateResult } from './resources/model-evaluate-result';
import { LABEL_RE, PRODUCTION_LABEL } from './prompt-labels';
import { GATE_STATES } from './release-gate';
import { VERSION_STATES } from './resources/prompt';

/**
 * Bodies and answers of the calls beyond CRUD that resources declare (`endpoints`), kept apart
 * from resource-schema.ts so they can use the record schemas it derives.
 */

/** Item ids in the order the operator put them (directive reorder); each once. */
const orderedIds = z
  .array(idSchema)
  .min(1)
  .max(MAX_PAGE_SIZE)
  .refine((ids) => new Set(ids).size === ids.length, { params: { key: 'duplicateTag' } });

const itemLabel = z.enum(ITEM_LABELS);
const optionalText = (max: number) => safeString().trim().max(max).nullable().optional();

/** corpus/item/mark: a label (or a skip) with the item's version read. */
export const markBody = z
  .strictObject({
    id: idSchema,
    version: versionSchema,
    skip: z.boolean().optional(),
    label: itemLabel.optional(),
    recommendedAnswer: optionalText(20_000),
    tags: tagsSchema().optional(),
    comment: optionalText(2000),
  })
  .refine((b) => b.skip === true || b.label !== undefined, {
    path: ['label'],
    params: { key: 'required' },
  });

/** corpus/item/review: accept the annotation as it is, or correct it. */
export const reviewBody = z
  .strictObject({
    id: idSchema,
    version: versionSchema,
    decision: z.enum(['accept', 'correct']),
    label: itemLabel.optional(),
    recommendedAnswer: optionalText(20_000),
    comment: optionalText(2000),
  })
  .refine((b) => b.decision === 'accept' || b.label !== undefined, {
    path: ['label'],
    params: { key: 'required' },
  });

/** Import text is sent as a string: about 10 MB of UTF-8 at most (the route's body limit). */
export const MAX_IMPORT_CHARS = 10_000_000;
export const IMPORT_FORMATS = ['csv', 'jsonl'] as const;
export const importBody = z.strictObject({
  corpusId: idSchema,
  format: z.enum(IMPORT_FORMATS),
  content: z.string().max(MAX_IMPORT_CHARS),
});
export { MAX_IMPORT_ROWS };

/** One annotator's label of an item. */
export const itemLabelSchema = z.object({
  annotatorId: z.string(),
  annotatorName: z.string().nullable(),
  label: itemLabel,
  recommendedAnswer: z.string().nullable(),
  comment: z.string().nullable(),
  updatedAt: z.string(),
});

const annotator = z.object({ id: z.string(), name: z.string().nullable() });

/** corpus/agreement: per annotator pair over the items both labelled. */
export const agreementSchema = z.object({
  pairs: z.array(
    z.object({
      a: annotator,
      b: annotator,
      /** Items both labelled. */
      items: z.number().int(),
      agreed: z.number().int(),
      /** agreed / items, 0–1; null without items. */
      percent: z.number().nullable(),
      /** Cohen's kappa; null when undefined (no items, or both always gave one same label). */
      kappa: z.number().nullable(),
    }),
  ),
  disagreements: z.array(
    z.object({
      itemId: z.number().int(),
      version: z.number().int(),
      question: z.string(),
      status: z.string(),
      labels: z.array(itemLabelSchema),
    }),
  ),
});

/** corpus/counts: contract/corpus-counts.ts CorpusCounts. */
export const corpusCountsSchema = z.object({
  items: z.number().int(),
  annotated: z.number().int(),
  reviewed: z.number().int(),
  disputed: z.number().int(),
  skipped: z.number().int(),
  pending: z.number().int(),
  annotators: z.array(
    z.object({ id: z.string(), name: z.string().nullable(), labelled: z.number().int() }),
  ),
});

/** A mean with its 95 % interval, and how many values it is the mean of. */
export const intervalSchema = z.object({
  mean: z.number(),
  low: z.number(),
  high: z.number(),
  n: z.number().int(),
});

/** One metric of a version against the baseline, over the items both have a score for. */
export const versusSchema = intervalSchema.extend({
  win: z.number().int(),
  loss: z.number().int(),
  tie: z.number().int(),
});

/** One model version's aggregate in an evaluation report. */
export const reportRowSchema = z.object({
  modelVersion: z.string(),
  results: z.number().int(),
  /** Items this version failed to answer (no result). */
  failed: z.number().int(),
  /** Mean per metric, 0–100; a metric without scores is absent. */
  metrics: z.record(z.string(), z.number()),
  /** Per metric the mean with its 95 % t interval. */
  intervals: z.record(z.string(), intervalSchema),
  humanScore: z.number().nullable(),
  humanScored: z.number().int(),
  latencyMs: z.number().nullable(),
  totalTokens: z.number().int(),
  meanTokens: z.number().nullable(),
  /** Cost of the results that carry one: sum and mean; null when none does. */
  cost: z.object({ total: z.number(), mean: z.number(), n: z.number().int() }).nullable(),
  /** This row minus the baseline's, per metric (absent for the baseline itself). */
  diff: z.record(z.string(), z.number()).nullable(),
  /** Per metric against the baseline, paired by item: null for the baseline itself. */
  versus: z.record(z.string(), versusSchema).nullable(),
});

export const reportSchema = z.object({
  baseline: z.string().nullable(),
  /** The metrics reported: the evaluation's own, then any other its results carry. */
  metrics: z.array(z.string()),
  rows: z.array(reportRowSchema),
});

export const REPORT_ITEM_SORTS = ['item', 'worst'] as const;

export const reportItemsBody = z.strictObject({
  id: idSchema,
  current: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(20).default(5),
  keyword: safeString().trim().max(100).optional(),
  sort: z.enum(REPORT_ITEM_SORTS).default('item'),
  metric: z.enum(EVALUATION_METRICS).optional(),
  itemId: idSchema.optional(),
});

export const reportItemsSchema = z.object({
  list: z.array(
    z.object({
      itemId: z.number().int(),
      question: z.string(),
      expectedAnswer: z.string().nullable(),
      /** The lowest score of `metric` among the versions' results; null without one. */
      lowest: z.number().nullable(),
      results: z.array(recordSchema(modelEvaluateResult)),
    }),
  ),
  total: z.number().int(),
  /** The metric `lowest` (and the worst-first order) reads. */
  metric: z.string().nullable(),
});

export const reportExportBody = z.strictObject({
  id: idSchema,
  format: z.enum(EXPORT_FORMATS).optional(),
  timeZone: exportTimeZone,
});

/** One result as exported: fixed columns, then each metric by name. */
export const reportExportRowSchema = z
  .object({
    itemId: z.number().int(),
    question: z.string(),
    expectedAnswer: z.string().nullable(),
    modelVersion: z.string(),
    answer: z.string().nullable(),
    latencyMs: z.number().nullable(),
    totalTokens: z.number().nullable(),
    cost: z.number().nullable(),
    judgeReason: z.string().nullable(),
    humanScore: z.number().nullable(),
    comment: z.string().nullable(),
    createdAt: z.string().nullable(),
  })
  .catchall(z.number().nullable());

/** One saved version of a prompt template (prompt/versions). */
export const promptVersionSchema = z.object({
  number: z.number(),
  state: z.enum(VERSION_STATES),
  title: z.string(),
  sceneCode: z.string().nullable(),
  type: z.string(),
  content: z.string(),
  variables: z.unknown(),
  description: z.string().nullable(),
  note: z.string().nullable(),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
  reviewerId: z.string().nullable(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reason: z.string().nullable(),
  /** The release gate's evaluation of this version, and the admin's reason for going past it. */
  gateEvaluationId: z.number().int().nullable(),
  gateOverride: z.string().nullable(),
  /** The labels pointing at this version; `production` on the live one. */
  labels: z.array(z.string()),
});

const gateStatusSchema = z.object({
  state: z.enum(GATE_STATES),
  sceneCode: z.string().nullable(),
  sceneName: z.string().nullable(),
  evaluationId: z.number().int().nullable(),
  baselineEvaluationId: z.number().int().nullable(),
  evaluationState: z.string().nullable(),
  progress: z.number(),
  metrics: z.array(
    z.object({
      metric: z.string(),
      threshold: z.number(),
      value: z.number().nullable(),
      baseline: z.number().nullable(),
      maxDrop: z.number().nullable(),
      pass: z.boolean(),
    }),
  ),
  override: z.string().nullable(),
});

/** A label an admin may set: not `production`, which only approval moves. */
const settableLabel = z
  .string()
  .refine((s) => LABEL_RE.test(s), { params: { key: 'badLabel' }, abort: true })
  .refine((s) => s !== PRODUCTION_LABEL, { params: { key: 'productionLabel' } });

/** zod bodies and answers of the calls beyond CRUD that resources declare, by resource and name. */
/** An evaluation run's progress: its jobs by state and the time left at the rate so far. */
const evaluationProgressSchema = z.object({
  state: z.string(),
  progress: z.number().int(),
  total: z.number().int(),
  queued: z.number().int(),
  running: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  etaSeconds: z.number().nullable(),
});

export const ENDPOINT_SCHEMAS: Readonly<
  Record<string, Readonly<Record<string, { body: z.ZodType; answer?: z.ZodType }>>>
> = {
  scene: {
    unbindTemplate: { body: idBody },
    bindTemplate: { body: z.strictObject({ id: idSchema, templateId: idSchema }) },
    summary: { body: idBody, answer: z.record(z.string(), z.unknown()) },
  },
  directive: {
    enable: { body: idsBody, answer: countAnswer },
    disable: { body: idsBody, answer: countAnswer },
    reorder: { body: z.strictObject({ ids: orderedIds }), answer: countAnswer },
  },
  'plugin-config': {
    enable: { body: idsBody, answer: countAnswer },
    disable: { body: idsBody, answer: countAnswer },
  },
  corpus: {
    counts: { body: idBody, answer: corpusCountsSchema },
    agreement: { body: idBody, answer: agreementSchema },
  },
  'corpus-item': {
    mark: { body: markBody },
    review: { body: reviewBody },
    import: { body: importBody, answer: countAnswer },
    fromCall: {
      body: z.strictObject({ callId: idSchema, corpusId: idSchema }),
      answer: recordSchema(corpusItem),
    },
    labels: { body: idBody, answer: z.object({ list: z.array(itemLabelSchema) }) },
  },
  'model-evaluate': {
    run: { body: idBody, answer: evaluationProgressSchema },
    progress: { body: idBody, answer: evaluationProgressSchema },
    cancel: { body: versionedBody },
    report: {
      body: z.strictObject({ id: idSchema, baseline: visibleString().trim().max(64).optional() }),
      answer: reportSchema,
    },
    reportItems: { body: reportItemsBody, answer: reportItemsSchema },
    reportExport: {
      body: reportExportBody,
      answer: z.object({ list: z.array(reportExportRowSchema) }),
    },
  },
  prompt: {
    enable: { body: idsBody, answer: countAnswer },
    disable: { body: idsBody, answer: countAnswer },
    versions: {
      body: idBody,
      answer: z.object({ list: z.array(promptVersionSchema), total: z.number().int() }),
    },
    restore: {
      body: z.strictObject({
        id: idSchema,
        version: versionSchema,
        number: z.number().int().min(1).max(2_147_483_647),
        note: safeString().trim().max(200).optional(),
      }),
    },
    submit: { body: versionedBody },
    approve: {
      body: z.strictObject({
        id: idSchema,
        version: versionSchema,
        // An admin's reason to approve a version that has not passed its scene's release gate.
        override: visibleString().trim().min(1).max(500).optional(),
      }),
    },
    gate: { body: idBody, answer: gateStatusSchema },
    gateRun: { body: idBody, answer: gateStatusSchema },
    reject: {
      body: z.strictObject({
        id: idSchema,
        version: versionSchema,
        reason: visibleString().trim().min(1).max(500),
      }),
    },
    label: {
      body: z.strictObject({
        id: idSchema,
        label: settableLabel,
        number: z.number().int().min(1).max(2_147_483_647),
      }),
      answer: z.object({ labels: z.record(z.string(), z.number().int()) }),
    },
    unlabel: {
      body: z.strictObject({ id: idSchema, label: settableLabel }),
      answer: z.object({ labels: z.record(z.string(), z.number().int()) }),
    },
  },
};
