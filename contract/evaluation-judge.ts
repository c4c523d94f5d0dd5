/**
 * The rubric an evaluation with a judge and no rubric of its own uses: the server sends it, the
 * evaluation form shows it.
 */
export const DEFAULT_JUDGE_RUBRIC = `You are grading an assistant's answer against the expected answer.

Question:
{{question}}

Expected answer:
{{expected}}

Answer to grade:
{{answer}}

Rate the answer from 0 to 100 overall, and for accuracy (agrees with the expected answer), relevance (addresses the question) and fluency (clear, natural language).
Reply with one JSON object and nothing else:
{"score": <0-100>, "accuracy": <0-100>, "relevance": <0-100>, "fluency": <0-100>, "reason": "<one sentence>"}`;
