import { describe, expect, it } from 'vitest';
import { SseReader } from './sse';

describe('SseReader', () => {
  it('gives each event once, as its block completes', () => {
    const reader = new SseReader();
    let text = 'event: prompt\ndata: {"prompt":"hi"}\n\nevent: delta\ndata: {"ind';
    expect(reader.take(text)).toEqual([{ event: 'prompt', data: { prompt: 'hi' } }]);
    text += 'ex":0,"text":"a"}\n\n';
    expect(reader.take(text)).toEqual([{ event: 'delta', data: { index: 0, text: 'a' } }]);
    expect(reader.take(text)).toEqual([]);
  });

  it('skips blocks without JSON data', () => {
    const reader = new SseReader();
    expect(reader.take(': comment\n\ndata: not json\n\ndata: 1\n\n')).toEqual([
      { event: 'message', data: 1 },
    ]);
  });
});
