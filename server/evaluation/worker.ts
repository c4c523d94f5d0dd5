import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { placeholdersOf } from '../../contract/prompt-variables';
import type { Database } from '../db/client';
import {
  corpusItems,
  evaluationJobs,
  modelEvaluateResults,
  modelEvaluations,
  modelVersions,
  prompts,
  promptVersions,
  type EvaluationJobRow,
  type ModelVersionRow,
} from '../db/schema';
import { ModelError, type ChatMessage, type Completion } from '../models/client';
import type { ModelRunner } from '../models/runner';
import { DEFAULT_JUDGE_RUBRIC, judgePrompt, parseJudgement } from './judge';
import { bleu, exactMatch, keywordHitRate, rougeL } from './metrics';
import { claimJobs, enqueueEvaluation, refreshProgress, versionsWithWork } from './queue';

/** What one job asks a model: the item through the evaluation's template. */
export function evaluationMessages(template: string | null, question: string): ChatMessage[] {
  if (!template) return [{ role: 'user', content: question }];
  const placeholders = placeholdersOf(template);
  // The question fills {{question}}, else the template's first placeholder.
  const slot = placeholders.includes('question') ? 'question' : placeholders[0];
  if (!slot) {
    return [
      { role: 'system', content: template },
      { role: 'user', content: question },
    ];
  }
  const pattern = new RegExp(`\\{\\{\\s*${slot}\\s*\\}\\}`, 'g');
  return [{ role: 'user', content: template.replace(pattern, () => question) }];
}

/** An answer's scores against the item, each 0–100, with its latency, tokens and cost. */
export function scoresOf(
  done: Completion,
  expected: string,
  keywords: readonly string[],
  version: Pick<ModelVersionRow, 'promptPrice' | 'completionPrice'>,
): Record<string, number | boolean | null> {
  const match = exactMatch(done.answer, expected);
  return {
    accuracy: match,
    exactMatch: match,
    rougeL: rougeL(done.answer, expected),
    bleu: bleu(done.answer, expected),
    keywordHit: keywordHitRate(done.answer, keywords),
    latencyMs: done.latencyMs,
    promptTokens: done.promptTokens,
    completionTokens: done.completionTokens,
    tokensEstimated: done.tokensEstimated,
    cost:
      (done.promptTokens * Number(version.promptPrice) +
        done.completionTokens * Number(version.completionPrice)) /
      1000,
  };
}

type Scores = Record<string, number | boolean | string | null>;

/**
 * The judge's say on an answer, added to its scores: `judge` and `judgeReason`, and accuracy,
 * relevance and fluency when the judge gave them. A judge that fails or answers something
 * unreadable leaves `judge` null with `judgeError` saying why; the answer's other scores stand.
 */
