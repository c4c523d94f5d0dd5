import { describe, expect, it } from 'vitest';
import { corpusItem } from './resources/corpus-item';
import { agent } from './resources/agent';
import { prompt } from './resources/prompt';
import { record } from './resources/record';
import { freeTagFields, isFreeTags, normalizeTag, normalizeTags, withNormalizedTags } from './tags';

describe('normalizeTag: one spelling per tag', () => {
  it.each([
    // Full-width Latin letters and digits, as a Chinese input method types them.
    ['ＧＰＴ４', 'gpt4'],
    ['ＡＰＩ　文档', 'api 文档'],
    // Full-width punctuation becomes its half-width self.
    ['高优先级（Ｐ０）', '高优先级(p0)'],
    ['售后／退款', '售后/退款'],
    // Latin letters lower case, whatever script they stand beside.
    ['GPT-4o', 'gpt-4o'],
    ['Q3 目标复盘', 'q3 目标复盘'],
    ['Éclair', 'éclair'],
    // Spaces: ends trimmed, runs (ideographic, no-break, tabs) one space.
    ['  投诉  ', '投诉'],
    ['\u3000投诉\u3000', '投诉'],
    ['API \t\u00a0 文档', 'api 文档'],
    // Chinese keeps every character; other scripts keep their case.
    ['已解决', '已解决'],
    ['ΑΒΓ', 'ΑΒΓ'],
    ['', ''],
    ['\u3000 ', ''],
  ])('%j → %j', (typed, stored) => {
    expect(normalizeTag(typed)).toBe(stored);
  });

  it('gives the same tag for every way of typing it', () => {
    const spellings = ['GPT 4', 'gpt 4', 'ＧＰＴ　４', ' Gpt  4 ', 'ｇｐｔ 4'];
    expect(new Set(spellings.map(normalizeTag))).toEqual(new Set(['gpt 4']));
  });

  it('is idempotent', () => {
    for (const typed of ['ＡＰＩ　文档', 'GPT-4o', '  投诉  ']) {
      expect(normalizeTag(normalizeTag(typed))).toBe(normalizeTag(typed));
    }
  });
});

describe('normalizeTags', () => {
  it('drops empty tags and repeats, keeping the first of each in place', () => {
    expect(normalizeTags(['VIP', '投诉', ' vip ', '　', 'ＶＩＰ', '咨询'])).toEqual([
      'vip',
      '投诉',
      '咨询',
    ]);
  });
});

describe('which tag fields are free labels', () => {
  it('sessions, corpus items and templates carry free tags', () => {
    expect(freeTagFields(record).map((f) => f.name)).toEqual(['tag']);
    expect(freeTagFields(corpusItem).map((f) => f.name)).toEqual(['tags']);
    expect(freeTagFields(prompt).map((f) => f.name)).toEqual(['tags']);
  });

  it('keys picked from a list and identifiers are kept as given', () => {
    expect(agent.fields.filter((f) => f.type === 'tags').some(isFreeTags)).toBe(false);
    const assignees = corpusItem.fields.find((f) => f.name === 'assignees')!;
    expect(isFreeTags(assignees)).toBe(false);
    const values = { tags: ['ＦＡＱ'], assignees: ['User-A'] };
    expect(withNormalizedTags(corpusItem, values)).toEqual({
      tags: ['faq'],
      assignees: ['User-A'],
    });
  });
});
