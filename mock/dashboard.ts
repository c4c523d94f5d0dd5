import { CHAT_ITEMS, DAILY_POINTS, POPULAR_ITEMS } from './constants';
import { seeded } from './random';
import { lastDays, minutesAgo } from './time';
import type { ChatItem, ContentDataPoint, PopularItem, PopularType } from './types';

/** The workplace's sample panels: content chart, popular content, chat (spec §7). */

/** Content produced per day: 8 days ending today. */
export function contentData(now: Date): ContentDataPoint[] {
  const random = seeded('content-data');
  return lastDays(now, DAILY_POINTS).map((x) => ({ x, y: random.int(40, 95) }));
}

const POPULAR_TITLES: Record<PopularType, readonly string[]> = {
  text: [
    '如何写出高质量的系统提示词',
    '客服场景多轮对话的设计要点',
    '大模型幻觉的五种常见成因',
    '检索增强生成（RAG）落地实践',
    '提示词模板变量的命名规范',
  ],
  image: [
    '一图看懂 Token 计费规则',
    '智能体编排流程图解',
    '模型评测指标速查卡',
    '语料标注规范图示',
    '插件配置步骤截图合集',
  ],
  video: [
    '三分钟上手 Copilot 控制台',
    '场景管理与模板绑定演示',
    '模型版本对比评测实录',
    '语料集批量导入教程',
    '智能体调试技巧分享',
  ],
};

/** Five items of one content type, most clicked first. */
export function popularList(type: PopularType): PopularItem[] {
  const random = seeded(`popular-${type}`);
  const clicks = POPULAR_TITLES[type]
    .slice(0, POPULAR_ITEMS)
    .map(() => random.int(12_000, 480_000))
    .sort((a, b) => b - a);
  const top = clicks[0] ?? 1;
  return clicks.map((clickNumber, i) => ({
    key: i + 1,
    title: POPULAR_TITLES[type][i] ?? '',
    clickNumber,
    increases: random.int(-15, 60),
    width: Math.max(1, Math.round((clickNumber / top) * 100)),
  }));
}

const CHATS: readonly Omit<ChatItem, 'id' | 'time' | 'isCollect'>[] = [
  { username: '用户7352772', content: '新版本的模板审核流程什么时候上线？' },
  { username: '运营-王芳', content: '下周二发布，审核通过的模板会自动同步到各个场景' },
  { username: '用户1983024', content: '评测报告能导出成表格吗？我们要给业务方看' },
  { username: '算法-陈刚', content: '可以，报告页右上角有导出按钮，支持 CSV' },
  { username: '用户5520187', content: '语料导入支持 JSON Lines 格式吗？' },
];

/** The live chat beside the dashboard: 5 messages (spec: 4 to 6), oldest first. */
export function chatList(now: Date): ChatItem[] {
  return CHATS.slice(0, CHAT_ITEMS.max).map((chat, i) => ({
    id: i + 1,
    ...chat,
    time: minutesAgo(now, (CHATS.length - i) * 3),
    isCollect: i % 2 === 1,
  }));
}
