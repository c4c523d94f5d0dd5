import { describe, expect, it } from 'vitest';
import { MAX_QUOTED_CHARS, message } from './messages';

describe('message', () => {
  it('quotes short values as they are', () => {
    expect(message('en-US', 'unknownField', { field: 'sceneCode' })).toBe(
      'unsupported field sceneCode',
    );
  });

  it('clips a long quoted value, in whole code points', () => {
    const long = 'x'.repeat(10_000);
    const text = message('zh-CN', 'declNoSuchField', { field: long });
    expect(text).toBe(`没有名为 ${'x'.repeat(MAX_QUOTED_CHARS - 1)}… 的字段`);
    const emoji = message('en-US', 'unknownField', { field: '😀'.repeat(500) });
    const quoted = Array.from(emoji.slice('unsupported field '.length));
    expect(quoted).toHaveLength(MAX_QUOTED_CHARS);
    expect(quoted.slice(0, -1).every((c) => c === '😀')).toBe(true);
    expect(quoted.at(-1)).toBe('…');
  });
});
