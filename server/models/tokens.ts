import type { ChatMessage } from './client';

type Counter = (text: string) => number;
let counter: Promise<Counter> | undefined;

/** The tokenizer is loaded on first use: its tables are large and most processes never need it. */
function loadCounter(): Promise<Counter> {
  counter ??= import('gpt-tokenizer').then((m) => (text: string) => m.countTokens(text));
  return counter;
}

/** Tokens of a text by the o200k encoding: an estimate for models that report none. */
export async function estimateTokens(text: string): Promise<number> {
  return (await loadCounter())(text);
}

/** Tokens of a chat's messages, with the few each message's framing adds. */
export async function estimatePromptTokens(messages: readonly ChatMessage[]): Promise<number> {
  const count = await loadCounter();
  return messages.reduce((sum, m) => sum + count(m.content) + 4, 2);
}
