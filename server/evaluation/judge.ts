import { DEFAULT_JUDGE_RUBRIC } from '../../contract/evaluation-judge';

export { DEFAULT_JUDGE_RUBRIC };

/** What a judge model said of an answer: a score from 0 to 100 and why. */
export interface Judgement {
  score: number;
  reason: string;
  /** Accuracy, relevance and fluency, 0–100, when the judge gave them. */
  metrics: Partial<Record<JudgedMetric, number>>;
}

export const JUDGED_METRICS = ['accuracy', 'relevance', 'fluency'] as const;
export type JudgedMetric = (typeof JUDGED_METRICS)[number];

const SCORE_TEXT =
  /(?:score|rating|评分|得分|分数)\s*["']?\s*[:：=]?\s*["']?\s*(\d{1,3}(?:\.\d+)?)/i;
const REASON_TEXT = /(?:reason|理由|原因)\s*["']?\s*[:：=]\s*["']?([^\n"]+)/i;

function inRange(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 100 ? n : null;
}

/**
 * The judgement in a judge model's answer: a JSON object with `score` (and `reason`) anywhere in
 * it, fenced or not, else "score: 82" and "reason: …" lines, in English or Chinese. Anything
 * else, or a score outside 0–100, is no judgement: the caller records that score as failed.
 */
export function parseJudgement(text: string): Judgement | null {
  for (const match of text.matchAll(/\{[^{}]*\}/g)) {
    try {
      const o = JSON.parse(match[0]) as Record<string, unknown>;
      const score = inRange(o.score ?? o.rating ?? o['评分']);
      if (score !== null) {
        const reason = o.reason ?? o['理由'] ?? '';
        const metrics: Judgement['metrics'] = {};
        for (const m of JUDGED_METRICS) {
          const value = inRange(o[m]);
          if (value !== null) metrics[m] = value;
        }
        return {
          score,
          reason: typeof reason === 'string' ? reason.trim() : String(reason),
          metrics,
        };
      }
    } catch {
      // Not JSON: the lines below may still say it.
    }
  }
  const score = inRange(SCORE_TEXT.exec(text)?.[1]);
  if (score === null) return null;
  return { score, reason: REASON_TEXT.exec(text)?.[1]?.trim() ?? '', metrics: {} };
}

/** A rubric with the item filled in: `{{question}}`, `{{expected}}` and `{{answer}}`. */
export function judgePrompt(
  rubric: string,
  item: { question: string; expected: string; answer: string },
): string {
  return rubric.replace(
    /\{\{\s*(question|expected|answer)\s*\}\}/g,
    (_, name: keyof typeof item) => item[name],
  );
}