export async function judged(
  scores: Scores,
  judge: (prompt: string) => Promise<string>,
  rubric: string | null,
  item: { question: string; expected: string; answer: string },
): Promise<Scores> {
  let text: string;
  try {
    text = await judge(judgePrompt(rubric || DEFAULT_JUDGE_RUBRIC, item));
  } catch (error) {
    const message =
      error instanceof ModelError
        ? `${error.kind}: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error);
    return { ...scores, judge: null, judgeError: message.slice(0, 500) };
  }
  const judgement = parseJudgement(text);
  if (!judgement) {
    return { ...scores, judge: null, judgeError: `unreadable: ${text.slice(0, 200)}` };
  }
  return {
    ...scores,
    ...judgement.metrics,
    judge: judgement.score,
    judgeReason: judgement.reason.slice(0, 1000),
  };
}

const PROGRESS_EVERY_MS = 500;

/**
 * Jobs taken beyond a version's concurrency, ready with their input: the model runner's line
 * still lets only `maxConcurrency` requests out at once, and a place freed by an answer is
 * taken at once instead of after a trip to the queue.
 */
function waitingRoom(version: ModelVersionRow): number {
  return Math.ceil(version.maxConcurrency / 4);
}

export interface WorkerOptions {
  /** How often the worker looks for work and for cancelled runs. */
  pollMs?: number;
  /**
   * How long a job stays this worker's beyond the longest its model call may take (timeout ×
   * attempts); past it, another server may take the job of a server that died.
   */
  leaseGraceMs?: number;
  log?: FastifyBaseLogger;
}

/**
 * Runs evaluation jobs in this server: it takes queued jobs of each model version up to the
 * version's `maxConcurrency` less what it runs already, calls the model, scores the answer and
 * stores the result with the job's end in one transaction, only while the job is still its own.
 * A cancelled evaluation's running jobs are aborted at the next look.
 */
export class EvaluationWorker {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** Jobs this worker ended and stored (done, failed or cancelled). */
  finished = 0;
  private readonly running = new Map<number, { evaluationId: number; stop: AbortController }>();
  private readonly busy = new Map<string, number>();
  private readonly settled = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private looking = false;
  /** Asked to look while a look was under way: look once more after it. */
  private lookAgain = false;
  /** When this worker last wrote each evaluation's progress. */
  private readonly progressAt = new Map<number, number>();

  constructor(
    private readonly db: Database,
    private readonly models: ModelRunner,
    private readonly options: WorkerOptions = {},
  ) {}

  /** Starts looking for work; evaluations left running with no work queued are queued first. */
  async start(): Promise<void> {
    await resumeOrphans(this.db);
    this.timer = setInterval(() => void this.tick(), this.options.pollMs ?? 250);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const r of this.running.values()) r.stop.abort();
    await Promise.allSettled([...this.settled]);
  }

  /**
   * One look: abort what was cancelled, then take what there is room for. Besides the timer, a
   * job's end looks again at once for its own model version, so a freed place does not wait for
   * the next tick.
   */
  async tick(freed?: ModelVersionRow): Promise<void> {
    if (this.looking) {
      this.lookAgain = true;
      return;
    }
    this.looking = true;
    try {
      let only = freed;
      do {
        this.lookAgain = false;
        if (!only) await this.abortCancelled();
        for (const version of only ? [only] : await versionsWithWork(this.db)) {
          const room =
            version.maxConcurrency + waitingRoom(version) - (this.busy.get(version.version) ?? 0);
          if (room <= 0) continue;
          const lease =
            version.timeoutMs * (version.retries + 1) + (this.options.leaseGraceMs ?? 30_000);
          const jobs = await claimJobs(this.db, this.id, version.version, room, lease);
          for (const job of jobs) {
            const work = this.process(job, version);
            this.settled.add(work);
            void work.finally(() => this.settled.delete(work));
          }
        }
        only = undefined;
      } while (this.lookAgain && this.timer);
    } catch (error) {
      this.options.log?.warn({ err: error }, 'evaluation worker: a look for work failed');
    } finally {
      this.looking = false;
    }
  }

  private async abortCancelled(): Promise<void> {
    const ids = [...new Set([...this.running.values()].map((r) => r.evaluationId))];
    if (!ids.length) return;
    const rows = await this.db
      .select({ id: modelEvaluations.id, state: modelEvaluations.state })
      .from(modelEvaluations)
      .where(inArray(modelEvaluations.id, ids));
    const live = new Set(rows.filter((r) => r.state === 'running').map((r) => r.id as number));
    for (const r of this.running.values()) if (!live.has(r.evaluationId)) r.stop.abort();
  }

  private async process(job: EvaluationJobRow, version: ModelVersionRow): Promise<void> {
    const stop = new AbortController();
    this.running.set(job.id, { evaluationId: job.evaluationId, stop });
    this.busy.set(version.version, (this.busy.get(version.version) ?? 0) + 1);
    try {
      const input = await this.inputOf(job);
      if (!input) return void (await this.end(job, 'failed', null, notFoundError()));
      const expected = input.expected ?? '';
      try {
        const done = await this.models.complete(version, {
          messages: evaluationMessages(input.template, input.question),
          signal: stop.signal,
        });
        let scores: Scores = scoresOf(done, expected, input.keywords, version);
        if (input.judgeVersion) {
          const judge = await this.judgeRow(input.judgeVersion);
          scores = await judged(
            scores,
            async (prompt) => {
              if (!judge)
                throw new ModelError('notConfigured', `no model version ${input.judgeVersion}`);
              const said = await this.models.complete(judge, {
                messages: [{ role: 'user', content: prompt }],
                signal: stop.signal,
              });
              return said.answer;
            },
            input.judgeRubric,
            { question: input.question, expected, answer: done.answer },
          );
          if (stop.signal.aborted) return void (await this.end(job, 'cancelled', null, null));
        }
        await this.end(job, 'done', { ...input, expected, done, scores }, null);
      } catch (error) {
        if (stop.signal.aborted) return void (await this.end(job, 'cancelled', null, null));
        const failure =
          error instanceof ModelError
            ? { kind: error.kind, message: error.message }
            : { kind: 'http', message: error instanceof Error ? error.message : String(error) };
        await this.end(job, 'failed', null, failure);
      }
    } catch (error) {
      this.options.log?.error({ err: error, job: job.id }, 'evaluation job failed to store');
    } finally {
      this.running.delete(job.id);
      this.busy.set(version.version, (this.busy.get(version.version) ?? 1) - 1);
      if (this.timer) void this.tick(version);
      await this.writeProgress(job.evaluationId);
    }
  }

  /**
   * Writes an evaluation's progress after one of its jobs ended: at most every half second
   * while this worker still runs some of its jobs, and always after its last one here. Whoever
   * ends the run's final job has none left running, so the run always completes; writes are
   * serialised on the evaluation's row, so two last jobs ending together cannot both miss it.
   */
  private async writeProgress(evaluationId: number): Promise<void> {
    const busy = [...this.running.values()].some((r) => r.evaluationId === evaluationId);
    const now = Date.now();
    if (busy && now - (this.progressAt.get(evaluationId) ?? 0) < PROGRESS_EVERY_MS) return;
    if (busy) this.progressAt.set(evaluationId, now);
    else this.progressAt.delete(evaluationId);
    try {
      await this.db.transaction((tx) => refreshProgress(tx as unknown as Database, evaluationId));
    } catch (error) {
      this.options.log?.warn({ err: error, evaluationId }, 'evaluation progress not written');
    }
  }

  private async inputOf(job: EvaluationJobRow) {
    const [row] = await this.db
      .select({
        question: corpusItems.question,
        answer: corpusItems.answer,
        recommended: corpusItems.recommendedAnswer,
        tags: corpusItems.tags,
        template: prompts.content,
        versionContent: promptVersions.content,
        judgeVersion: modelEvaluations.judgeVersion,
        judgeRubric: modelEvaluations.judgeRubric,
      })
      .from(corpusItems)
      .innerJoin(modelEvaluations, eq(modelEvaluations.id, job.evaluationId))
      .leftJoin(prompts, eq(prompts.id, modelEvaluations.templateId))
      .leftJoin(
        promptVersions,
        and(
          eq(promptVersions.promptId, modelEvaluations.templateId),
          eq(promptVersions.number, modelEvaluations.templateVersion),
        ),
      )
      .where(eq(corpusItems.id, job.itemId))
      .limit(1);
    if (!row) return null;
    return {
      question: row.question as string,
      expected: ((row.recommended ?? row.answer) as string | null) ?? null,
      // An item's tags are its keywords.
      keywords: (row.tags as string[] | null) ?? [],
      // A named version answers with its own content, the live one otherwise.
      template: row.versionContent ?? (row.template as string | null) ?? null,
      judgeVersion: (row.judgeVersion as string | null) ?? null,
      judgeRubric: (row.judgeRubric as string | null) ?? null,
    };
  }

  /** The judge's model version row; a connected one when the code has several. */
  private async judgeRow(version: string): Promise<ModelVersionRow | null> {
    const [row] = await this.db
      .select()
      .from(modelVersions)
      .where(eq(modelVersions.version, version))
      .orderBy(sql`${modelVersions.provider} is null`, asc(modelVersions.id))
      .limit(1);
    return row ?? null;
  }

  /**
   * Ends a job and stores its result, in one transaction and only while the job is still this
   * worker's: a job another server took over after a lost lease is theirs to finish.
   */
  private async end(
    job: EvaluationJobRow,
    state: 'done' | 'failed' | 'cancelled',
    result: {
      question: string;
      expected: string;
      done: Completion;
      scores: Scores;
    } | null,
    error: { kind: string; message: string } | null,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [mine] = await tx
        .update(evaluationJobs)
        .set({
          state,
          error,
          finishedAt: state === 'cancelled' ? null : new Date(),
          lockedBy: null,
          lockedUntil: null,
        })
        .where(
          and(
            eq(evaluationJobs.id, job.id),
            eq(evaluationJobs.lockedBy, this.id),
            eq(evaluationJobs.state, 'running'),
          ),
        )
        .returning({ id: evaluationJobs.id });
      if (!mine) return;
      this.finished++;
      if (result) {
        await tx.insert(modelEvaluateResults).values({
          evaluateId: job.evaluationId,
          itemId: job.itemId,
          question: result.question,
          expectedAnswer: result.expected,
          modelVersion: job.modelVersion,
          answer: result.done.answer.slice(0, 20_000),
          scores: result.scores,
          latencyMs: result.done.latencyMs,
          totalTokens: result.done.promptTokens + result.done.completionTokens,
        } as typeof modelEvaluateResults.$inferInsert);
      }
    });
  }
}

function notFoundError() {
  return { kind: 'malformed', message: 'the corpus item is gone' };
}

/**
 * Evaluations marked running with no work queued (the demo seed's, or one started before its
 * queue existed) are queued, so they really run.
 */
export async function resumeOrphans(db: Database): Promise<void> {
  const orphans = await db
    .select({ id: modelEvaluations.id })
    .from(modelEvaluations)
    .where(
      and(
        eq(modelEvaluations.state, 'running'),
        notExists(
          db
            .select({ one: evaluationJobs.id })
            .from(evaluationJobs)
            .where(eq(evaluationJobs.evaluationId, modelEvaluations.id)),
        ),
      ),
    );
  for (const o of orphans) await enqueueEvaluation(db, o.id as number);
  // A server that stopped between a run's last job and its progress leaves it running.
  const running = await db
    .select({ id: modelEvaluations.id })
    .from(modelEvaluations)
    .where(eq(modelEvaluations.state, 'running'));
  for (const r of running) {
    await db.transaction((tx) => refreshProgress(tx as unknown as Database, r.id as number));
  }
}
