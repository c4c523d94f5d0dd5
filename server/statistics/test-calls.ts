import type { Database } from '../db/client';
import { promptCalls, records } from '../db/schema';

/**
 * Hand-computed fixture calls and chats for the statistics tests. They live in 2020, where the
 * demo seed has no calls, under their own scene codes and model versions.
 */
export const MODEL = { modelType: 'WINGPT', version: 'fx-model-1' } as const;
export const OTHER = { modelType: 'WINGPT', version: 'fx-model-2' } as const;
// Prices per 1 000 tokens: before and from the change at 2020-03-15 00:00 in Shanghai.
export const PRICE_BEFORE = { prompt: 2, completion: 4 };
export const PRICE_AFTER = { prompt: 10, completion: 20 };
export const PRICE_CHANGE = '2020-03-14T16:00:00Z';

export interface Call {
  at: string;
  scene: string;
  model?: typeof MODEL | typeof OTHER;
  user?: string;
  prompt: number;
  completion: number;
}

export const FIXTURE_CALLS: Call[] = [
  // 23:30 on 1 March in Shanghai, 15:30 UTC: Sunday.
  { at: '2020-03-01T15:30:00Z', scene: 'fx-a', user: 'u1', prompt: 100, completion: 50 },
  // 00:30 on 2 March in Shanghai (Monday), still 1 March in UTC.
  { at: '2020-03-01T16:30:00Z', scene: 'fx-a', user: 'u2', prompt: 200, completion: 100 },
  { at: '2020-03-03T04:00:00Z', scene: 'fx-b', user: 'u1', prompt: 1000, completion: 0 },
  { at: '2020-03-03T05:00:00Z', scene: 'fx-b', model: OTHER, user: 'u3', prompt: 7, completion: 3 },
  // After the price change.
  { at: '2020-03-20T02:00:00Z', scene: 'fx-a', user: 'u1', prompt: 1000, completion: 1000 },
  // 23:30 on 31 March in Shanghai; then 07:00 on 1 April in Shanghai = 23:00 on 31 March UTC.
  { at: '2020-03-31T15:30:00Z', scene: 'fx-b', prompt: 10, completion: 10 },
  { at: '2020-03-31T23:00:00Z', scene: 'fx-b', prompt: 20, completion: 20 },
];

export function priceAt(call: Call) {
  if ((call.model ?? MODEL) === OTHER) return { prompt: 1, completion: 1 };
  return call.at < PRICE_CHANGE ? PRICE_BEFORE : PRICE_AFTER;
}
export function costOfCall(call: Call): number {
  const p = priceAt(call);
  return (call.prompt * p.prompt + call.completion * p.completion) / 1000;
}
export const sumOf = (calls: Call[], f: (c: Call) => number) => calls.reduce((a, c) => a + f(c), 0);

export async function insertCall(db: Database, c: Call, extra: Record<string, unknown> = {}) {
  const model = c.model ?? MODEL;
  const [row] = await db
    .insert(promptCalls)
    .values({
      title: 'fixture',
      question: 'q',
      callTime: new Date(c.at),
      userId: c.user ?? null,
      promptTokens: c.prompt,
      completionTokens: c.completion,
      totalTokens: c.prompt + c.completion,
      sceneCode: c.scene,
      modelType: model.modelType,
      modelVersion: model.version,
      ...extra,
    })
    .returning({ id: promptCalls.id, cost: promptCalls.cost });
  return row as { id: number; cost: number | null };
}

export async function insertChat(db: Database, at: string, scene: string) {
  const [row] = await db
    .insert(records)
    .values({
      chatId: `fx-${Math.random().toString(36).slice(2)}`,
      title: 'fixture chat',
      sceneCode: scene,
      createdAt: new Date(at),
    })
    .returning({ id: records.id });
  return row as { id: number };
}
