import { DOMAINS } from './domains';
import type { Random } from './random';

const DAY = 86_400_000;

interface HandWrittenScene {
  sceneName: string;
  sceneCode: string;
  type: 0 | 1;
  description: string;
  /** Days before the seeding moment, so lists sorted by date look lived-in. */
  daysAgo: number;
}

/** The first scenes, as written by hand (tests and e2e tests refer to them by code). */
export const DEMO_SCENES: readonly HandWrittenScene[] = [
  {
    sceneName: '代码助手',
    sceneCode: 'code-assistant',
    type: 1,
    description: '根据上下文补全、解释与重构代码，支持多种编程语言。',
    daysAgo: 60,
  },
  {
    sceneName: '智能客服',
    sceneCode: 'customer-service',
    type: 1,
    description: '回答常见业务咨询，无法处理时转接人工坐席。',
    daysAgo: 55,
  },
  {
    sceneName: '会议纪要',
    sceneCode: 'meeting-minutes',
    type: 0,
    description: '将会议录音转写稿整理为结构化纪要与待办事项。',
    daysAgo: 48,
  },
  {
    sceneName: '文案生成',
    sceneCode: 'copywriting',
    type: 0,
    description: '按产品卖点生成营销文案、标题与短视频脚本。',
    daysAgo: 42,
  },
  {
    sceneName: 'SQL 生成',
    sceneCode: 'text-to-sql',
    type: 0,
    description: '把自然语言问题翻译为可执行的 SQL 查询语句。',
    daysAgo: 37,
  },
  {
    sceneName: '知识库问答',
    sceneCode: 'kb-qa',
    type: 1,
    description: '基于企业知识库检索增强回答，并给出引用来源。',
    daysAgo: 30,
  },
  {
    sceneName: '合同审查',
    sceneCode: 'contract-review',
    type: 0,
    description: '识别合同中的风险条款并给出修改建议。',
    daysAgo: 24,
  },
  {
    sceneName: '翻译助手',
    sceneCode: 'translator',
    type: 1,
    description: '中英互译，保留专业术语并统一译名。',
    daysAgo: 19,
  },
  {
    sceneName: '日报周报',
    sceneCode: 'work-report',
    type: 0,
    description: '根据工作记录自动生成日报、周报草稿。',
    daysAgo: 14,
  },
  {
    sceneName: '数据分析',
    sceneCode: 'data-analysis',
    type: 1,
    description: '对上传的表格数据进行统计分析并解读结论。',
    daysAgo: 9,
  },
  {
    sceneName: '简历筛选',
    sceneCode: 'resume-screening',
    type: 0,
    description: '按岗位要求从简历中提取关键信息并打分。',
    daysAgo: 5,
  },
  {
    sceneName: '运维值班助手',
    sceneCode: 'ops-oncall',
    type: 1,
    description: '结合告警与运行手册，辅助值班人员定位故障。',
    daysAgo: 2,
  },
];

/**
 * Which hand-written scenes are bound, and to what: an index into the demo's templates (the
 * first four are the hand-written platform ones), or 'domain' for the first generated platform
 * template of the scene's own domain.
 */
const HAND_WRITTEN_BINDINGS: Readonly<Record<string, number | 'domain'>> = {
  'code-assistant': 0,
  'customer-service': 1,
  'meeting-minutes': 2,
  'text-to-sql': 3,
  'kb-qa': 'domain',
  translator: 'domain',
  'data-analysis': 'domain',
  'ops-oncall': 'domain',
};

export interface DemoScene {
  sceneName: string;
  sceneCode: string;
  type: 0 | 1;
  description: string;
  createdAt: Date;
  updatedAt: Date;
  /** CNY per month; a few scenes have one, so the budget column shows both cases. */
  monthlyBudget: number | null;
  /** Index of the bound platform template in the demo's templates, or null. */
  templateIndex: number | null;
}

/** Monthly budgets (CNY) of some hand-written scenes: one is small enough to run over. */
const DEMO_BUDGETS: Readonly<Record<string, number>> = {
  'code-assistant': 800,
  'customer-service': 500,
  'kb-qa': 20,
};

/**
 * Every demo scene: the hand-written ones, then one per remaining domain, older than the
 * hand-written newest (ops-oncall stays first by date). About two thirds are bound.
 * `firstPlatformOf` gives the index of a domain's first generated platform template.
 */
export function demoScenes(
  rng: Random,
  now: number,
  firstPlatformOf: (code: string) => number | undefined,
): DemoScene[] {
  const handWritten = DEMO_SCENES.map(({ daysAgo, ...s }): DemoScene => {
    const at = new Date(now - daysAgo * DAY);
    const binding = HAND_WRITTEN_BINDINGS[s.sceneCode];
    const templateIndex =
      binding === undefined
        ? null
        : binding === 'domain'
          ? (firstPlatformOf(s.sceneCode) ?? null)
          : binding;
    const monthlyBudget = DEMO_BUDGETS[s.sceneCode] ?? null;
    return { ...s, createdAt: at, updatedAt: at, monthlyBudget, templateIndex };
  });
  const taken = new Set(DEMO_SCENES.map((s) => s.sceneCode));
  const generated = DOMAINS.filter((d) => !taken.has(d.code)).map((d): DemoScene => {
    const created = now - rng.int(3 * 24, 88 * 24) * 3_600_000 - rng.int(0, 3_599_999);
    const edited = rng.chance(0.3)
      ? Math.min(now - 3_600_000, created + rng.int(1, 20) * DAY)
      : created;
    const bound = rng.chance(0.66);
    return {
      sceneName: d.name,
      sceneCode: d.code,
      type: d.type,
      description: d.description,
      createdAt: new Date(created),
      updatedAt: new Date(Math.max(created, edited)),
      monthlyBudget: null,
      templateIndex: bound ? (firstPlatformOf(d.code) ?? null) : null,
    };
  });
  return [...handWritten, ...generated];
}
