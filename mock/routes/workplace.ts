import { z } from 'zod';
import { chatList, contentData, popularList } from '../dashboard';
import { mockRoute, type MockRoute } from '../route';
import {
  chatItemSchema,
  contentDataSchema,
  messageReadBody,
  messageSchema,
  popularItemSchema,
  popularQuery,
} from '../schemas';

/** The workplace's sample panels: messages, content chart, popular content, chat. */
export const workplaceRoutes: readonly MockRoute[] = [
  mockRoute({
    method: 'GET',
    url: '/api/message/list',
    summary: 'Sample message box: messages, notices and to-dos with their read state',
    answer: z.array(messageSchema),
    handle: ({ userId, now, messages }) => messages.list(userId, now),
  }),
  mockRoute({
    method: 'POST',
    url: '/api/message/read',
    summary: "Marks sample messages read for the caller (this server instance's memory)",
    body: messageReadBody,
    answer: z.literal(true),
    handle: ({ body, userId, messages }) => {
      messages.markRead(userId, body.ids);
      return true as const;
    },
  }),
  mockRoute({
    method: 'GET',
    url: '/api/content-data',
    summary: 'Sample content chart: 8 daily points ending today',
    answer: z.array(contentDataSchema),
    handle: ({ now }) => contentData(now),
  }),
  mockRoute({
    method: 'GET',
    url: '/api/popular/list',
    summary: 'Sample popular content of one type (text by default): 5 items',
    query: popularQuery,
    answer: z.array(popularItemSchema),
    handle: ({ query }) => popularList(query.type),
  }),
  mockRoute({
    method: 'GET',
    url: '/api/chat/list',
    summary: 'Sample chat messages (4 to 6)',
    answer: z.array(chatItemSchema),
    handle: ({ now }) => chatList(now),
  }),
];
