import { avatarOf } from './avatar';
import { minutesAgo } from './time';
import type { Message } from './types';

type Template = Omit<Message, 'status' | 'time' | 'avatar'> & {
  minutesAgo: number;
  /** Read before anyone asked: the box is not all new on a first visit. */
  read?: boolean;
};

/** The message box (spec §3 "Message"), newest first within each type. */
const TEMPLATES: readonly Template[] = [
  {
    id: 1,
    type: 'message',
    title: '郑曦月',
    subTitle: '的私信',
    content: '「售后客服问答」模板的评审意见已回复，麻烦再看一下变量说明',
    minutesAgo: 12,
  },
  {
    id: 2,
    type: 'message',
    title: '宁波',
    subTitle: '的回复',
    content: 'wingpt-7b 与 gpt-4o 的对比评测已经跑完，报告里准确率差了 6 个点',
    minutesAgo: 48,
  },
  {
    id: 3,
    type: 'message',
    title: '林思远',
    subTitle: '的私信',
    content: '「合同条款抽取」场景今天的调用量翻倍了，要不要提高限流阈值？',
    minutesAgo: 190,
    read: true,
  },
  {
    id: 4,
    type: 'notice',
    title: '额度即将用完',
    subTitle: '',
    content: '本月模型调用额度已使用 92%，如需继续使用请联系管理员扩容',
    minutesAgo: 30,
    messageType: 3,
  },
  {
    id: 5,
    type: 'notice',
    title: '插件上线成功',
    subTitle: '',
    content: '「联网搜索」插件已通过安全审核，今天 10:00 起对所有场景开放',
    minutesAgo: 95,
    messageType: 1,
  },
  {
    id: 6,
    type: 'notice',
    title: '模型版本下线提醒',
    subTitle: '',
    content: 'chatgpt-3.5-0613 将于下周一停止服务，请尽快把绑定它的智能体切换到新版本',
    minutesAgo: 1_440,
    messageType: 3,
    read: true,
  },
  {
    id: 7,
    type: 'todo',
    title: '标注分歧待复核',
    subTitle: '',
    content: '语料集「FAQ 改写」有 36 条双人标注结果不一致，请安排复核',
    minutesAgo: 20,
    messageType: 0,
  },
  {
    id: 8,
    type: 'todo',
    title: '模板变更待审核',
    subTitle: '',
    content: '平台模板「会议纪要生成」提交了第 4 版，等待你的审核',
    minutesAgo: 75,
    messageType: 0,
  },
  {
    id: 9,
    type: 'todo',
    title: '评测报告已确认',
    subTitle: '',
    content: '「客服意图识别」评测报告已由负责人确认，可以归档',
    minutesAgo: 2_880,
    messageType: 1,
    read: true,
  },
];

export const MESSAGE_IDS: readonly number[] = TEMPLATES.map((t) => t.id);

/**
 * Which messages each account has read, held by one server instance (a restart starts afresh).
 * Only existing ids are stored, so memory is bounded by accounts × messages.
 */
export class MessageBox {
  private readonly readBy = new Map<string, Set<number>>();

  list(userId: string, now: Date): Message[] {
    const read = this.readBy.get(userId);
    return TEMPLATES.map(({ minutesAgo: ago, read: readBefore, ...message }) => ({
      ...message,
      avatar: message.type === 'message' ? avatarOf(message.title) : '',
      time: minutesAgo(now, ago),
      status: readBefore || read?.has(message.id) ? 1 : 0,
    }));
  }

  markRead(userId: string, ids: readonly number[]): void {
    const known = ids.filter((id) => MESSAGE_IDS.includes(id));
    if (!known.length) return;
    const read = this.readBy.get(userId) ?? new Set<number>();
    for (const id of known) read.add(id);
    this.readBy.set(userId, read);
  }
}
