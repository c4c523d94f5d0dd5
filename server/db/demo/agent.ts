import type { DemoRows } from './hook';

export const DEMO_AGENTS = [
  {
    agentName: '值班小助手',
    agentCode: 'oncall-bot',
    sceneCode: 'ops-oncall',
    modelVersion: 'wingpt-2.1',
    status: 1,
    description: '接入告警群，自动给出排障建议',
  },
  {
    agentName: '售后客服',
    agentCode: 'after-sales',
    sceneCode: 'customer-service',
    modelVersion: 'wingpt-2.1',
    status: 1,
    description: null,
  },
  {
    agentName: '数据分析师',
    agentCode: 'data-analyst',
    sceneCode: 'data-analysis',
    modelVersion: 'chatgpt-4o',
    status: 0,
    description: '内测中',
  },
] as const;

export const demo: DemoRows = () => [...DEMO_AGENTS];
