import type { PromptVariable } from '../../../contract/prompt-variables';
import type { Domain } from './domains';
import type { Random } from './random';

/** Variables any template may add to its domain's own. */
export const COMMON_VARIABLES: readonly PromptVariable[] = [
  { name: '语气', type: 'select', fieldName: 'tone', options: ['正式', '亲切', '简洁', '专业'] },
  {
    name: '输出语言',
    type: 'select',
    fieldName: 'language',
    options: ['中文', '英文', '中英双语'],
  },
  { name: '字数上限', type: 'number', fieldName: 'wordLimit' },
  { name: '生成条数', type: 'number', fieldName: 'count' },
  { name: '基准日期', type: 'date', fieldName: 'baseDate' },
  { name: '截止日期', type: 'date', fieldName: 'deadline' },
];

/** The sentence a variable brings into a template. */
export function sentenceFor(v: PromptVariable): string {
  const p = `{{${v.fieldName}}}`;
  switch (v.fieldName) {
    case 'tone':
      return `整体语气保持${p}。`;
    case 'language':
      return `使用${p}输出。`;
    case 'wordLimit':
      return `篇幅不超过 ${p} 字。`;
    case 'count':
      return `给出 ${p} 个备选版本。`;
    case 'baseDate':
      return `以 ${p} 为基准日期计算时间。`;
    case 'deadline':
      return `所有待办的截止时间不晚于 ${p}。`;
  }
  switch (v.type) {
    case 'interface':
      return `可参考「${v.name}」接口返回的数据：${p}。`;
    case 'select':
      return `${v.name}：${p}，请按其特点调整内容。`;
    case 'date':
      return `日期：${p}。`;
    case 'number':
      return `${v.name}：${p}。`;
    default:
      return `${v.name}：${p}。`;
  }
}

/** Requirements without variables: what a newer version tends to add. */
export const REQUIREMENTS = [
  '先给结论，再给依据。',
  '使用 Markdown 列表输出，每条不超过两行。',
  '如信息不足，请先列出需要补充的问题，不要臆测。',
  '不要编造数据或引用不存在的出处。',
  '涉及个人信息时请做脱敏处理。',
  '最后用一句话总结关键建议。',
  '专业术语首次出现时给出简短解释。',
  '输出分为“结论”“分析”“建议”三部分。',
] as const;

/** The template's first line; two wordings so versions differ even without new parts. */
export function mainLine(d: Domain, title: string, wording: number): string {
  const p = `{{${d.input.fieldName}}}`;
  return wording % 2 === 0
    ? `你是一名${d.role}。请根据以下${d.input.name}完成「${title}」：\n${p}`
    : `作为${d.role}，请结合${d.input.name}完成「${title}」任务。\n${d.input.name}：${p}`;
}

export const VERSION_NOTES = ['调整语气', '精简描述', '优化措辞', '修正错别字', '统一术语'];
export const PENDING_NOTES = ['补充追问规则，提交审核', '增加输出结构要求', '按评审意见修改'];
export const DRAFT_NOTES = ['草稿：尝试新的输出格式', '草稿：补充示例', '草稿：合并重复要求'];
export const REJECT_REASONS = [
  '新增要求与平台输出规范冲突，请调整后再提交。',
  '缺少对敏感信息的处理说明，请补充后重新提交。',
];

export const RECORD_TAGS = ['投诉', '咨询', '售后', '高优先级', '已解决', '待跟进'] as const;

export const LIKE_NOTES = ['回答很清晰', '步骤可以直接用', '格式很好读', '节省了很多时间', null];
export const DISLIKE_NOTES = [
  '没有回答到点子上',
  '信息过时了',
  '格式混乱',
  '结论缺少依据',
  '太长了',
  null,
];

