import type { QualityInspectionCard, RulePresetCard, ServiceCard } from './types';

/** The card-list page's three lists (spec §3): quality inspection, services, preset rules. */

const QUEUES: readonly [name: string, description: string, pending: number, backlog: string][] = [
  ['客服对话-历史导入', '从旧客服系统导入的对话记录，抽检答复是否合规', 120, '60s'],
  ['营销文案-实时生成', '模型实时生成的营销文案，检查夸大宣传与敏感词', 86, '35s'],
  ['合同条款-抽取结果', '合同条款抽取场景的结构化结果，核对字段完整性', 42, '2m'],
  ['知识库问答-低置信度', '置信度低于 0.6 的知识库答案，人工确认后回流语料', 215, '5m'],
  ['会议纪要-摘要', '会议纪要生成结果，检查遗漏要点与事实错误', 18, '20s'],
  ['代码助手-补全', '代码补全建议，抽检是否泄露密钥或内部地址', 0, '0s'],
];

export function qualityInspectionList(): QualityInspectionCard[] {
  return QUEUES.map(([name, description, pending, backlog], i) => ({
    id: i + 1,
    name,
    title: name,
    description,
    data: [
      { label: '待质检数', value: String(pending) },
      { label: '积压时长', value: backlog },
      { label: '待抽检数', value: String(Math.floor(pending / 10)) },
    ],
  }));
}

const SERVICES: readonly Omit<ServiceCard, 'id' | 'actionType'>[] = [
  {
    icon: 'LineChartOutlined',
    title: '调用分析',
    description: '按场景、模型版本和时间段分析调用量、Token 消耗与费用，定位异常波动。',
    enable: true,
    expires: false,
  },
  {
    icon: 'ThunderboltOutlined',
    title: '提示词优化',
    description: '根据历史调用与用户反馈，自动给出提示词模板的改写建议并对比效果。',
    enable: false,
    expires: false,
  },
  {
    icon: 'TagsOutlined',
    title: '语料自动预标注',
    description: '用当前最优模型为新导入的语料预先打标签，标注员只需确认或修正。',
    enable: true,
    expires: true,
  },
  {
    icon: 'ExperimentOutlined',
    title: '模型评测报告',
    description: '定期用固定评测集比较各模型版本，生成准确率、时延与成本的对比报告。',
    enable: false,
    expires: true,
  },
];

export function serviceList(): ServiceCard[] {
  return SERVICES.map((service, i) => ({ id: i + 1, ...service, actionType: 'button' }));
}

const RULES: readonly Omit<RulePresetCard, 'id' | 'actionType'>[] = [
  {
    title: '敏感词过滤规则',
    description: '模型输出命中敏感词库时拦截答复，并返回预设的安全话术。',
    enable: true,
  },
  {
    title: '个人信息脱敏规则',
    description: '对话记录入库前，自动遮盖手机号、身份证号和银行卡号。',
    enable: true,
  },
  {
    title: '答复长度限制规则',
    description: '单次答复超过场景设定的最大 Token 数时截断，并提示用户继续追问。',
    enable: false,
  },
  {
    title: '重复提问合并规则',
    description: '同一会话中相似度高于 0.9 的连续提问只调用一次模型。',
    enable: false,
  },
  {
    title: '低置信度转人工规则',
    description: '知识库答案置信度低于阈值时，把会话转给人工客服处理。',
    enable: true,
  },
];

export function rulesPresetList(): RulePresetCard[] {
  return RULES.map((rule, i) => ({ id: i + 1, ...rule, actionType: 'switch' }));
}
