import type { pluginConfigs } from '../schema';
import { daysBefore } from './time';

type PluginRow = Omit<typeof pluginConfigs.$inferInsert, 'secret'> & {
  pluginCode: string;
  endpoint: string;
  type: 'http' | 'openapi';
};

/**
 * The demo's plugins. No secret: secrets are stored encrypted with the server's key, which the
 * seed does not have, so an operator enters them (the list shows "not set" until then).
 */
const PLUGINS: readonly (Omit<PluginRow, 'createdAt' | 'updatedAt'> & { daysAgo: number })[] = [
  {
    pluginName: '网页搜索',
    pluginCode: 'web-search',
    type: 'http',
    endpoint: 'https://search.example.com/v1/search',
    method: 'GET',
    authType: 'api-key',
    parameterSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: '搜索关键词' },
        maxResults: { type: 'integer', minimum: 1, maximum: 10, default: 5 },
      },
      required: ['query'],
    },
    status: 1,
    description: '为回答补充实时的公开网页信息',
    daysAgo: 80,
  },
  {
    pluginName: '知识库检索',
    pluginCode: 'kb-retrieval',
    type: 'http',
    endpoint: 'https://kb.example.com/api/retrieve',
    method: 'POST',
    authType: 'bearer',
    parameterSchema: {
      type: 'object',
      properties: {
        question: { type: 'string' },
        topK: { type: 'integer', minimum: 1, maximum: 20, default: 4 },
        threshold: { type: 'number', minimum: 0, maximum: 1, default: 0.75 },
      },
      required: ['question'],
    },
    status: 1,
    description: '按语义相似度检索企业知识库片段，返回出处编号',
    daysAgo: 75,
  },
  {
    pluginName: '工单系统',
    pluginCode: 'ticketing',
    type: 'openapi',
    endpoint: 'https://tickets.example.com/openapi.json',
    method: 'POST',
    authType: 'basic',
    parameterSchema: {
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 100 },
        priority: { type: 'string', enum: ['low', 'normal', 'high'] },
        content: { type: 'string' },
      },
      required: ['title', 'content'],
    },
    status: 1,
    description: '创建与查询售后、运维工单',
    daysAgo: 60,
  },
  {
    pluginName: '天气查询',
    pluginCode: 'weather',
    type: 'http',
    endpoint: 'https://weather.example.com/v2/now',
    method: 'GET',
    authType: 'none',
    parameterSchema: {
      type: 'object',
      properties: { city: { type: 'string', description: '城市名，如“北京”' } },
      required: ['city'],
    },
    status: 1,
    description: null,
    daysAgo: 40,
  },
  {
    pluginName: '客户信息查询',
    pluginCode: 'crm-lookup',
    type: 'openapi',
    endpoint: 'https://crm.example.com/api/openapi.yaml',
    method: 'POST',
    authType: 'bearer',
    parameterSchema: {
      type: 'object',
      properties: {
        customerId: { type: 'string', pattern: '^C[0-9]{6}$' },
        fields: { type: 'array', items: { type: 'string' } },
      },
      required: ['customerId'],
    },
    status: 0,
    description: '待安全评审通过后启用',
    daysAgo: 12,
  },
];

export const DEMO_PLUGIN_CODES = PLUGINS.map((p) => p.pluginCode);

/** The rows of plugin_configs. */
export function demoPlugins(now: number): PluginRow[] {
  return PLUGINS.map(({ daysAgo, ...p }) => {
    const at = daysBefore(now, daysAgo);
    return { ...p, createdAt: at, updatedAt: at };
  });
}
