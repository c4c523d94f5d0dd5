import type { DemoRows } from './hook';

/** Platform templates (written by the admin) and the demo user's personal ones. */
export const DEMO_PROMPTS = [
  {
    title: '代码审查提示词',
    sceneCode: 'code-assistant',
    type: 'CHATGPT',
    status: 1,
    isPublic: 1,
    ownerId: '0',
    content: '你是一名资深工程师，请审查以下代码：{{code}}，指出缺陷并给出改进建议。',
    description: '平台通用的代码审查模板',
  },
  {
    title: '客服欢迎语',
    sceneCode: 'customer-service',
    type: 'WINGPT',
    status: 1,
    isPublic: 1,
    ownerId: '0',
    content: '请用亲切的语气回答用户关于{{product}}的问题，无法回答时引导转人工。',
    description: null,
  },
  {
    title: '会议纪要整理',
    sceneCode: 'meeting-minutes',
    type: 'CHATGPT',
    status: 1,
    isPublic: 1,
    ownerId: '0',
    content: '请把以下转写稿整理为：议题、结论、待办（负责人、截止时间）。\n{{transcript}}',
    description: '输出 Markdown 格式',
  },
  {
    title: 'SQL 生成（MySQL 方言）',
    sceneCode: 'text-to-sql',
    type: 'WINGPT',
    status: 0,
    isPublic: 1,
    ownerId: '0',
    content: '根据表结构 {{schema}} 为问题「{{question}}」写出 SQL，只输出 SQL。',
    description: '已停用，待适配新版本模型',
  },
  {
    title: '我的周报模板',
    sceneCode: 'work-report',
    type: 'CHATGPT',
    status: 1,
    isPublic: 0,
    ownerId: '1',
    content: '根据本周工作记录 {{notes}} 生成周报：本周进展、问题与风险、下周计划。',
    description: null,
  },
  {
    title: '合同风险提示',
    sceneCode: 'contract-review',
    type: 'WINGPT',
    status: 1,
    isPublic: 0,
    ownerId: '1',
    content: '逐条检查合同 {{contract}} 中的违约责任、付款与保密条款，列出风险。',
    description: '个人调试中',
  },
] as const;

export const demo: DemoRows = () => [...DEMO_PROMPTS];
