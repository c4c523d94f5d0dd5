/**
 * Scores of one answer against a corpus item's expected answer, each 0–100. Text is compared
 * as a reader would: by character where it is Chinese (or Japanese, Korean), by word otherwise.
 */

import { textUnits } from './text-units';

/** Width-folded, case-folded: ＡＢＣ and abc are the same text. */
function folded(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** The units a text is compared by: wide characters one by one, other words whole. */
export function unitsOf(text: string): string[] {
  return textUnits(folded(text));
}

/** 100 when the answer is the expected one up to spacing, case, width and final punctuation. */
export function exactMatch(answer: string, expected: string): number {
  const plain = (s: string) =>
    folded(s)
      .trim()
      .replace(/\s+/g, ' ')
      .replace(/[\s.。!！?？;；,，]+$/u, '');
  return plain(answer) === plain(expected) ? 100 : 0;
}

function lcsLength(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      row[j] = x === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!);
    }
    previous = row;
  }
  return previous[b.length]!;
}

/** ROUGE-L F1: the longest common subsequence's precision and recall, harmonically averaged. */
export function rougeL(answer: string, expected: string): number {
  const a = unitsOf(answer);
  const e = unitsOf(expected);
  if (!a.length || !e.length) return a.length === e.length ? 100 : 0;
  const lcs = lcsLength(a, e);
  if (!lcs) return 0;
  const precision = lcs / a.length;
  const recall = lcs / e.length;
  return (200 * precision * recall) / (precision + recall);
}

function ngrams(units: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= units.length; i++) {
    const key = units.slice(i, i + n).join('\u0000');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

const BLEU_ORDER = 4;

/**
 * Sentence BLEU up to 4-grams with the brevity penalty. Orders above one add one to their
 * matches and counts (Lin and Och's smoothing), so one missing 4-gram does not zero a short
 * answer; an answer shorter than an order has none of it and leaves it out.
 */
export function bleu(answer: string, expected: string): number {
  const a = unitsOf(answer);
  const e = unitsOf(expected);
  if (!a.length || !e.length) return a.length === e.length ? 100 : 0;
  const orders = Math.min(BLEU_ORDER, a.length);
  let logSum = 0;
  for (let n = 1; n <= orders; n++) {
    const mine = ngrams(a, n);
    const theirs = ngrams(e, n);
    let matched = 0;
    let total = 0;
    for (const [gram, count] of mine) {
      matched += Math.min(count, theirs.get(gram) ?? 0);
      total += count;
    }
    const smooth = n > 1 ? 1 : 0;
    if (matched + smooth === 0) return 0;
    logSum += Math.log((matched + smooth) / (total + smooth));
  }
  const brevity = a.length >= e.length ? 1 : Math.exp(1 - e.length / a.length);
  return 100 * brevity * Math.exp(logSum / orders);
}

/** The share of the item's keywords the answer contains; null when the item has none. */
export function keywordHitRate(answer: string, keywords: readonly string[]): number | null {
  const wanted = keywords.map((k) => folded(k).trim()).filter(Boolean);
  if (!wanted.length) return null;
  const text = folded(answer);
  return (100 * wanted.filter((k) => text.includes(k)).length) / wanted.length;
}
