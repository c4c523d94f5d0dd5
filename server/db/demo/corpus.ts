import type { CORPUS_STATES, CORPUS_TYPES } from '../../../contract/resources/corpus';
import type { ItemLabel, ItemState } from '../../../contract/resources/corpus-item';
import type { corpora, corpusItems } from '../schema';
import { ADMIN_ID } from '../../../contract/auth';
import { normalizeTags } from '../../../contract/tags';
import { corpusStateOf, countStatuses } from '../../../contract/corpus-counts';
import { ANNOTATOR_IDS, DEMO_ACCOUNTS, DEMO_USER_ID } from './accounts';
import { DOMAINS, type Domain } from './domains';
import type { Random } from './random';
import { REQUIREMENTS } from './texts';
import { CORPUS_PLANS, FULL_CORPUS_ITEMS, type Mix } from './corpus-plans';
import { daysBefore } from './time';

export { FULL_CORPUS_ITEMS };

const HOUR = 3_600_000;

type CorpusType = (typeof CORPUS_TYPES)[number];
type CorpusState = (typeof CORPUS_STATES)[number];

/** One annotator's own label of an item (corpus_labels), without its item and set ids. */
export interface DemoLabel {
  annotatorId: string;
  annotatorName: string | null;
  label: ItemLabel;
  recommendedAnswer: string | null;
  comment: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type DemoCorpusItem = Omit<
  typeof corpusItems.$inferInsert,
  'corpusId' | 'sourceCallId' | 'id' | 'version'
> & {
  question: string;
  tags: string[];
  assignees: string[];
  annotatorId: string | null;
  annotatedAt: Date | null;
  reviewerId: string | null;
  reviewedAt: Date | null;
  reviewResult: 'accepted' | 'corrected' | null;
  createdAt: Date;
  updatedAt: Date;
  status: ItemState;
  label: ItemLabel | null;
  recommendedAnswer: string | null;
  answer: string | null;
  labels: DemoLabel[];
};

export type DemoCorpus = Omit<typeof corpora.$inferInsert, 'id' | 'version'> & {
  corpusName: string;
  sceneCode: string;
  state: CorpusState;
  requireReview: boolean;
  itemCount: number;
  annotatedCount: number;
  reviewedCount: number;
  items: DemoCorpusItem[];
};

const nameOf = (id: string) => DEMO_ACCOUNTS.find((a) => a.id === id)?.name ?? null;

const ASKS = [
  '应该怎么处理？',
  '标准答复是什么？',
  '有哪些注意事项？',
  '请给出具体步骤。',
  '常见原因有哪些？',
  '需要准备哪些材料？',
  '一般多久能处理完？',
  '有没有可参考的案例？',
  '怎么向用户解释比较好？',
  '怎样避免再次发生？',
];
const QA_FRAMES: readonly ((topic: string, ask: string) => string)[] = [
  (t, a) => `关于${t}，${a}`,
  (t, a) => `我们这边遇到了${t}的情况，${a}`,
  (t, a) => `${t}相关：${a}`,
  (t, a) => `请教一下${t}的问题，${a}`,
  (t, a) => `有同事问到${t}，${a}`,
];
const FOLLOW_UPS = [
  '能再具体一点吗？',
  '如果时间很紧，优先做哪一项？',
  '有没有现成的模板？',
  '这个结论的依据是什么？',
  '那下一步应该找谁对接？',
  '换成更正式的说法呢？',
  '还有别的办法吗？',
  '这样处理会有什么风险？',
];
const VAGUE = [
  '这个问题需要具体情况具体分析，建议咨询相关负责人。',
  '请参考相关文档，或稍后再试。',
  '抱歉，目前无法回答这个问题。',
];
const SKIP_NOTES = ['问题描述不完整，无法判断', '与本场景无关', '重复问题', null];
const NEEDS_REVIEW_NOTES = [
  '依据不足，需要业务方确认',
  '答案可能已过时，请核对最新制度',
  '涉及金额计算，建议复核',
];
const INCORRECT_NOTES = ['答非所问', '关键步骤缺失', '引用了不存在的条款', '结论与依据矛盾', null];
const CORRECTION_NOTES = ['审核更正：补充了关键依据', '审核更正：原标注过于宽松', '审核更正'];
const TAG_POOL = ['高频', '长尾', '易错', '新问题', '需更新'];

/** An item's question, a good answer to it, and the topic it is about (a tag). */
interface Text {
  question: string;
  good: string;
  topic: string;
}

function adviceText(rng: Random, d: Domain, k: number): string {
  return rng.sample(d.advice, Math.min(k, d.advice.length)).join('');
}

/** A question of the set's type, unique within `seen`. */
function textFor(rng: Random, d: Domain, type: CorpusType, seen: Set<string>): Text {
  for (let attempt = 0; ; attempt++) {
    const topic = rng.pick(d.topics);
    let question: string;
    if (type === 'qa') {
      question = rng.pick(QA_FRAMES)(topic, rng.pick(ASKS));
      // A snippet of the user's material now and then: more distinct questions per domain.
      const sample = rng.int(0, d.input.samples.length);
      if (sample > 0) question += `\n${d.input.name}：${d.input.samples[sample - 1]}`;
    } else if (type === 'dialogue') {
      question = [
        `用户：关于${topic}，${rng.pick(ASKS)}`,
        `助手：${rng.pick(d.advice)}`,
        `用户：${rng.pick(FOLLOW_UPS)}`,
      ].join('\n');
    } else {
      question = `请完成「${rng.pick(d.titles)}」（${topic}）：\n${rng.pick(d.input.samples)}\n要求：${rng.pick(REQUIREMENTS)}`;
    }
    if (attempt > 40) question += `（${seen.size + 1}）`;
    if (seen.has(question)) continue;
    seen.add(question);
    const good =
      type === 'instruction' && d.snippet && rng.chance(0.5)
        ? `\`\`\`${d.snippet.lang}\n${d.snippet.code}\n\`\`\`\n${rng.pick(d.advice)}`
        : adviceText(rng, d, rng.int(1, 3));
    return { question, good, topic };
  }
}

function drawLabel(rng: Random): ItemLabel {
  return rng.weighted<ItemLabel>([
    ['correct', 0.62],
    ['incorrect', 0.25],
    ['needs-review', 0.13],
  ]);
}

/** The answer stored with an item, as bad as its (eventual) label says. */
function answerFor(rng: Random, d: Domain, text: Text, label: ItemLabel | null): string {
  const kind = label ?? drawLabel(rng);
  if (kind === 'correct') return text.good;
  if (kind === 'needs-review') return rng.pick(VAGUE);
  // Incorrect: advice from another domain, confidently wrong.
  const other = DOMAINS[(DOMAINS.indexOf(d) + rng.int(1, DOMAINS.length - 1)) % DOMAINS.length]!;
  return rng.pick(other.advice);
}

/** Another label than `label` (a reviewer's correction, an annotator's disagreement). */
function otherLabel(rng: Random, label: ItemLabel): ItemLabel {
  return rng.pick((['correct', 'incorrect', 'needs-review'] as const).filter((l) => l !== label));
}

type Outcome = 'reviewed' | 'annotated' | 'skipped' | 'disputed' | 'half' | 'pending';

/** Outcomes by position: reviewers lag annotators, who work front to back; skips scattered. */
function outcomesFor(rng: Random, n: number, mix: Mix): Outcome[] {
  const counts: [Outcome, number][] = [
    ['reviewed', Math.round(n * mix.reviewed)],
    ['annotated', Math.round(n * mix.annotated)],
    ['disputed', Math.round(n * (mix.disputed ?? 0))],
    ['half', Math.round(n * (mix.half ?? 0))],
  ];
  const out: Outcome[] = [];
  for (const [outcome, k] of counts)
    for (let i = 0; i < k && out.length < n; i++) out.push(outcome);
  while (out.length < n) out.push('pending');
  // Disputes surface anywhere among the labelled items, not in a block.
  const labelled = out.filter((o) => o !== 'pending' && o !== 'half').length;
  const mixed = rng.shuffle(out.slice(0, labelled));
  out.splice(0, labelled, ...mixed);
  const skips = Math.round(n * mix.skipped);
  const open = out.flatMap((o, i) => (o === 'pending' ? [i] : []));
  for (const i of rng.sample(open, skips)) out[i] = 'skipped';
  return out;
}

/**
 * The counts and state a set's items imply, by the definition the server counts with
 * (contract/corpus-counts.ts): a disputed item is annotated, as both its labels are in.
 */
export function corpusCounts(
  items: readonly Pick<DemoCorpusItem, 'status'>[],
  requireReview: boolean,
): Pick<DemoCorpus, 'itemCount' | 'annotatedCount' | 'reviewedCount' | 'state'> {
  const counts = countStatuses(items.map((i) => i.status));
  return {
    itemCount: counts.items,
    annotatedCount: counts.annotated,
    reviewedCount: counts.reviewed,
    state: corpusStateOf(counts, requireReview),
  };
}

/** Sizes scaled to `total` items, each set keeping at least a few. */
function sizesFor(total: number): number[] {
  return CORPUS_PLANS.map((p) => Math.max(5, Math.round((p.size * total) / FULL_CORPUS_ITEMS)));
}

/**
 * The ten corpus sets with their items and every annotator's labels, for `now`. Items that are
 * annotated or reviewed carry a label row for their annotator; the double-annotated set has rows
 * for both annotators (agreeing on most items, disputed where they differ).
 */
export function demoCorpora(
  rng: Random,
  now: number,
  totalItems = FULL_CORPUS_ITEMS,
): DemoCorpus[] {
  const sizes = sizesFor(totalItems);
  return CORPUS_PLANS.map((plan, p) => {
    const d = DOMAINS.find((x) => x.code === plan.sceneCode)!;
    const created = +daysBefore(now, plan.daysAgo);
    const n = sizes[p]!;
    const outcomes = outcomesFor(rng, n, plan.mix);
    const seen = new Set<string>();
    // Annotation runs from a day after the import until an hour ago, front to back.
    const span = Math.max(now - HOUR - (created + 24 * HOUR), HOUR);
    const timeAt = (i: number) =>
      Math.min(created + 24 * HOUR + Math.floor((span * (i + rng.next())) / n), now - HOUR);

    const items = outcomes.map((outcome, i): DemoCorpusItem => {
      const text = textFor(rng, d, plan.type, seen);
      const itemCreated = new Date(created + i * 1000);
      // Stored as the console stores a typed tag (`API 文档` as `api 文档`).
      const tags = rng.chance(0.55) ? normalizeTags([text.topic]) : [];
      if (rng.chance(0.25)) tags.push(rng.pick(TAG_POOL));
      const base = {
        question: text.question,
        tags,
        assignees: plan.double ? [...ANNOTATOR_IDS] : [],
        createdAt: itemCreated,
      };
      const empty = {
        label: null,
        comment: null,
        annotatorId: null,
        annotatorName: null,
        annotatedAt: null,
        reviewerId: null,
        reviewerName: null,
        reviewedAt: null,
        reviewResult: null,
      } as const;

      if (outcome === 'pending' || outcome === 'skipped') {
        const answer = answerFor(rng, d, text, null);
        const skippedAt = outcome === 'skipped' ? new Date(timeAt(i)) : null;
        return {
          ...base,
          ...empty,
          answer,
          // Some imports came with a reference answer already.
          recommendedAnswer: rng.chance(0.1) ? text.good : null,
          status: outcome,
          comment: outcome === 'skipped' ? rng.pick(SKIP_NOTES) : null,
          updatedAt: skippedAt ?? itemCreated,
          labels: [],
        };
      }

      // What the (first) annotator decided.
      const label = drawLabel(rng);
      const answer = answerFor(rng, d, text, label);
      const proposed =
        label === 'incorrect' || (label === 'correct' && rng.chance(0.1)) ? text.good : null;
      const note =
        label === 'needs-review'
          ? rng.pick(NEEDS_REVIEW_NOTES)
          : label === 'incorrect'
            ? rng.pick(INCORRECT_NOTES)
            : null;
      const annotatedAt = new Date(timeAt(i));
      const labelRow = (annotatorId: string, l: ItemLabel, at: Date): DemoLabel => ({
        annotatorId,
        annotatorName: nameOf(annotatorId),
        label: l,
        recommendedAnswer: l === label ? proposed : l === 'incorrect' ? text.good : null,
        comment: l === label ? note : null,
        createdAt: at,
        updatedAt: at,
      });

      let labels: DemoLabel[];
      let annotatorId = DEMO_USER_ID;
      let settled: ItemLabel | null = label;
      let status: ItemState;
      let lastAt = annotatedAt;
      if (plan.double) {
        const [first, second] = rng.chance(0.5) ? ANNOTATOR_IDS : [...ANNOTATOR_IDS].reverse();
        const secondAt = new Date(
          Math.min(+annotatedAt + rng.int(1, 48) * HOUR, now - 30 * 60_000),
        );
        if (outcome === 'half') {
          // Only the first has labelled: the item waits for the second annotator.
          return {
            ...base,
            ...empty,
            answer,
            recommendedAnswer: null,
            status: 'pending',
            updatedAt: annotatedAt,
            labels: [labelRow(first!, label, annotatedAt)],
          };
        }
        const disagree = outcome === 'disputed' || outcome === 'reviewed';
        const secondLabel = disagree ? otherLabel(rng, label) : label;
        labels = [labelRow(first!, label, annotatedAt), labelRow(second!, secondLabel, secondAt)];
        annotatorId = second!;
        lastAt = secondAt;
        status =
          outcome === 'disputed' ? 'disputed' : outcome === 'reviewed' ? 'reviewed' : 'annotated';
        if (outcome === 'disputed') settled = null;
      } else {
        labels = [labelRow(DEMO_USER_ID, label, annotatedAt)];
        status = outcome === 'reviewed' ? 'reviewed' : 'annotated';
      }

      const annotated = {
        ...base,
        answer,
        label: settled,
        recommendedAnswer: settled === null ? null : proposed,
        comment: settled === null ? null : note,
        annotatorId,
        annotatorName: nameOf(annotatorId),
        annotatedAt: lastAt,
      };
      if (status !== 'reviewed') {
        return {
          ...annotated,
          status,
          reviewerId: null,
          reviewerName: null,
          reviewedAt: null,
          reviewResult: null,
          updatedAt: lastAt,
          labels,
        };
      }
      // Reviewed by the admin: mostly accepted; corrected ones (and every settled dispute) get
      // the reviewer's label and answer.
      const reviewedAt = new Date(Math.min(+lastAt + rng.int(1, 72) * HOUR, now - 60_000));
      const corrected = plan.double || rng.chance(0.18);
      const finalLabel = corrected
        ? plan.double
          ? rng.pick(labels).label
          : otherLabel(rng, label)
        : label;
      return {
        ...annotated,
        status,
        label: finalLabel,
        recommendedAnswer: corrected ? text.good : annotated.recommendedAnswer,
        comment: corrected ? rng.pick(CORRECTION_NOTES) : annotated.comment,
        reviewerId: ADMIN_ID,
        reviewerName: nameOf(ADMIN_ID),
        reviewedAt,
        reviewResult: corrected ? 'corrected' : 'accepted',
        updatedAt: reviewedAt,
        labels,
      };
    });

    const updated = items.reduce((m, it) => Math.max(m, +(it.updatedAt as Date)), created);
    return {
      corpusName: plan.corpusName,
      type: plan.type,
      sceneCode: plan.sceneCode,
      requireReview: plan.requireReview,
      description: plan.description,
      ...corpusCounts(items, plan.requireReview),
      createdAt: new Date(created),
      updatedAt: new Date(updated),
      items,
    };
  });
}
