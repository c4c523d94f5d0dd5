import type { DemoRows } from './hook';

export const DEMO_EVALUATIONS = [
  {
    evaluateName: '客服模型 v2 评测',
    modelVersion: 'wingpt-2.1',
    corpusId: 1,
    state: 'finished',
    score: 86,
    description: '相比 v1 提升 6 分',
  },
  {
    evaluateName: '代码助手基线',
    modelVersion: 'chatgpt-4o',
    corpusId: 2,
    state: 'running',
    score: null,
    description: null,
  },
  {
    evaluateName: 'SQL 生成对比',
    modelVersion: 'wingpt-2.0',
    corpusId: 3,
    state: 'pending',
    score: null,
    description: '等待语料标注完成',
  },
] as const;

export const demo: DemoRows = () => [...DEMO_EVALUATIONS];
