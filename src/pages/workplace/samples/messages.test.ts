import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../mock/types';
import { groupMessages, markRead, unreadIds } from './messages';

const message = (id: number, type: Message['type'], status: 0 | 1, minutes: number): Message => ({
  id,
  type,
  title: `m${id}`,
  subTitle: '',
  avatar: '',
  content: '',
  time: new Date(Date.UTC(2025, 0, 1, 12, 60 - minutes)).toISOString(),
  status,
});

const BOX = [
  message(1, 'message', 0, 10),
  message(2, 'message', 1, 5),
  message(3, 'notice', 0, 1),
  message(4, 'todo', 1, 1),
  message(5, 'message', 0, 1),
];

describe('message box', () => {
  it('groups by type in the spec’s order, newest first, with unread counts', () => {
    const groups = groupMessages(BOX);
    expect(groups.map((g) => [g.type, g.items.map((m) => m.id), g.unread])).toEqual([
      ['message', [5, 2, 1], 2],
      ['notice', [3], 1],
      ['todo', [4], 0],
    ]);
  });

  it('marks exactly the ids sent as read (0 → 1), leaving the rest', () => {
    const after = markRead(BOX, [1, 4]);
    expect(after.map((m) => [m.id, m.status])).toEqual([
      [1, 1],
      [2, 1],
      [3, 0],
      [4, 1],
      [5, 0],
    ]);
    expect(BOX[0]?.status).toBe(0);
  });

  it('"mark all read" sends the unread ids only', () => {
    expect(unreadIds(BOX)).toEqual([1, 3, 5]);
    expect(unreadIds(markRead(BOX, unreadIds(BOX)))).toEqual([]);
  });
});
