import { describe, expect, it } from 'vitest';
import { parseJudgement, judgePrompt } from './judge';
import { bleu, exactMatch, keywordHitRate, rougeL, unitsOf } from './metrics';
import { meanInterval, pairedBootstrap, winLossTie } from './stats';

describe('evaluation metrics, against values worked out by hand', () => {
  it('compares Chinese by character and other text by word', () => {
    expect(unitsOf('今天 天气，很好!')).toEqual(['今', '天', '天', '气', '很', '好']);
    expect(unitsOf('The cat, the MAT.')).toEqual(['the', 'cat', 'the', 'mat']);
    expect(unitsOf('用 Vitest 测试')).toEqual(['用', 'vitest', '测', '试']);
    // A digit or Latin word next to Chinese without a space is a unit of its own.
    expect(unitsOf('第0号门店v2版')).toEqual(['第', '0', '号', '门', '店', 'v2', '版']);
    expect(rougeL('第0号门店', '第 0 号门店')).toBe(100);
  });

  it('exact match ignores spacing, case, width and final punctuation only', () => {
    expect(exactMatch('  Twelve days. ', 'twelve days')).toBe(100);
    expect(exactMatch('ＡＢＣ', 'abc')).toBe(100);
    expect(exactMatch('十二天。', '十二天')).toBe(100);
    expect(exactMatch('twelve days', 'ten days')).toBe(0);
  });

  it('ROUGE-L F1', () => {
    // LCS "the cat on the mat" = 5 of 6 each way.
    expect(rougeL('the cat sat on the mat', 'the cat is on the mat')).toBeCloseTo((5 / 6) * 100, 6);
    // LCS 今天天气 = 4 of 6 each way.
    expect(rougeL('今天天气很好', '今天天气不错')).toBeCloseTo((4 / 6) * 100, 6);
    // LCS 年假五 = 3: precision 3/3, recall 3/5, F1 = 2·1·0.6 / 1.6 = 0.75.
    expect(rougeL('年假五', '年假有五天')).toBeCloseTo(75, 6);
    expect(rougeL('完全不同', 'other words')).toBe(0);
    expect(rougeL('', '')).toBe(100);
  });

  it('BLEU with brevity penalty and add-one smoothing above unigrams', () => {
    // p1 5/6, p2 (3+1)/(5+1), p3 (1+1)/(4+1), p4 (0+1)/(3+1); equal lengths.
    const expected = 100 * Math.pow((5 / 6) * (4 / 6) * (2 / 5) * (1 / 4), 1 / 4);
    expect(bleu('the cat sat on the mat', 'the cat is on the mat')).toBeCloseTo(expected, 6);
    // Identical text scores 100.
    expect(bleu('年假有五天', '年假有五天')).toBeCloseTo(100, 6);
    // A two-character answer: orders 1–2 only; p1 2/2, p2 (1+1)/(1+1); brevity exp(1 - 5/2).
    expect(bleu('年假', '年假有五天')).toBeCloseTo(100 * Math.exp(1 - 5 / 2), 6);
    expect(bleu('完全', 'other')).toBe(0);
  });

  it('keyword hit rate', () => {
    expect(keywordHitRate('请在 OA 系统提交年假申请', ['OA', '年假', '审批'])).toBeCloseTo(
      200 / 3,
      6,
    );
    expect(keywordHitRate('anything', [])).toBeNull();
  });
});

describe('judge answers', () => {
  it('reads JSON, fenced or in prose, and score lines in either language', () => {
    expect(parseJudgement('{"score": 82, "reason": "mostly right"}')).toEqual({
      score: 82,
      reason: 'mostly right',
      metrics: {},
    });
    expect(parseJudgement('Here:\n```json\n{"score": "67", "reason": "too short"}\n```')).toEqual({
      score: 67,
      reason: 'too short',
      metrics: {},
    });
    expect(parseJudgement('评分：90\n理由：准确完整')).toEqual({
      score: 90,
      reason: '准确完整',
      metrics: {},
    });
    expect(parseJudgement('Score: 45.5\nReason: misses the deadline')).toEqual({
      score: 45.5,
      reason: 'misses the deadline',
      metrics: {},
    });
  });

  it('takes the rubric metrics the judge gave, and none out of range', () => {
    expect(
      parseJudgement(
        '{"score": 70, "accuracy": 80, "relevance": "90", "fluency": 120, "reason": "ok"}',
      ),
    ).toEqual({ score: 70, reason: 'ok', metrics: { accuracy: 80, relevance: 90 } });
  });

  it('takes nothing from garbage or a score out of range', () => {
    expect(parseJudgement('I think it is fine.')).toBeNull();
    expect(parseJudgement('{"score": 140}')).toBeNull();
    expect(parseJudgement('score: -3')).toBeNull();
  });

  it('fills a rubric', () => {
    expect(
      judgePrompt('Q {{question}} E {{ expected }} A {{answer}}', {
        question: 'q',
        expected: 'e',
        answer: 'a',
      }),
    ).toBe('Q q E e A a');
  });
});

describe('report statistics', () => {
  it('a mean with its t interval', () => {
    // sd √2.5, se √0.5, t(4) 2.776.
    const i = meanInterval([1, 2, 3, 4, 5])!;
    expect(i.mean).toBe(3);
    expect(i.low).toBeCloseTo(3 - 2.776 * Math.sqrt(0.5), 6);
    expect(i.high).toBeCloseTo(3 + 2.776 * Math.sqrt(0.5), 6);
    expect(meanInterval([7])).toEqual({ mean: 7, low: 7, high: 7, n: 1 });
    expect(meanInterval([])).toBeNull();
  });

  it('a paired bootstrap: a constant difference has no width; the same seed the same answer', () => {
    expect(pairedBootstrap([5, 6, 7], [3, 4, 5])).toEqual({ mean: 2, low: 2, high: 2, n: 3 });
    const a = [80, 70, 90, 60, 75, 85, 65, 95];
    const b = [70, 72, 80, 62, 70, 80, 60, 85];
    const one = pairedBootstrap(a, b)!;
    expect(pairedBootstrap(a, b)).toEqual(one);
    expect(one.mean).toBeCloseTo(5.125, 6);
    expect(one.low).toBeLessThan(one.mean);
    expect(one.high).toBeGreaterThan(one.mean);
  });

  it('wins, losses and ties per item', () => {
    expect(winLossTie([80, 70, 90], [70, 70, 95])).toEqual({ win: 1, loss: 1, tie: 1 });
    expect(winLossTie([80, 70], [79, 72], 1)).toEqual({ win: 0, loss: 1, tie: 1 });
  });
});
