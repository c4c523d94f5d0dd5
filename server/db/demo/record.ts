import { DOMAINS, domainOf, type Domain } from './domains';
import { WeightedTable, type Random } from './random';
import type { DemoScene } from './scene';
import {
  assistantMessage,
  DISLIKE_NOTES,
  followUp,
  LIKE_NOTES,
  questionAbout,
  RECORD_TAGS,
  sessionTitle,
  tokensOf,
} from './texts';
import { dayTable, DAYS, timeOnDay } from './time';

const SECOND = 1000;
const HOUR = 3_600_000;

/** The first sessions, as written by hand. */
export const DEMO_RECORDS = [
  {
    chatId: 'c7f1e2a4b9d04c1e8a6f3b2d1e0f9a87',
    title: '排查接口超时问题',
    sceneCode: 'ops-oncall',
    type: 1,
    tag: ['运维'],
    hoursAgo: 1,
  },
  {
    chatId: '2b8e4f6a1c3d4e5f8a9b0c1d2e3f4a5b',
    title: '退款政策咨询',
    sceneCode: 'customer-service',
    type: 1,
    tag: ['客服'],
    hoursAgo: 5,
  },
  {
    chatId: '9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d',
    title: '重构订单模块',
    sceneCode: 'code-assistant',
    type: 1,
    tag: [],
    hoursAgo: 20,
  },
  {
    chatId: '4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a',
    title: '季度销售数据解读',
    sceneCode: 'data-analysis',
    type: 1,
    tag: ['分析'],
    hoursAgo: 44,
  },
  {
    chatId: '1f2e3d4c5b6a7988a7b6c5d4e3f2a1b0',
    title: '产品发布会文案',
    sceneCode: 'copywriting',
    type: 0,
    tag: ['营销'],
    hoursAgo: 70,
  },
  {
    chatId: '5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f',
    title: '英文技术文档翻译',
    sceneCode: 'translator',
    type: 1,
    tag: [],
    hoursAgo: 120,
  },
] as const;

/**
 * Messages that show the transcript sanitises what it renders: raw HTML and a javascript: link
 * must reach the page as text, never run. Keyed by hand-written record index, then by turn
 * (0-based among user and assistant messages: even turns are the user's).
 */
const UNSAFE_MESSAGES: Readonly<Record<number, Readonly<Record<number, string>>>> = {
  0: {
    2: '网关日志里混进了一段奇怪的内容：<script>alert(1)</script>，是不是被注入了？',
    3: '这是一段典型的 XSS 测试载荷，说明有人在探测接口。\n\n1. **不要**直接把日志内容渲染成 HTML；\n2. 日志里附带的链接 [link](javascript:alert(1)) 也不要点击；\n3. 在网关上开启 WAF 规则并封禁来源 IP。',
  },
  2: {
    4: '顺便问一下，前端有人把 `<script>alert(1)</script>` 当作商品名提交了，后端要怎么处理？',
  },
};

export interface DemoMessage {
  seq: number;
  role: 'user' | 'assistant' | 'system';
  content: string;
  createdAt: Date;
  promptTokens: number;
  completionTokens: number;
  feedback: 'like' | 'dislike' | null;
  feedbackNote: string | null;
}

export interface DemoRecord {
  chatId: string;
  title: string;
  sceneCode: string;
  type: 0 | 1;
  tag: string[];
  userId: string;
  createdAt: Date;
  updatedAt: Date;
  modifiedAt: Date;
  messageCount: number;
  totalTokens: number;
  messages: DemoMessage[];
}

