import type { DemoRows } from './hook';

export const DEMO_PLUGIN_CONFIGS = [
  {
    pluginName: '网页搜索',
    pluginCode: 'web-search',
    config: '{"engine":"bing","maxResults":5}',
    status: 1,
    description: '为回答补充实时信息',
  },
  {
    pluginName: '知识库检索',
    pluginCode: 'kb-retrieval',
    config: '{"topK":4,"threshold":0.75}',
    status: 1,
    description: null,
  },
  {
    pluginName: '工单系统',
    pluginCode: 'ticketing',
    config: '{"endpoint":"/internal/tickets"}',
    status: 0,
    description: '待接入',
  },
] as const;

export const demo: DemoRows = () => [...DEMO_PLUGIN_CONFIGS];
