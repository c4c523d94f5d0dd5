import type { AGENT_STATES } from '../../../contract/resources/agent';
import type { agents } from '../schema';
import { daysBefore } from './time';

type AgentRow = typeof agents.$inferInsert;

export type DemoAgent = Omit<AgentRow, 'templateId'> & {
  agentCode: string;
  modelVersion: string;
  systemPrompt: string | null;
  avatar: string | null;
  plugins: string[];
  directives: string[];
  scenes: string[];
  status: (typeof AGENT_STATES)[number];
  /** Index into the demo's templates, or null when the agent has its own system prompt. */
  templateIndex: number | null;
};

interface HandWrittenAgent {
  agentName: string;
  agentCode: string;
  modelVersion: string;
  /** Own instructions; null: the first scene's platform template (or `fallback` if none). */
  systemPrompt: string | null;
  fallback?: string;
  plugins: readonly string[];
  directives: readonly string[];
  scenes: readonly string[];
  status: (typeof AGENT_STATES)[number];
  description: string | null;
  daysAgo: number;
}

/**
 * Plugins, directives and scenes are codes and commands the demo seeds. No agent has an avatar:
 * a made-up picture address costs the browser a failed lookup on every list (the initials show
 * either way), and a real one would make the demo depend on a host it does not control.
 */
export const DEMO_AGENTS: readonly HandWrittenAgent[] = [
  {
    agentName: '售后客服助手',
    agentCode: 'after-sales',
    modelVersion: 'wingpt-13b-v2.1',
    systemPrompt: null,
    fallback: '你是一名耐心专业的售后客服，先致歉再确认订单信息，无法解决时转人工。',
    plugins: ['ticketing', 'kb-retrieval'],
    directives: ['/escalate', '/summary'],
    scenes: ['customer-service'],
    status: 'published',
    description: '接入商城在线客服，7×24 小时处理退款、物流与发票咨询',
    daysAgo: 58,
  },
  {
    agentName: '值班小助手',
    agentCode: 'oncall-bot',
    modelVersion: 'wingpt-13b-v2.1',
    systemPrompt:
      '你是 SRE 值班助手。收到告警后先判断影响面，再给出止血与排查步骤；涉及生产变更的操作必须提醒值班负责人确认。',
    plugins: ['web-search', 'ticketing'],
    directives: ['/troubleshoot', '/summary'],
    scenes: ['ops-oncall', 'log-analysis'],
    status: 'published',
    description: '接入告警群，自动给出排障建议并创建故障工单',
    daysAgo: 50,
  },
  {
    agentName: '数据分析师',
    agentCode: 'data-analyst',
    modelVersion: 'gpt-4o-2024-08-06',
    systemPrompt: null,
    fallback: '你是一名数据分析师，先澄清指标口径，再给出查询与结论。',
    plugins: ['kb-retrieval'],
    directives: ['/sql', '/chart'],
    scenes: ['data-analysis', 'text-to-sql'],
    status: 'draft',
    description: '内测中：自然语言查数与图表建议',
    daysAgo: 20,
  },
  {
    agentName: '代码评审助手',
    agentCode: 'code-reviewer',
    modelVersion: 'gpt-4o-2024-08-06',
    systemPrompt:
      '你是资深软件工程师，按团队规范审查代码：先指出缺陷与安全问题，再给出可读性建议，所有建议附修改示例。',
    plugins: [],
    directives: ['/review', '/explain', '/test'],
    scenes: ['code-assistant', 'unit-test-gen'],
    status: 'published',
    description: '在合并请求中自动评论',
    daysAgo: 44,
  },
  {
    agentName: '合同审查官',
    agentCode: 'contract-checker',
    modelVersion: 'wingpt-13b-v2.0',
    systemPrompt: null,
    fallback: '你是专注商事合同的法务顾问，逐条识别风险并给出修改建议。',
    plugins: ['kb-retrieval'],
    directives: ['/risk', '/summary'],
    scenes: ['contract-review', 'legal-consult'],
    status: 'published',
    description: '法务部合同初审',
    daysAgo: 36,
  },
  {
    agentName: '翻译专员',
    agentCode: 'translator-pro',
    modelVersion: 'gpt-4o-mini-2024-07-18',
    systemPrompt: '你是中英双语技术翻译，术语统一、数字与代码保持原样，长句拆分以保证通顺。',
    plugins: [],
    directives: ['/translate', '/polish'],
    scenes: ['translator'],
    status: 'published',
    description: null,
    daysAgo: 30,
  },
  {
    agentName: '会议秘书',
    agentCode: 'meeting-secretary',
    modelVersion: 'wingpt-7b-v1.2',
    systemPrompt: null,
    fallback: '你是会议秘书，把转写稿整理为议题、结论与待办。',
    plugins: [],
    directives: ['/summary', '/todo'],
    scenes: ['meeting-minutes', 'work-report'],
    status: 'offline',
    description: '已由新版纪要助手替代',
    daysAgo: 85,
  },
  {
    agentName: '营销文案助手',
    agentCode: 'copy-writer',
    modelVersion: 'gpt-4o-mini-2024-07-18',
    systemPrompt: '你是资深营销文案策划，突出核心卖点，避免广告法禁用词，每次给出三个版本。',
    plugins: ['web-search'],
    directives: ['/rewrite', '/title', '/polish'],
    scenes: ['copywriting', 'social-media'],
    status: 'draft',
    description: '小红书与公众号文案',
    daysAgo: 6,
  },
];

/** The agents for `now`; `templateOf` as for directives. */
export function demoAgents(
  now: number,
  templateOf: (sceneCode: string) => number | undefined,
): DemoAgent[] {
  return DEMO_AGENTS.map((a) => {
    const templateIndex =
      a.systemPrompt === null ? (templateOf(a.scenes[0] as string) ?? null) : null;
    const at = daysBefore(now, a.daysAgo);
    return {
      agentName: a.agentName,
      agentCode: a.agentCode,
      avatar: null,
      modelVersion: a.modelVersion,
      systemPrompt: templateIndex === null ? (a.systemPrompt ?? a.fallback ?? null) : null,
      templateIndex,
      plugins: [...a.plugins],
      directives: [...a.directives],
      scenes: [...a.scenes],
      status: a.status,
      description: a.description,
      createdAt: at,
      // Published ones were edited since; drafts not.
      updatedAt: a.status === 'draft' ? at : daysBefore(now, a.daysAgo / 3),
    };
  });
}