const ASKS = [
  '应该怎么处理？',
  '能帮我整理一下要点吗？',
  '有什么需要注意的？',
  '请给出具体步骤。',
  '帮我写一版初稿。',
  '这样做有什么风险？',
];
const FOLLOW_UPS = [
  '能再具体一点吗？',
  '第二点能展开说说吗？',
  '如果时间很紧，优先做哪一项？',
  '有没有现成的模板？',
  '换成更正式的说法呢？',
  '能用表格总结一下吗？',
  '这个结论的依据是什么？',
  '好的，还有别的建议吗？',
  '帮我压缩到三句话。',
  '那下一步应该找谁对接？',
];
export const TITLE_SUFFIXES = ['咨询', '问题排查', '方案讨论', '整理', '跟进', '复盘', ''];
export const OPENINGS = ['好的，', '明白了。', '收到，', '', '这是个常见问题。'];
export const CLOSINGS = [
  '如需进一步分析，请补充更多背景信息。',
  '以上建议供参考，可根据实际情况调整。',
  '需要的话我可以继续细化其中任意一点。',
  '',
];

export function questionFor(rng: Random, d: Domain): string {
  return questionAbout(rng, rng.pick(d.topics));
}

export function questionAbout(rng: Random, topic: string): string {
  return `关于${topic}，${rng.pick(ASKS)}`;
}

export function sessionTitle(rng: Random, d: Domain): string {
  return `${rng.pick(d.topics)}${rng.pick(TITLE_SUFFIXES)}`;
}

export function followUp(rng: Random, d: Domain): string {
  return rng.chance(0.35) ? questionFor(rng, d) : rng.pick(FOLLOW_UPS);
}

/** A short plain answer, for template calls. */
export function callAnswer(rng: Random, d: Domain): string {
  const [a, b] = rng.sample(d.advice, 2);
  return `${rng.pick(OPENINGS)}${a}${rng.chance(0.6) ? b : ''}${rng.pick(CLOSINGS)}`;
}

/** A better answer an operator suggested. */
export function recommendedAnswer(rng: Random, d: Domain): string {
  const items = rng.sample(d.advice, 3);
  return `建议回答：${items.join('')}`;
}

/** An assistant message in Markdown: lists, bold, now and then a code block or a table. */
export function assistantMessage(rng: Random, d: Domain, topic: string): string {
  const parts: string[] = [];
  const opening = rng.pick(OPENINGS);
  parts.push(`${opening}针对**${topic}**，建议按以下步骤处理：`);
  const items = rng.sample(d.advice, rng.int(2, 4));
  parts.push(
    items
      .map((a, i) => (rng.chance(0.5) ? `${i + 1}. **要点 ${i + 1}**：${a}` : `${i + 1}. ${a}`))
      .join('\n'),
  );
  if (d.snippet && rng.chance(0.45)) {
    parts.push(`参考示例：\n\n\`\`\`${d.snippet.lang}\n${d.snippet.code}\n\`\`\``);
  } else if (rng.chance(0.12)) {
    const rows = rng.sample(d.topics, 3).map((t) => {
      const share = rng.int(5, 60);
      const delta = rng.int(-15, 25);
      return `| ${t} | ${share}% | ${delta >= 0 ? '+' : ''}${delta}% |`;
    });
    parts.push(['| 事项 | 占比 | 环比 |', '| --- | --- | --- |', ...rows].join('\n'));
  } else if (rng.chance(0.3)) {
    const more = d.advice.filter((a) => !items.includes(a));
    if (more.length) parts.push(`另外：\n\n- ${rng.pick(more)}\n- ${rng.pick(REQUIREMENTS)}`);
  }
  const closing = rng.pick(CLOSINGS);
  if (closing) parts.push(closing);
  return parts.join('\n\n');
}

/** A value a call gives a variable. */
export function variableValue(rng: Random, d: Domain, v: PromptVariable, at: number): string {
  if (v.fieldName === d.input.fieldName) return rng.pick(d.input.samples);
  switch (v.type) {
    case 'select':
      return rng.pick(v.options ?? ['']);
    case 'number':
      return String(v.fieldName === 'count' ? rng.int(1, 5) : rng.int(2, 16) * 50);
    case 'date':
      return new Date(at + rng.int(0, 14) * 86_400_000).toISOString().slice(0, 10);
    case 'interface':
      return `{"id":"${rng.hex(8)}","status":"ok"}`;
    default:
      return rng.pick(d.input.samples);
  }
}

/** Rough token count of a text: about one token per Chinese character, fewer for Latin text. */
export function tokensOf(text: string): number {
  return Math.max(1, Math.round(text.length * 0.9));
}
