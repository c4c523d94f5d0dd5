/**
 * Agreement of two annotators over the items both labelled: percent agreement and Cohen's
 * kappa. Pure, so the server computes it and a test checks it against a hand-computed table.
 */

/** How many items annotator A labelled `a` while annotator B labelled `b`. */
export interface LabelPairCount {
  a: string;
  b: string;
  count: number;
}

export interface PairAgreement {
  /** Items both labelled. */
  items: number;
  /** Items both gave the same label. */
  agreed: number;
  /** agreed / items, 0–1; null without items. */
  percent: number | null;
  /**
   * Cohen's kappa, (pₒ − pₑ) / (1 − pₑ): pₒ the observed agreement, pₑ the agreement expected
   * by chance from each annotator's own label frequencies. Null when undefined: no items, or
   * pₑ = 1 (both always gave one and the same label, so chance explains everything).
   */
  kappa: number | null;
}

/** Agreement from a confusion table (any order, a label pair may appear more than once). */
export function agreementOf(table: readonly LabelPairCount[]): PairAgreement {
  let items = 0;
  let agreed = 0;
  const byA = new Map<string, number>();
  const byB = new Map<string, number>();
  for (const { a, b, count } of table) {
    if (count <= 0) continue;
    items += count;
    if (a === b) agreed += count;
    byA.set(a, (byA.get(a) ?? 0) + count);
    byB.set(b, (byB.get(b) ?? 0) + count);
  }
  if (items === 0) return { items, agreed, percent: null, kappa: null };
  const observed = agreed / items;
  let expected = 0;
  for (const [label, countA] of byA) expected += (countA / items) * ((byB.get(label) ?? 0) / items);
  // Floating error could leave 1 − 1e-17; treat "practically one" as one.
  const kappa = 1 - expected < 1e-12 ? null : (observed - expected) / (1 - expected);
  return { items, agreed, percent: observed, kappa };
}

/** Agreement from the two annotators' labels of each item both labelled, as [a, b] pairs. */
export function agreementOfPairs(pairs: readonly (readonly [string, string])[]): PairAgreement {
  return agreementOf(pairs.map(([a, b]) => ({ a, b, count: 1 })));
}
