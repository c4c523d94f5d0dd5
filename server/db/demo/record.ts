import type { DemoRows } from './hook';

export const DEMO_RECORDS = [
  {
    chatId: 'c7f1e2a4b9d04c1e8a6f3b2d1e0f9a87',
    title: '排查接口超时问题',
    sceneCode: 'ops-oncall',
    type: 1,
    tag: '运维',
    hoursAgo: 1,
  },
  {
    chatId: '2b8e4f6a1c3d4e5f8a9b0c1d2e3f4a5b',
    title: '退款政策咨询',
    sceneCode: 'customer-service',
    type: 1,
    tag: '客服',
    hoursAgo: 5,
  },
  {
    chatId: '9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d',
    title: '重构订单模块',
    sceneCode: 'code-assistant',
    type: 1,
    tag: null,
    hoursAgo: 20,
  },
  {
    chatId: '4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a',
    title: '季度销售数据解读',
    sceneCode: 'data-analysis',
    type: 1,
    tag: '分析',
    hoursAgo: 44,
  },
  {
    chatId: '1f2e3d4c5b6a7988a7b6c5d4e3f2a1b0',
    title: '产品发布会文案',
    sceneCode: 'copywriting',
    type: 0,
    tag: '营销',
    hoursAgo: 70,
  },
  {
    chatId: '5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f',
    title: '英文技术文档翻译',
    sceneCode: 'translator',
    type: 1,
    tag: null,
    hoursAgo: 120,
  },
] as const;

export const demo: DemoRows = (now) =>
  DEMO_RECORDS.map(({ hoursAgo, ...r }) => ({
    ...r,
    createdAt: new Date(now - (hoursAgo + 2) * 3_600_000),
    updatedAt: new Date(now - hoursAgo * 3_600_000),
  }));
