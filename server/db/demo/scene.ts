import type { DemoRows } from './hook';

interface DemoScene {
  sceneName: string;
  sceneCode: string;
  type: 0 | 1;
  description: string;
  templateId: number | null;
  /** Days before the seeding moment, so lists sorted by date look lived-in. */
  daysAgo: number;
}

export const DEMO_SCENES: readonly DemoScene[] = [
  {
    sceneName: '代码助手',
    sceneCode: 'code-assistant',
    type: 1,
    description: '根据上下文补全、解释与重构代码，支持多种编程语言。',
    templateId: 1,
    daysAgo: 60,
  },
  {
    sceneName: '智能客服',
    sceneCode: 'customer-service',
    type: 1,
    description: '回答常见业务咨询，无法处理时转接人工坐席。',
    templateId: 2,
    daysAgo: 55,
  },
  {
    sceneName: '会议纪要',
    sceneCode: 'meeting-minutes',
    type: 0,
    description: '将会议录音转写稿整理为结构化纪要与待办事项。',
    templateId: 3,
    daysAgo: 48,
  },
  {
    sceneName: '文案生成',
    sceneCode: 'copywriting',
    type: 0,
    description: '按产品卖点生成营销文案、标题与短视频脚本。',
    templateId: null,
    daysAgo: 42,
  },
  {
    sceneName: 'SQL 生成',
    sceneCode: 'text-to-sql',
    type: 0,
    description: '把自然语言问题翻译为可执行的 SQL 查询语句。',
    templateId: 4,
    daysAgo: 37,
  },
  {
    sceneName: '知识库问答',
    sceneCode: 'kb-qa',
    type: 1,
    description: '基于企业知识库检索增强回答，并给出引用来源。',
    templateId: 5,
    daysAgo: 30,
  },
  {
    sceneName: '合同审查',
    sceneCode: 'contract-review',
    type: 0,
    description: '识别合同中的风险条款并给出修改建议。',
    templateId: null,
    daysAgo: 24,
  },
  {
    sceneName: '翻译助手',
    sceneCode: 'translator',
    type: 1,
    description: '中英互译，保留专业术语并统一译名。',
    templateId: 6,
    daysAgo: 19,
  },
  {
    sceneName: '日报周报',
    sceneCode: 'work-report',
    type: 0,
    description: '根据工作记录自动生成日报、周报草稿。',
    templateId: null,
    daysAgo: 14,
  },
  {
    sceneName: '数据分析',
    sceneCode: 'data-analysis',
    type: 1,
    description: '对上传的表格数据进行统计分析并解读结论。',
    templateId: 7,
    daysAgo: 9,
  },
  {
    sceneName: '简历筛选',
    sceneCode: 'resume-screening',
    type: 0,
    description: '按岗位要求从简历中提取关键信息并打分。',
    templateId: null,
    daysAgo: 5,
  },
  {
    sceneName: '运维值班助手',
    sceneCode: 'ops-oncall',
    type: 1,
    description: '结合告警与运行手册，辅助值班人员定位故障。',
    templateId: 8,
    daysAgo: 2,
  },
];

export const demo: DemoRows = (now) =>
  DEMO_SCENES.map(({ daysAgo, ...s }) => {
    const at = new Date(now - daysAgo * 86_400_000);
    return { ...s, createdAt: at, updatedAt: at };
  });