/** A session's messages from `start`: optional system prompt, then user and assistant turns. */
function conversation(
  rng: Random,
  d: Domain,
  start: number,
  opening: string,
  topic: string,
  unsafe: Readonly<Record<number, string>> = {},
): DemoMessage[] {
  // 10–40 messages, short sessions more common than long ones (as in real chat logs).
  const n = Math.min(40, 10 + Math.floor(31 * rng.next() ** 1.7));
  const messages: DemoMessage[] = [];
  let at = start;
  let context = 0;
  const system = rng.chance(0.3);
  for (let seq = 1; seq <= n; seq++) {
    const turn = system ? seq - 2 : seq - 1;
    const role = system && seq === 1 ? 'system' : turn % 2 === 0 ? 'user' : 'assistant';
    let content: string;
    if (role === 'system') content = `你是${d.role}，请用中文回答，必要时使用 Markdown 格式。`;
    else if (role === 'user') content = turn === 0 ? opening : followUp(rng, d);
    else content = assistantMessage(rng, d, topic);
    if (role !== 'system') content = unsafe[turn] ?? content;
    if (seq > 1) at += role === 'assistant' ? rng.int(3, 40) * SECOND : rng.int(20, 240) * SECOND;
    const completion = role === 'assistant' ? tokensOf(content) : 0;
    const prompt = role === 'assistant' ? Math.min(8000, context + 30) : 0;
    context += tokensOf(content);
    const feedback: DemoMessage['feedback'] =
      role === 'assistant' && rng.chance(0.1) ? (rng.chance(0.7) ? 'like' : 'dislike') : null;
    messages.push({
      seq,
      role,
      content,
      createdAt: new Date(at),
      promptTokens: prompt,
      completionTokens: completion,
      feedback,
      feedbackNote: feedback ? rng.pick(feedback === 'like' ? LIKE_NOTES : DISLIKE_NOTES) : null,
    });
  }
  return messages;
}

function finish(
  r: Omit<DemoRecord, 'modifiedAt' | 'updatedAt' | 'messageCount' | 'totalTokens'>,
): DemoRecord {
  const last = r.messages[r.messages.length - 1] as DemoMessage;
  return {
    ...r,
    modifiedAt: last.createdAt,
    updatedAt: last.createdAt,
    messageCount: r.messages.length,
    totalTokens: r.messages.reduce((s, m) => s + m.promptTokens + m.completionTokens, 0),
  };
}

/** Moves a session so its last message is at `end` (keeps the gaps between messages). */
function endAt(messages: DemoMessage[], end: number): void {
  const last = (messages[messages.length - 1] as DemoMessage).createdAt.getTime();
  for (const m of messages) m.createdAt = new Date(m.createdAt.getTime() - last + end);
}

/**
 * `count` sessions over the last 90 days (the hand-written ones first, the rest oldest first),
 * each with 10–40 messages; chatIds are unique 32-digit hex.
 */
export function demoRecords(
  rng: Random,
  now: number,
  scenes: readonly DemoScene[],
  count: number,
): DemoRecord[] {
  const chatIds = new Set<string>(DEMO_RECORDS.map((r) => r.chatId));
  const out = DEMO_RECORDS.slice(0, count).map(({ hoursAgo, ...r }, i) => {
    const d = domainOf(r.sceneCode) ?? (DOMAINS[0] as Domain);
    const messages = conversation(
      rng,
      d,
      0,
      `${r.title}，请帮我看一下。`,
      r.title,
      UNSAFE_MESSAGES[i],
    );
    endAt(messages, now - hoursAgo * HOUR);
    return finish({
      ...r,
      tag: [...r.tag],
      userId: '1',
      createdAt: new Date(now - (hoursAgo + 2) * HOUR),
      messages,
    });
  });

  const sceneWeights = new WeightedTable(scenes.map(() => 0.3 + rng.next() ** 2 * 3));
  const days = dayTable(rng, now);
  const generated: DemoRecord[] = [];
  for (let i = out.length; i < count; i++) {
    const scene = scenes[sceneWeights.draw(rng)] as DemoScene;
    const d = domainOf(scene.sceneCode) ?? (DOMAINS[0] as Domain);
    const title = sessionTitle(rng, d);
    const topic = d.topics.find((t) => title.startsWith(t)) ?? title;
    let chatId = rng.hex(32);
    while (chatIds.has(chatId)) chatId = rng.hex(32);
    chatIds.add(chatId);
    const start = timeOnDay(rng, now, days.draw(rng, DAYS));
    const messages = conversation(rng, d, start, questionAbout(rng, topic), topic);
    const last = (messages[messages.length - 1] as DemoMessage).createdAt.getTime();
    // A session started late today must not end in the future.
    if (last > now - 30 * SECOND) endAt(messages, now - rng.int(30, 600) * SECOND);
    const tags = rng.sample(
      RECORD_TAGS,
      rng.weighted([
        [0, 4],
        [1, 4],
        [2, 2],
        [3, 1],
      ] as const),
    );
    generated.push(
      finish({
        chatId,
        title,
        sceneCode: scene.sceneCode,
        type: rng.chance(0.85) ? scene.type : scene.type === 1 ? 0 : 1,
        tag: tags,
        userId: rng.chance(0.8) ? '1' : '0',
        createdAt: (messages[0] as DemoMessage).createdAt,
        messages,
      }),
    );
  }
  generated.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return [...out, ...generated];
}
