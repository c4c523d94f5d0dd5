import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ModelError, elapsedSince, type ChatMessage, type ModelClient } from './client';
import { isWide, textUnits } from '../evaluation/text-units';
import { estimatePromptTokens, estimateTokens } from './tokens';

const MOST_UNITS = 80;

function hashOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

/** Units joined as they are read: wide characters close together, words with a space. */
function joinUnits(units: readonly string[]): string {
  let text = '';
  for (const unit of units) {
    const previous = text.at(-1);
    const tight = isWide(unit) || (previous !== undefined && isWide(previous));
    text += text && !tight ? ` ${unit}` : unit;
  }
  return text;
}

/**
 * The demo model's answer: the prompt's last words, some left out. The same prompt and version
 * always give the same answer, and each version leaves out a share of its own, so versions
 * score differently against an expected answer.
 */
export function mockAnswer(messages: readonly ChatMessage[], version: string): string {
  const prompt = messages.map((m) => m.content).join('\n');
  if (asksForJudgement(prompt)) return mockJudgement(prompt, version);
  const units = textUnits(prompt).slice(-MOST_UNITS);
  if (!units.length) return '…';
  const keepPercent = 55 + (hashOf(`keep:${version}`) % 40);
  const kept = units.filter((unit, i) => hashOf(`${version}:${i}:${unit}`) % 100 < keepPercent);
  return joinUnits(kept.length ? kept : units.slice(-1));
}

/** A judge's rubric asks for a JSON object with a score and a reason. */
function asksForJudgement(prompt: string): boolean {
  return prompt.includes('"score"') && prompt.includes('"reason"');
}

/** As a judge, the demo model gives the same prompt the same scores, from 40 to 95. */
function mockJudgement(prompt: string, version: string): string {
  const score = (name: string) => 40 + (hashOf(`${version}:${name}:${prompt}`) % 56);
  return JSON.stringify({
    score: score('score'),
    accuracy: score('accuracy'),
    relevance: score('relevance'),
    fluency: score('fluency'),
    reason: 'demo model judgement',
  });
}

/** Pieces of a few units each, as a streaming model sends them. */
function piecesOf(answer: string): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < answer.length; i += 12) pieces.push(answer.slice(i, i + 12));
  return pieces;
}

/**
 * The built-in demo model: answers from the prompt after `latencyMs`, streamed in pieces, with
 * exact token counts (it knows what it read and wrote).
 */
export function mockClient(version: string, latencyMs: number): ModelClient {
  return {
    async complete({ messages, signal, onDelta }) {
      const start = performance.now();
      const answer = mockAnswer(messages, version);
      const pieces = piecesOf(answer);
      const first = Math.round(latencyMs * 0.4);
      const between = pieces.length > 1 ? (latencyMs - first) / (pieces.length - 1) : 0;
      let ttftMs: number | null = null;
      try {
        for (const [i, piece] of pieces.entries()) {
          await sleep(i === 0 ? first : between, undefined, { signal });
          ttftMs ??= elapsedSince(start);
          onDelta?.(piece);
        }
        // A short answer still takes the whole latency.
        await sleep(Math.max(0, latencyMs - (performance.now() - start)), undefined, { signal });
      } catch (error) {
        if (signal?.aborted) throw new ModelError('aborted', 'the request was cancelled');
        throw error;
      }
      const took = elapsedSince(start);
      return {
        answer,
        promptTokens: await estimatePromptTokens(messages),
        completionTokens: await estimateTokens(answer),
        tokensEstimated: false,
        ttftMs,
        latencyMs: took,
      };
    },
  };
}
