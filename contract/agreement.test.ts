import { describe, expect, it } from 'vitest';
import { agreementOf, agreementOfPairs } from './agreement';

describe("percent agreement and Cohen's kappa", () => {
  /**
   * Worked by hand. Annotator A in rows, B in columns, 14 items:
   *
   *                  B: correct  incorrect  needs-review | A's total
   *   A: correct            5          1           0     |    6
   *      incorrect          1          3           1     |    5
   *      needs-review       0          1           2     |    3
   *   B's total             6          5           3     |   14
   *
   *   agreed = 5 + 3 + 2 = 10, pₒ = 10/14
   *   pₑ = (6·6 + 5·5 + 3·3) / 14² = 70/196
   *   κ = (140/196 − 70/196) / (1 − 70/196) = (70/196) / (126/196) = 70/126 = 5/9 ≈ 0.5556
   */
  const table = [
    { a: 'correct', b: 'correct', count: 5 },
    { a: 'correct', b: 'incorrect', count: 1 },
    { a: 'incorrect', b: 'correct', count: 1 },
    { a: 'incorrect', b: 'incorrect', count: 3 },
    { a: 'incorrect', b: 'needs-review', count: 1 },
    { a: 'needs-review', b: 'incorrect', count: 1 },
    { a: 'needs-review', b: 'needs-review', count: 2 },
  ];

  it('matches the hand-computed table', () => {
    const result = agreementOf(table);
    expect(result.items).toBe(14);
    expect(result.agreed).toBe(10);
    expect(result.percent).toBeCloseTo(10 / 14, 12);
    expect(result.kappa).toBeCloseTo(5 / 9, 12);
  });

  it('gives the same answer from per-item pairs', () => {
    const pairs = table.flatMap(({ a, b, count }) =>
      Array.from({ length: count }, () => [a, b] as const),
    );
    expect(agreementOfPairs(pairs).kappa).toBeCloseTo(5 / 9, 12);
  });

  it('is 1 for perfect agreement over two labels and 0 for chance-level agreement', () => {
    expect(
      agreementOfPairs([
        ['correct', 'correct'],
        ['incorrect', 'incorrect'],
      ]).kappa,
    ).toBe(1);
    // pₒ = 1/2, pₑ = ½·½ + ½·½ = ½: agreement no better than chance.
    expect(
      agreementOfPairs([
        ['correct', 'correct'],
        ['correct', 'incorrect'],
        ['incorrect', 'correct'],
        ['incorrect', 'incorrect'],
      ]).kappa,
    ).toBe(0);
  });

  it('is undefined without items or when both always gave one same label', () => {
    expect(agreementOf([])).toEqual({ items: 0, agreed: 0, percent: null, kappa: null });
    expect(
      agreementOfPairs([
        ['correct', 'correct'],
        ['correct', 'correct'],
      ]),
    ).toEqual({ items: 2, agreed: 2, percent: 1, kappa: null });
  });
});
