import type { CORPUS_TYPES } from '../../../contract/resources/corpus';

type CorpusType = (typeof CORPUS_TYPES)[number];

/** Shares of the items in each state; what is left is pending. */
export interface Mix {
  reviewed: number;
  annotated: number;
  skipped: number;
  /** Double annotation only: items the two annotators disagree on (and not yet reviewed). */
  disputed?: number;
  /** Double annotation only: items one of the two has labelled so far (still pending). */
  half?: number;
}

interface CorpusPlan {
  corpusName: string;
  type: CorpusType;
  sceneCode: string;
  requireReview: boolean;
  description: string | null;
  /** Items at full scale (the ten add up to 2 000). */
  size: number;
  daysAgo: number;
  mix: Mix;
  /** Every item is labelled by both ANNOTATOR_IDS independently. */
  double?: boolean;
}

/** The ten sets: done, under way and untouched ones, of all three types. */
export const CORPUS_PLANS: readonly CorpusPlan[] = [
  {
    corpusName: '客服常见问题集',
    type: 'qa',
    sceneCode: 'customer-service',
    requireReview: true,
    description: '来自近三个月工单的高频问题，已全部审核',
    size: 320,
    daysAgo: 80,
    mix: { reviewed: 1, annotated: 0, skipped: 0 },
  },
  {
    corpusName: '知识库问答校验集',
    type: 'qa',
    sceneCode: 'kb-qa',
    requireReview: true,
    description: '检验带引用回答的准确性，标注后需审核',
    size: 400,
    daysAgo: 45,
    mix: { reviewed: 0.3, annotated: 0.25, skipped: 0.02 },
  },
  {
    corpusName: '代码问答评测集',
    type: 'qa',
    sceneCode: 'code-assistant',
    requireReview: false,
    description: '覆盖 Python、Java、Go 三种语言的常见问题',
    size: 240,
    daysAgo: 70,
    mix: { reviewed: 0.15, annotated: 0.85, skipped: 0 },
  },
  {
    corpusName: '多轮客服对话集（双人标注）',
    type: 'dialogue',
    sceneCode: 'customer-service',
    requireReview: false,
    description: '两名标注员独立标注，用于计算一致性',
    size: 200,
    daysAgo: 30,
    mix: { reviewed: 0.04, annotated: 0.5, skipped: 0, disputed: 0.12, half: 0.1 },
    double: true,
  },
  {
    corpusName: 'SQL 生成指令集',
    type: 'instruction',
    sceneCode: 'text-to-sql',
    requireReview: true,
    description: '自然语言到 SQL 的指令数据',
    size: 180,
    daysAgo: 38,
    mix: { reviewed: 0.2, annotated: 0.4, skipped: 0.03 },
  },
  {
    corpusName: '技术文档翻译指令集',
    type: 'instruction',
    sceneCode: 'translator',
    requireReview: false,
    description: null,
    size: 150,
    daysAgo: 25,
    mix: { reviewed: 0, annotated: 0.6, skipped: 0.05 },
  },
  {
    corpusName: '运维值班对话集',
    type: 'dialogue',
    sceneCode: 'ops-oncall',
    requireReview: false,
    description: '刚从告警群导入，尚未开始标注',
    size: 120,
    daysAgo: 4,
    mix: { reviewed: 0, annotated: 0, skipped: 0 },
  },
  {
    corpusName: '合同风险问答集',
    type: 'qa',
    sceneCode: 'contract-review',
    requireReview: true,
    description: '法务部整理的合同风险问答，已全部审核',
    size: 150,
    daysAgo: 60,
    mix: { reviewed: 1, annotated: 0, skipped: 0 },
  },
  {
    corpusName: '会议纪要指令集',
    type: 'instruction',
    sceneCode: 'meeting-minutes',
    requireReview: false,
    description: '纪要整理与待办提取',
    size: 140,
    daysAgo: 20,
    mix: { reviewed: 0.05, annotated: 0.3, skipped: 0.04 },
  },
  {
    corpusName: '数据分析问答集',
    type: 'qa',
    sceneCode: 'data-analysis',
    requireReview: false,
    description: '新建，待分配标注',
    size: 100,
    daysAgo: 2,
    mix: { reviewed: 0, annotated: 0, skipped: 0 },
  },
];

/** Items at full scale. */
export const FULL_CORPUS_ITEMS = CORPUS_PLANS.reduce((s, p) => s + p.size, 0);
