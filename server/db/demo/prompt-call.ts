import { DEMO_MODEL_VERSIONS } from './model-versions';
import { promptDomain, type DemoPrompt } from './prompt';
import { WeightedTable, type Random } from './random';
import { callAnswer, questionFor, recommendedAnswer, tokensOf, variableValue } from './texts';
import { dayTable, DAYS, timeOnDay } from './time';

const HOUR = 3_600_000;

/** The first calls, as written by hand; templateIndex points into the demo's templates. */
export const DEMO_PROMPT_CALLS = [
  {
    title: '代码审查提示词',
    templateIndex: 0,
    question: '这段 Python 代码有什么问题？',
    answer: '循环内重复打开文件，建议移到循环外并使用 with 语句。',
    recommendedAnswer: null,
    assessment: 1,
    variables: [{ name: 'code', value: 'for f in files: open(f)' }],
    userId: '1',
    promptTokens: 312,
    completionTokens: 128,
    sceneCode: 'code-assistant',
    hoursAgo: 3,
  },
  {
    title: '客服欢迎语',
    templateIndex: 1,
    question: '会员可以退款吗？',
    answer: '会员开通后 7 天内未使用权益可申请退款。',
    recommendedAnswer: '开通 7 天内且未使用权益可全额退款，请在“我的订单”中申请。',
    assessment: 2,
    variables: [{ name: 'product', value: '会员' }],
    userId: '1',
    promptTokens: 205,
    completionTokens: 64,
    sceneCode: 'customer-service',
    hoursAgo: 7,
  },
  {
    title: '会议纪要整理',
    templateIndex: 2,
    question: '整理周一例会纪要',
    answer: '议题：版本发布计划；结论：周五发布；待办：张三负责回归测试。',
    recommendedAnswer: null,
    assessment: 1,
    variables: [{ name: 'transcript', value: '……' }],
    userId: '0',
    promptTokens: 1840,
    completionTokens: 356,
    sceneCode: 'meeting-minutes',
    hoursAgo: 26,
  },
  {
    title: 'SQL 生成（MySQL 方言）',
    templateIndex: 3,
    question: '上个月每个城市的订单数',
    answer: 'SELECT city, COUNT(*) FROM orders WHERE created_at >= ... GROUP BY city;',
    recommendedAnswer: null,
    assessment: 0,
    variables: [
      { name: 'schema', value: 'orders(id, city, created_at)' },
      { name: 'question', value: '上个月每个城市的订单数' },
    ],
    userId: '1',
    promptTokens: 420,
    completionTokens: 58,
    sceneCode: 'text-to-sql',
    hoursAgo: 50,
  },
  {
    title: '我的周报模板',
    templateIndex: 4,
    question: '生成本周周报',
    answer: '本周进展：完成登录模块重构……',
    recommendedAnswer: null,
    assessment: 0,
    variables: [{ name: 'notes', value: '登录重构；修复 3 个缺陷' }],
    userId: '1',
    promptTokens: 530,
    completionTokens: 402,
    sceneCode: 'work-report',
    hoursAgo: 75,
  },
  {
    title: '代码审查提示词',
    templateIndex: 0,
    question: '如何避免 SQL 注入？',
    answer: '使用参数化查询，不要拼接用户输入。',
    recommendedAnswer: null,
    assessment: 1,
    variables: [{ name: 'code', value: 'query("select * from t where id=" + id)' }],
    userId: '0',
    promptTokens: 288,
    completionTokens: 97,
    sceneCode: 'code-assistant',
    hoursAgo: 98,
  },
] as const;

export interface DemoCall {
  title: string;
  /** Index of the called template in the demo's templates. */
  templateIndex: number;
  question: string;
  answer: string;
  recommendedAnswer: string | null;
  assessment: 0 | 1 | 2;
  variables: { name: string; value: string }[];
  callTime: Date;
  userId: string;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  sceneCode: string | null;
  modelType: 'WINGPT' | 'CHATGPT';
  modelVersion: string;
}

type ModelType = 'WINGPT' | 'CHATGPT';
const usableVersions = new Map<string, (readonly [string, number])[]>();

