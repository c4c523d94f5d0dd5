import { describe, expect, it } from 'vitest';
import { filterWidth, rangeWidth } from './list-filters';

describe('filterWidth', () => {
  it('keeps the base width when the name fits', () => {
    expect(filterWidth('指派标注员', 180, 74)).toBe(180);
    expect(filterWidth('Status', 160, 52)).toBe(160);
  });

  it('widens a control whose English name would be cut', () => {
    // "Assigned ann…" at 180 px in Chromium, with the search button and the clear icon.
    expect(filterWidth('Assigned annotators', 180, 74)).toBe(217);
  });

  it('counts a CJK character about twice as wide as a Latin one', () => {
    const cjk = filterWidth('一二三四五六七八九十', 0, 0);
    const latin = filterWidth('abcdefghij', 0, 0);
    expect(cjk).toBe(140);
    expect(latin).toBe(75);
  });
});

describe('rangeWidth', () => {
  it("keeps antd's width for short names, and gives both halves room for the longer one", () => {
    expect(rangeWidth('最后消息时间起', '最后消息时间止')).toBe(292);
    // "Last message at from" was cut at 109 px per half.
    expect(rangeWidth('Last message at from', 'Last message at to')).toBe(374);
  });
});
