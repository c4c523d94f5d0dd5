import { MESSAGE_TYPES } from '../../../../mock/constants';
import type { Message, MessageType } from '../../../../mock/types';

/** The messages of each type, newest first, and how many of them are unread. */
export interface MessageGroup {
  type: MessageType;
  items: Message[];
  unread: number;
}

export function groupMessages(messages: readonly Message[]): MessageGroup[] {
  return MESSAGE_TYPES.map((type) => {
    const items = messages
      .filter((m) => m.type === type)
      .sort((a, b) => b.time.localeCompare(a.time) || b.id - a.id);
    return { type, items, unread: items.filter((m) => m.status === 0).length };
  });
}

/** The ids of a list's unread messages (what "mark all read" sends). */
export function unreadIds(messages: readonly Message[]): number[] {
  return messages.filter((m) => m.status === 0).map((m) => m.id);
}

/** The list after the read call for `ids` succeeded: those become read (spec §4, 0 → 1). */
export function markRead(messages: readonly Message[], ids: readonly number[]): Message[] {
  const read = new Set(ids);
  return messages.map((m) => (read.has(m.id) && m.status === 0 ? { ...m, status: 1 } : m));
}