/** The version a call of `type` made `daysAgo` used, by the versions' weights and lifetimes. */
function modelVersionFor(rng: Random, type: ModelType, daysAgo: number): string {
  const key = `${type}:${daysAgo}`;
  let usable = usableVersions.get(key);
  if (!usable) {
    usable = DEMO_MODEL_VERSIONS.filter(
      (m) => m.modelType === type && m.usedUntilDaysAgo <= daysAgo && daysAgo < m.usedFromDaysAgo,
    ).map((m) => [m.version, m.weight] as const);
    usableVersions.set(key, usable);
  }
  return rng.weighted(usable);
}

const ASSESSMENT_WEIGHTS = [
  [0, 74],
  [1, 18],
  [2, 8],
] as const;

/** The version hand-written calls name: the current favourite of their model type. */
function latestVersion(type: 'WINGPT' | 'CHATGPT'): string {
  const current = DEMO_MODEL_VERSIONS.filter((m) => m.modelType === type && m.enabled);
  return current.reduce((a, b) => (b.weight > a.weight ? b : a)).version;
}

/**
 * `count` calls over the last 90 days (hand-written ones first, the rest oldest first): more
 * on weekdays and working hours, a little more lately; popular templates called more.
 * Personal templates are called only by their owners.
 */
export function demoCalls(
  rng: Random,
  now: number,
  prompts: readonly DemoPrompt[],
  sceneCodes: readonly string[],
  boundIndexes: ReadonlySet<number>,
  count: number,
): DemoCall[] {
  const out: DemoCall[] = DEMO_PROMPT_CALLS.slice(0, count).map(({ hoursAgo, ...c }) => {
    const template = prompts[c.templateIndex] as DemoPrompt;
    return {
      ...c,
      variables: c.variables.map((v) => ({ ...v })),
      callTime: new Date(now - hoursAgo * HOUR),
      totalTokens: c.promptTokens + c.completionTokens,
      modelType: template.type,
      modelVersion: latestVersion(template.type),
    };
  });

  const weights = prompts.map((p, i) => {
    if (p.status === 0) return 0.1;
    if (p.isPublic === 0) return 0.3 + rng.next();
    return (0.5 + rng.next() ** 3 * 12) * (boundIndexes.has(i) ? 2 : 1);
  });
  const templates = new WeightedTable(weights);
  const days = dayTable(rng, now);
  const generated: DemoCall[] = [];
  for (let i = out.length; i < count; i++) {
    const index = templates.draw(rng);
    const p = prompts[index] as DemoPrompt;
    const d = promptDomain(p);
    // Not before the template existed.
    const age = Math.floor((now - p.createdAt.getTime()) / 86_400_000);
    const daysAgo = days.draw(rng, Math.min(DAYS, Math.max(1, age)));
    const at = timeOnDay(rng, now, daysAgo);
    const modelType = rng.chance(0.9)
      ? p.type
      : p.type === 'WINGPT'
        ? ('CHATGPT' as const)
        : ('WINGPT' as const);
    const question = questionFor(rng, d);
    const answer = callAnswer(rng, d);
    const assessment = rng.weighted(ASSESSMENT_WEIGHTS);
    const promptTokens = tokensOf(p.content) + tokensOf(question) + rng.int(40, 1200);
    const completionTokens = tokensOf(answer) + rng.int(10, 600);
    generated.push({
      title: p.title,
      templateIndex: index,
      question,
      answer,
      recommendedAnswer:
        (assessment === 2 && rng.chance(0.35)) || (assessment === 1 && rng.chance(0.02))
          ? recommendedAnswer(rng, d)
          : null,
      assessment,
      variables: p.variables.map((v) => ({
        name: v.fieldName,
        value: variableValue(rng, d, v, at),
      })),
      callTime: new Date(at),
      userId: p.isPublic === 0 ? p.ownerId : rng.chance(0.82) ? '1' : '0',
      promptTokens,
      completionTokens,
      totalTokens: promptTokens + completionTokens,
      sceneCode: p.sceneCode ?? rng.pick(sceneCodes),
      modelType,
      modelVersion: modelVersionFor(rng, modelType, daysAgo),
    });
  }
  generated.sort((a, b) => a.callTime.getTime() - b.callTime.getTime());
  return [...out, ...generated];
}
