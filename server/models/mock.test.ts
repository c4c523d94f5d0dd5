import { describe, expect, it } from 'vitest';
import { mockAnswer, mockClient } from './mock';

const ask = (content: string) => [{ role: 'user' as const, content }];

describe('the demo model', () => {
  it('answers the same prompt the same way, and versions differently', () => {
    const prompt = ask('Summarise the refund policy for orders paid by card in three lines.');
    expect(mockAnswer(prompt, 'demo-a')).toBe(mockAnswer(prompt, 'demo-a'));
    expect(mockAnswer(prompt, 'demo-a')).not.toBe(mockAnswer(prompt, 'demo-b'));
  });

  it('answers from the prompt, Chinese by character and English by word', () => {
    const zh = mockAnswer(ask('请说明退款政策的主要条款和办理时限'), 'demo-a');
    expect(zh).toMatch(/^[\p{Script=Han}]+$/u);
    for (const ch of zh) expect('请说明退款政策的主要条款和办理时限').toContain(ch);
    const en = mockAnswer(ask('refund policy terms and deadlines for card payments'), 'demo-a');
    for (const word of en.split(' ')) {
      expect('refund policy terms and deadlines for card payments').toContain(word);
    }
  });

  it('streams its answer after about its latency, with token counts', async () => {
    const pieces: string[] = [];
    const done = await mockClient('demo-a', 60).complete({
      messages: ask('a long enough question to be answered in several pieces, word after word'),
      onDelta: (p) => pieces.push(p),
    });
    expect(pieces.join('')).toBe(done.answer);
    expect(pieces.length).toBeGreaterThan(1);
    expect(done.latencyMs).toBeGreaterThanOrEqual(50);
    expect(done.ttftMs).toBeLessThan(done.latencyMs);
    expect(done.promptTokens).toBeGreaterThan(0);
    expect(done.completionTokens).toBeGreaterThan(0);
    expect(done.tokensEstimated).toBe(false);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const run = mockClient('demo-a', 5_000).complete({
      messages: ask('hi'),
      signal: controller.signal,
    });
    controller.abort();
    await expect(run).rejects.toMatchObject({ kind: 'aborted' });
  });
});
