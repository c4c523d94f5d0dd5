import type { EvaluationMetric, EvaluationState } from '../../../contract/resources/model-evaluate';
import type { modelEvaluateResults, modelEvaluations } from '../schema';
import type { DemoCorpus } from './corpus';
import { DOMAINS } from './domains';
import type { Random } from './random';
import { tokensOf } from './texts';
import { daysBefore } from './time';

const MINUTE = 60_000;

export type DemoEvaluateResult = Omit<
  typeof modelEvaluateResults.$inferInsert,
  'evaluateId' | 'itemId' | 'id' | 'version'
> & {
  /** Index of the answered item within its set's items. */
  itemIndex: number;
  scores: Partial<Record<EvaluationMetric, number>>;
};

export type DemoEvaluation = Omit<
  typeof modelEvaluations.$inferInsert,
  'corpusId' | 'templateId' | 'id' | 'version'
> & {
  evaluateName: string;
  /** Index of the evaluated set among the demo's corpora. */
  corpusIndex: number;
  templateIndex: number | null;
  modelVersions: string[];
  metrics: EvaluationMetric[];
  state: EvaluationState;
  resultCount: number;
  progress: number;
  results: DemoEvaluateResult[];
};

interface EvaluationPlan {
  evaluateName: string;
  corpusName: string;
  /** The first is the baseline. */
  modelVersions: readonly string[];
  metrics: readonly EvaluationMetric[];
  state: EvaluationState;
  /** Share of the results written (running ones). */
  done: number;
  error?: string;
  description: string | null;
  daysAgo: number;
}

/** Items one evaluation answers: the first of its set. */
export const EVALUATED_ITEMS = 40;

export const EVALUATION_PLANS: readonly EvaluationPlan[] = [
  {
    evaluateName: '客服模型升级评测',
    corpusName: '客服常见问题集',
    modelVersions: ['wingpt-13b-v2.0', 'wingpt-13b-v2.1', 'gpt-4o-2024-08-06'],
    metrics: ['accuracy', 'relevance', 'fluency'],
    state: 'completed',
    done: 1,
    description: '验证 WinGPT 13B v2.1 能否替换 v2.0 上线客服场景',
    daysAgo: 26,
  },
  {
    evaluateName: '代码助手模型对比',
    corpusName: '代码问答评测集',
    modelVersions: ['gpt-4o-mini-2024-07-18', 'gpt-4o-2024-08-06', 'wingpt-13b-v2.1'],
    metrics: ['accuracy', 'bleu', 'rougeL'],
    state: 'completed',
    done: 1,
    description: '比较成本与效果，决定代码助手的默认模型',
    daysAgo: 14,
  },
  {
    evaluateName: '合同审查基线评测',
    corpusName: '合同风险问答集',
    modelVersions: ['wingpt-13b-v2.0', 'wingpt-13b-v2.1'],
    metrics: ['accuracy', 'relevance', 'fluency', 'rougeL'],
    state: 'completed',
    done: 1,
    description: null,
    daysAgo: 9,
  },
  {
    evaluateName: '知识库问答回归测试',
    corpusName: '知识库问答校验集',
    modelVersions: ['wingpt-13b-v2.1', 'gpt-4o-mini-2024-07-18'],
    metrics: ['accuracy', 'relevance'],
    state: 'running',
    done: 0.4,
    description: '每次知识库更新后运行',
    daysAgo: 0.05,
  },
  {
    evaluateName: 'SQL 生成能力评测',
    corpusName: 'SQL 生成指令集',
    modelVersions: ['wingpt-7b-v1.2', 'wingpt-13b-v2.1'],
    metrics: ['accuracy', 'bleu'],
    state: 'failed',
    done: 0,
    error: '调用模型 wingpt-7b-v1.2 超时（30 秒），重试 3 次后仍失败，评测已终止。',
    description: null,
    daysAgo: 3,
  },
  {
    evaluateName: '多轮对话体验评测',
    corpusName: '多轮客服对话集（双人标注）',
    modelVersions: ['gpt-4o-2024-08-06', 'wingpt-13b-v2.1'],
    metrics: ['relevance', 'fluency'],
    state: 'pending',
    done: 0,
    description: '等待双人标注完成后开始',
    daysAgo: 1,
  },
];

/** How good each version is (share of answers that match the expected one). */
const QUALITY: Readonly<Record<string, number>> = {
  'wingpt-7b-v1.2': 0.45,
  'wingpt-13b-v2.0': 0.58,
  'wingpt-13b-v2.1': 0.7,
  'gpt-4o-mini-2024-07-18': 0.64,
  'gpt-4o-2024-08-06': 0.78,
};
/** Typical latency per version, ms. */
const LATENCY: Readonly<Record<string, number>> = {
  'wingpt-7b-v1.2': 650,
  'wingpt-13b-v2.0': 1200,
  'wingpt-13b-v2.1': 1100,
  'gpt-4o-mini-2024-07-18': 900,
  'gpt-4o-2024-08-06': 1900,
};

type Kind = 'good' | 'partial' | 'off';

