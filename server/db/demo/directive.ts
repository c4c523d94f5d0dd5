import type { directives } from '../schema';
import { daysBefore } from './time';

type DirectiveRow = typeof directives.$inferInsert;

/** A directive and, instead of `templateIndex`, the template it takes its prompt from. */
export type DemoDirective = Omit<DirectiveRow, 'templateId'> & {
  command: string;
  sceneCode: string;
  content: string | null;
  status: 0 | 1;
  sortOrder: number;
  /** Index into the demo's templates (a platform one of its scene), or null for own content. */
  templateIndex: number | null;
};

interface HandWrittenDirective {
  directiveName: string;
  command: string;
  description: string;
  sceneCode: string;
  /** Own prompt; null: the scene's platform template (falls back to this text if none). */
  content: string | null;
  fallback?: string;
  status: 0 | 1;
  daysAgo: number;
}

/** In the operators' order (sortOrder = position). Commands are unique. */
export const DEMO_DIRECTIVES: readonly HandWrittenDirective[] = [
  {
    directiveName: '内容摘要',
    command: '/summary',
    description: '把长文本或对话压缩为三到五条要点',
    sceneCode: 'meeting-minutes',
    content: '请把以上内容整理为 3–5 条要点，每条不超过 30 字，先写结论再写依据。',
    status: 1,
    daysAgo: 70,
  },
  {
    directiveName: '中英互译',
    command: '/translate',
    description: '中文译为英文，其他语言译为中文',
    sceneCode: 'translator',
    content: null,
    fallback: '请将上文翻译为目标语言：中文译为英文，其他语言译为中文；术语保持一致。',
    status: 1,
    daysAgo: 68,
  },
  {
    directiveName: '润色改写',
    command: '/polish',
    description: '在不改变原意的前提下让表述更通顺、专业',
    sceneCode: 'copywriting',
    content: '请润色上文：修正语病与错别字，语气专业克制，不增加原文没有的事实。',
    status: 1,
    daysAgo: 66,
  },
  {
    directiveName: '代码解释',
    command: '/explain',
    description: '逐段解释选中的代码',
    sceneCode: 'code-assistant',
    content: '请逐段解释这段代码的作用、输入输出和潜在问题，面向刚入职的工程师。',
    status: 1,
    daysAgo: 64,
  },
  {
    directiveName: '代码审查',
    command: '/review',
    description: '按团队规范审查代码并给出修改建议',
    sceneCode: 'code-assistant',
    content: null,
    fallback: '请按团队编码规范审查这段代码，列出问题、严重程度和修改建议。',
    status: 1,
    daysAgo: 60,
  },
  {
    directiveName: '生成单元测试',
    command: '/test',
    description: '为函数生成覆盖边界条件的单元测试',
    sceneCode: 'unit-test-gen',
    content: '请为上述函数编写单元测试，覆盖正常路径、边界值和异常分支，使用项目已有的测试框架。',
    status: 1,
    daysAgo: 55,
  },
  {
    directiveName: '生成 SQL',
    command: '/sql',
    description: '把自然语言问题转换为 SQL 查询',
    sceneCode: 'text-to-sql',
    content: null,
    fallback: '请根据表结构把问题转换为 SQL，只输出 SQL 语句并加简短注释。',
    status: 1,
    daysAgo: 50,
  },
  {
    directiveName: '图表建议',
    command: '/chart',
    description: '为数据推荐合适的图表类型',
    sceneCode: 'data-analysis',
    content: '请根据上述数据推荐 1–2 种图表类型，说明横纵轴和需要突出的结论。',
    status: 1,
    daysAgo: 45,
  },
  {
    directiveName: '提取待办',
    command: '/todo',
    description: '从会议记录中提取待办事项',
    sceneCode: 'meeting-minutes',
    content: '请提取所有待办事项，按“事项 - 负责人 - 截止时间”列出，缺失的信息标注“待确认”。',
    status: 1,
    daysAgo: 40,
  },
  {
    directiveName: '风险提示',
    command: '/risk',
    description: '标出合同中对我方不利的条款',
    sceneCode: 'contract-review',
    content: null,
    fallback: '请找出对我方不利的条款，说明风险等级与修改建议，并引用条款编号。',
    status: 1,
    daysAgo: 35,
  },
  {
    directiveName: '故障排查',
    command: '/troubleshoot',
    description: '根据告警与日志给出排查步骤',
    sceneCode: 'ops-oncall',
    content: '请根据告警信息给出排查步骤：先止血再定位，每一步写出要执行的命令和预期结果。',
    status: 1,
    daysAgo: 30,
  },
  {
    directiveName: '转人工',
    command: '/escalate',
    description: '生成转人工坐席的工单摘要',
    sceneCode: 'customer-service',
    content: '请把当前对话整理为转人工工单摘要：用户诉求、已尝试的方案、订单号和情绪等级。',
    status: 1,
    daysAgo: 24,
  },
  {
    directiveName: '换个说法',
    command: '/rewrite',
    description: '为同一卖点给出三种不同风格的文案',
    sceneCode: 'copywriting',
    content: '请用三种不同风格（活泼、专业、简洁）改写上文，每种不超过 50 字。',
    status: 0,
    daysAgo: 18,
  },
  {
    directiveName: '起标题',
    command: '/title',
    description: '生成 5 个备选标题',
    sceneCode: 'social-media',
    content: '请为上文生成 5 个备选标题，每个不超过 20 字，避免广告法禁用词。',
    status: 1,
    daysAgo: 10,
  },
  {
    directiveName: '标注出处',
    command: '/cite',
    description: '为每个结论标注知识库出处',
    sceneCode: 'kb-qa',
    content: '请在每个结论后用 [编号] 标注检索片段的出处，找不到依据的结论请删除。',
    status: 0,
    daysAgo: 5,
  },
];

/**
 * The directives for the seeding moment `now`; `templateOf` answers a platform template's
 * index for a scene (undefined if the demo has none there, then the directive keeps its text).
 */
export function demoDirectives(
  now: number,
  templateOf: (sceneCode: string) => number | undefined,
): DemoDirective[] {
  return DEMO_DIRECTIVES.map((d, i) => {
    const templateIndex = d.content === null ? (templateOf(d.sceneCode) ?? null) : null;
    const at = daysBefore(now, d.daysAgo);
    return {
      directiveName: d.directiveName,
      command: d.command,
      description: d.description,
      sceneCode: d.sceneCode,
      content: templateIndex === null ? (d.content ?? d.fallback ?? null) : null,
      templateIndex,
      status: d.status,
      sortOrder: i,
      createdAt: at,
      updatedAt: at,
    };
  });
}
