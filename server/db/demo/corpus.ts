import type { DemoRows } from './hook';

export const DEMO_CORPORA = [
  {
    corpusName: '客服常见问题集',
    sceneCode: 'customer-service',
    state: 'done',
    itemCount: 320,
    description: '来自近三个月工单的高频问题',
  },
  {
    corpusName: '代码问答评测集',
    sceneCode: 'code-assistant',
    state: 'marking',
    itemCount: 150,
    description: '覆盖 Python、Java、Go 三种语言',
  },
  {
    corpusName: 'SQL 生成样例',
    sceneCode: 'text-to-sql',
    state: 'pending',
    itemCount: 0,
    description: null,
  },
] as const;

export const demo: DemoRows = () => [...DEMO_CORPORA];