/** Score ranges per answer kind and metric. */
const RANGES: Readonly<Record<EvaluationMetric, Record<Kind, [number, number]>>> = {
  accuracy: { good: [82, 99], partial: [50, 78], off: [5, 40] },
  relevance: { good: [85, 99], partial: [65, 88], off: [20, 60] },
  fluency: { good: [80, 98], partial: [72, 95], off: [60, 92] },
  bleu: { good: [42, 78], partial: [18, 45], off: [0, 15] },
  rougeL: { good: [55, 88], partial: [30, 58], off: [4, 28] },
  keywordHit: { good: [75, 100], partial: [40, 75], off: [0, 35] },
  judge: { good: [80, 97], partial: [55, 80], off: [10, 50] },
};
const OPENINGS = ['', '您好，', '好的，', '根据已有信息，'];
const GENERIC = [
  '建议结合实际情况进一步确认。',
  '如仍有疑问，可联系相关负责人。',
  '以上仅供参考。',
];
const GOOD_COMMENTS = ['回答准确，表述清晰', '与标准答案一致', '步骤完整，可直接使用'];
const BAD_COMMENTS = ['遗漏了关键步骤', '答非所问', '语气生硬，需要调整', '编造了不存在的依据'];

const clamp = (v: number) => Math.max(0, Math.min(100, Math.round(v)));

/**
 * The evaluations, with results for the completed ones (all items × versions) and the running
 * one (its first items); `templateOf` answers a platform template for a scene.
 */
export function demoEvaluations(
  rng: Random,
  now: number,
  corpora: readonly DemoCorpus[],
  templateOf: (sceneCode: string) => number | undefined,
): DemoEvaluation[] {
  return EVALUATION_PLANS.map((plan) => {
    const corpusIndex = corpora.findIndex((c) => c.corpusName === plan.corpusName);
    const corpus = corpora[corpusIndex]!;
    const domain = DOMAINS.find((d) => d.code === corpus.sceneCode)!;
    const items = corpus.items.slice(0, EVALUATED_ITEMS);
    const total = items.length * plan.modelVersions.length;
    // Written item by item, every version answering each item, until the share done.
    const doneItems = Math.floor(items.length * plan.done);
    const created = +daysBefore(now, plan.daysAgo);
    const startedAt = plan.state === 'pending' ? null : new Date(created + 2 * MINUTE);
    const results: DemoEvaluateResult[] = [];
    items.slice(0, doneItems).forEach((item, itemIndex) => {
      const expected = item.recommendedAnswer ?? item.answer ?? null;
      for (const version of plan.modelVersions) {
        const q = QUALITY[version] ?? 0.6;
        const r = rng.next();
        const kind: Kind =
          expected === null ? 'off' : r < q ? 'good' : r < q + (1 - q) * 0.6 ? 'partial' : 'off';
        const first = expected?.split(/(?<=[。！？])/)[0] ?? '';
        const answer =
          kind === 'good'
            ? `${rng.pick(OPENINGS)}${expected}`
            : kind === 'partial'
              ? `${rng.pick(OPENINGS)}${first}${rng.pick(GENERIC)}`
              : rng.pick([...GENERIC, ...domain.advice.slice(-1)]);
        const scores: Partial<Record<EvaluationMetric, number>> = {};
        for (const m of plan.metrics) {
          const [lo, hi] = RANGES[m][kind];
          scores[m] = clamp(rng.int(lo, hi) + (q - 0.6) * 12);
        }
        const totalTokens = tokensOf(item.question) + tokensOf(answer) + rng.int(40, 120);
        const latencyMs = Math.round(
          (LATENCY[version] ?? 1000) * (0.6 + rng.next() * 1.2) + totalTokens * 4,
        );
        // Operators rated some answers by hand (0–5), close to the accuracy-like scores.
        const rated = plan.state === 'completed' && rng.chance(0.3);
        const basis = scores.accuracy ?? scores.relevance ?? 60;
        const humanScore = rated
          ? Math.max(0, Math.min(5, Math.round(basis / 20) + rng.int(-1, 1)))
          : null;
        const comment =
          rated && rng.chance(0.5)
            ? rng.pick(kind === 'good' ? GOOD_COMMENTS : BAD_COMMENTS)
            : null;
        const at = new Date(
          +(startedAt ?? created) +
            Math.floor(((results.length + 1) * 60_000) / plan.modelVersions.length),
        );
        results.push({
          itemIndex,
          question: item.question,
          expectedAnswer: expected,
          modelVersion: version,
          answer,
          scores,
          latencyMs,
          totalTokens,
          humanScore,
          comment,
          createdAt: at,
          updatedAt: at,
        });
      }
    });

    const last = +(results.at(-1)?.createdAt ?? startedAt ?? created);
    const finishedAt =
      plan.state === 'completed' || plan.state === 'failed'
        ? new Date(Math.min(last + rng.int(1, 5) * MINUTE, now - MINUTE))
        : null;
    const resultCount = results.length;
    const progress =
      plan.state === 'completed' ? 100 : total === 0 ? 0 : Math.floor((resultCount * 100) / total);
    return {
      evaluateName: plan.evaluateName,
      corpusIndex,
      modelVersions: [...plan.modelVersions],
      baselineVersion: plan.modelVersions[0] ?? null,
      templateIndex: templateOf(corpus.sceneCode) ?? null,
      metrics: [...plan.metrics],
      state: plan.state,
      progress,
      resultCount,
      startedAt,
      finishedAt,
      error: plan.error ?? null,
      description: plan.description,
      createdAt: new Date(created),
      updatedAt: finishedAt ?? new Date(last),
      results,
    };
  });
}
