import type { PromptVariable } from '../../../contract/prompt-variables';
import type { ReviewState, VersionState } from '../../../contract/resources/prompt';
import { DOMAINS, domainOf, type Domain } from './domains';
import type { Random } from './random';
import {
  COMMON_VARIABLES,
  DRAFT_NOTES,
  mainLine,
  PENDING_NOTES,
  REJECT_REASONS,
  REQUIREMENTS,
  sentenceFor,
  VERSION_NOTES,
} from './texts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface HandWrittenPrompt {
  title: string;
  sceneCode: string;
  type: 'WINGPT' | 'CHATGPT';
  status: 0 | 1;
  isPublic: 0 | 1;
  ownerId: string;
  content: string;
  description: string | null;
  variables: PromptVariable[];
  /** Older versions, oldest first; the live one is the row itself. */
  history: { content: string; note: string }[];
  note: string;
  daysAgo: number;
}

const text = (name: string, fieldName: string): PromptVariable => ({
  name,
  type: 'text',
  fieldName,
});

/** Platform templates (written by the admin) and the demo user's personal ones. */
export const DEMO_PROMPTS: readonly HandWrittenPrompt[] = [
  {
    title: '代码审查提示词',
    sceneCode: 'code-assistant',
    type: 'CHATGPT',
    status: 1,
    isPublic: 1,
    ownerId: '0',
    content: '你是一名资深工程师，请审查以下代码：{{code}}，指出缺陷并给出改进建议。',
    description: '平台通用的代码审查模板',
    variables: [text('代码', 'code')],
    history: [{ content: '请审查以下代码：{{code}}', note: '初始版本' }],
    note: '补充角色设定',
    daysAgo: 120,
  },
  {
    title: '客服欢迎语',
    sceneCode: 'customer-service',
    type: 'WINGPT',
    status: 1,
    isPublic: 1,
    ownerId: '0',
    content: '请用亲切的语气回答用户关于{{product}}的问题，无法回答时引导转人工。',
    description: null,
    variables: [
      {
        name: '产品',
        type: 'select',
        fieldName: 'product',
        options: ['会员', '订单', '物流', '退款'],
      },
    ],
    history: [
      { content: '请回答用户关于{{product}}的问题。', note: '初始版本' },
      { content: '请用亲切的语气回答用户关于{{product}}的问题。', note: '调整语气' },
    ],
    note: '增加转人工引导',
    daysAgo: 110,
  },
  {
    title: '会议纪要整理',
    sceneCode: 'meeting-minutes',
    type: 'CHATGPT',
    status: 1,
    isPublic: 1,
    ownerId: '0',
    content: '请把以下转写稿整理为：议题、结论、待办（负责人、截止时间）。\n{{transcript}}',
    description: '输出 Markdown 格式',
    variables: [text('会议转写稿', 'transcript')],
    history: [],
    note: '初始版本',
    daysAgo: 100,
  },
  {
    title: 'SQL 生成（MySQL 方言）',
    sceneCode: 'text-to-sql',
    type: 'WINGPT',
    status: 0,
    isPublic: 1,
    ownerId: '0',
    content: '根据表结构 {{schema}} 为问题「{{question}}」写出 SQL，只输出 SQL。',
    description: '已停用，待适配新版本模型',
    variables: [text('表结构', 'schema'), text('问题', 'question')],
    history: [
      { content: '根据表结构 {{schema}} 为问题「{{question}}」写出 SQL。', note: '初始版本' },
    ],
    note: '限制只输出 SQL',
    daysAgo: 95,
  },
  {
    title: '我的周报模板',
    sceneCode: 'work-report',
    type: 'CHATGPT',
    status: 1,
    isPublic: 0,
    ownerId: '1',
    content: '根据本周工作记录 {{notes}} 生成周报：本周进展、问题与风险、下周计划。',
    description: null,
    variables: [text('工作记录', 'notes')],
    history: [],
    note: '初始版本',
    daysAgo: 40,
  },
  {
    title: '合同风险提示',
    sceneCode: 'contract-review',
    type: 'WINGPT',
    status: 1,
    isPublic: 0,
    ownerId: '1',
    content: '逐条检查合同 {{contract}} 中的违约责任、付款与保密条款，列出风险。',
    description: '个人调试中',
    variables: [text('合同文本', 'contract')],
    history: [{ content: '检查合同 {{contract}} 中的风险。', note: '初始版本' }],
    note: '细化检查范围',
    daysAgo: 20,
  },
];

export interface DemoPromptVersion {
  number: number;
  state: VersionState;
  title: string;
  sceneCode: string | null;
  type: 'WINGPT' | 'CHATGPT';
  content: string;
  variables: PromptVariable[];
  description: string | null;
  note: string;
  authorId: string;
  reviewerId: string | null;
  reviewedAt: Date | null;
  reason: string | null;
  createdAt: Date;
}

export interface DemoPrompt {
  title: string;
  sceneCode: string | null;
  type: 'WINGPT' | 'CHATGPT';
  status: 0 | 1;
  isPublic: 0 | 1;
  ownerId: string;
  content: string;
  variables: PromptVariable[];
  description: string | null;
  note: string;
  liveVersion: number;
  pendingVersion: number | null;
  reviewState: ReviewState;
  createdAt: Date;
  updatedAt: Date;
  /** Every version, number 1..n (the prompt_versions rows, without promptId). */
  versions: DemoPromptVersion[];
}

export interface PromptCounts {
  /** All templates, hand-written included. */
  total: number;
  /** Share of platform templates. */
  platformShare: number;
  pending: number;
  draft: number;
  rejected: number;
}

const PERSONAL_SUFFIXES = ['个人版', '调试中', '自用', '精简版', '实验', '备用'];

/** The hand-written templates as demo rows, with their version histories. */
function handWritten(now: number): DemoPrompt[] {
  return DEMO_PROMPTS.map(({ history, daysAgo, ...p }, i) => {
    const created = now - daysAgo * DAY;
    const all = [...history, { content: p.content, note: p.note }];
    const versions = all.map((v, k): DemoPromptVersion => {
      const at = new Date(created + k * 7 * DAY + i * HOUR);
      const reviewed = p.isPublic === 1 && k > 0;
      return {
        number: k + 1,
        state: k === all.length - 1 ? 'live' : 'archived',
        title: p.title,
        sceneCode: p.sceneCode,
        type: p.type,
        content: v.content,
        variables: p.variables.filter((x) => v.content.includes(`{{${x.fieldName}}}`)),
        description: p.description,
        note: v.note,
        authorId: p.ownerId,
        reviewerId: reviewed ? '0' : null,
        reviewedAt: reviewed ? new Date(at.getTime() + 2 * HOUR) : null,
        reason: null,
        createdAt: at,
      };
    });
    const last = versions[versions.length - 1] as DemoPromptVersion;
    return {
      ...p,
      liveVersion: last.number,
      pendingVersion: null,
      reviewState: 'none',
      createdAt: new Date(created),
      updatedAt: last.createdAt,
      versions,
    };
  });
}

interface Part {
  text: string;
  variable?: PromptVariable;
}

/** One generated template and its live history (no pending change yet). */
function generated(
  rng: Random,
  now: number,
  d: Domain,
  title: string,
  isPublic: 0 | 1,
  ownerId: string,
): DemoPrompt {
  const extras: PromptVariable[] = [];
  const extraCount = rng.weighted([
    [0, 2],
    [1, 4],
    [2, 3],
    [3, 2],
  ] as const);
  if (extraCount > 0 && rng.chance(0.6)) extras.push(d.extra);
  for (const v of rng.shuffle(COMMON_VARIABLES)) {
    if (extras.length >= extraCount) break;
    if (v.fieldName !== d.input.fieldName && v.fieldName !== d.extra.fieldName) extras.push(v);
  }
  const parts: Part[] = rng.shuffle([
    ...extras.map((v) => ({ text: sentenceFor(v), variable: v })),
    ...rng.sample(REQUIREMENTS, rng.int(0, 2)).map((t) => ({ text: t })),
  ]);
  const n = rng.weighted([
    [1, 3],
    [2, 3],
    [3, 2],
    [4, 1.2],
    [5, 0.8],
  ] as const);
  const createdDaysAgo =
    isPublic === 1 ? (rng.chance(0.85) ? rng.int(95, 240) : rng.int(10, 85)) : rng.int(5, 200);
  const created = now - createdDaysAgo * DAY - rng.int(0, 23) * HOUR;
  const span = Math.max(now - created - DAY, HOUR);
  const inputVariable: PromptVariable = {
    name: d.input.name,
    type: 'text',
    fieldName: d.input.fieldName,
  };
  const sceneCode = isPublic === 0 && rng.chance(0.08) ? null : d.code;
  const type = rng.chance(0.45) ? 'WINGPT' : 'CHATGPT';
  const description =
    isPublic === 1
      ? rng.chance(0.8)
        ? `${d.name}场景的「${title}」模板，适用于日常业务。`
        : null
      : rng.chance(0.4)
        ? '个人调试中'
        : null;

  const versions: DemoPromptVersion[] = [];
  let included = 0;
  for (let k = 1; k <= n; k++) {
    const count = n === 1 ? parts.length : Math.round((parts.length * (k - 1)) / (n - 1));
    const used = parts.slice(0, count);
    const added = parts.slice(included, count);
    const note =
      k === 1
        ? '初始版本'
        : added.find((p) => p.variable)
          ? `新增「${added.find((p) => p.variable)?.variable?.name}」变量`
          : added.length
            ? '补充输出要求'
            : rng.pick(VERSION_NOTES);
    included = count;
    const content = [mainLine(d, title, (n - k) % 2), ...used.map((p) => p.text)].join('\n');
    const at = created + Math.floor((span * (k - 1)) / n) + (k > 1 ? rng.int(0, 8) * HOUR : 0);
    const reviewed = isPublic === 1 && k > 1;
    versions.push({
      number: k,
      state: k === n ? 'live' : 'archived',
      title,
      sceneCode,
      type,
      content,
      variables: [inputVariable, ...used.flatMap((p) => (p.variable ? [p.variable] : []))],
      description,
      note,
      authorId: k === 1 || isPublic === 0 ? ownerId : rng.chance(0.6) ? '1' : '0',
      reviewerId: reviewed ? '0' : null,
      reviewedAt: reviewed ? new Date(at + rng.int(1, 20) * HOUR) : null,
      reason: null,
      createdAt: new Date(at),
    });
  }
  const live = versions[n - 1] as DemoPromptVersion;
  return {
    title,
    sceneCode,
    type,
    status: rng.chance(0.92) ? 1 : 0,
    isPublic,
    ownerId,
    content: live.content,
    variables: live.variables,
    description,
    note: live.note,
    liveVersion: n,
    pendingVersion: null,
    reviewState: 'none',
    createdAt: new Date(created),
    updatedAt: new Date(Math.max(live.createdAt.getTime(), live.reviewedAt?.getTime() ?? 0)),
    versions,
  };
}

/** A newer version waiting on the live one: a draft, a pending review or a rejected one. */
function addChange(
  rng: Random,
  now: number,
  p: DemoPrompt,
  state: 'draft' | 'pending' | 'rejected',
) {
  const live = p.versions[p.versions.length - 1] as DemoPromptVersion;
  const extra = REQUIREMENTS.find((r) => !live.content.includes(r)) ?? REQUIREMENTS[0];
  const at = live.createdAt.getTime() + Math.floor((now - live.createdAt.getTime()) * 0.6);
  const rejected = state === 'rejected';
  const version: DemoPromptVersion = {
    ...live,
    number: live.number + 1,
    state,
    content: `${live.content}\n${extra}`,
    note:
      state === 'draft'
        ? rng.pick(DRAFT_NOTES)
        : rejected
          ? '增加输出限制'
          : rng.pick(PENDING_NOTES),
    authorId: rng.chance(0.7) ? '1' : '0',
    reviewerId: rejected ? '0' : null,
    reviewedAt: rejected ? new Date(Math.min(now - HOUR, at + rng.int(2, 30) * HOUR)) : null,
    reason: rejected ? rng.pick(REJECT_REASONS) : null,
    createdAt: new Date(at),
  };
  p.versions.push(version);
  p.pendingVersion = version.number;
  p.reviewState = state;
  p.updatedAt = new Date(Math.max(at, version.reviewedAt?.getTime() ?? 0));
}

/**
 * The demo's templates: the hand-written ones, then platform templates round-robin over the
 * domains (so every scene has one to bind), then personal ones of the two demo accounts.
 * Titles are unique (the seed maps inserted ids back by title).
 */
export function demoPrompts(rng: Random, now: number, counts: PromptCounts): DemoPrompt[] {
  const out = handWritten(now);
  const titles = new Set(out.map((p) => p.title));
  const unique = (title: string) => {
    let t = title;
    for (let i = 2; titles.has(t); i++) t = `${title}（${i}）`;
    titles.add(t);
    return t;
  };
  const total = Math.max(counts.total, out.length);
  const platform = Math.round(total * counts.platformShare);
  const handPlatform = out.filter((p) => p.isPublic === 1).length;
  const generatedPlatform = Math.max(0, platform - handPlatform);
  const generatedPersonal = Math.max(0, total - out.length - generatedPlatform);

  const platformStart = out.length;
  for (let i = 0; i < generatedPlatform; i++) {
    const d = DOMAINS[i % DOMAINS.length] as Domain;
    const base = d.titles[Math.floor(i / DOMAINS.length) % d.titles.length] as string;
    const owner = rng.chance(0.7) ? '0' : '1';
    out.push(generated(rng, now, d, unique(base), 1, owner));
  }
  for (let i = 0; i < generatedPersonal; i++) {
    const d = rng.pick(DOMAINS);
    const title = unique(`${rng.pick(d.titles)}（${rng.pick(PERSONAL_SUFFIXES)}）`);
    out.push(generated(rng, now, d, title, 0, rng.chance(0.55) ? '1' : '0'));
  }

  // Changes under review, only on enabled platform templates.
  const candidates = rng.shuffle(
    out
      .map((p, i) => [p, i] as const)
      .filter(([p, i]) => i >= platformStart && p.isPublic === 1 && p.status === 1)
      .map(([, i]) => i),
  );
  const states = [
    ...Array<'pending'>(counts.pending).fill('pending'),
    ...Array<'draft'>(counts.draft).fill('draft'),
    ...Array<'rejected'>(counts.rejected).fill('rejected'),
  ];
  states.forEach((state, k) => {
    const index = candidates[k];
    if (index !== undefined) addChange(rng, now, out[index] as DemoPrompt, state);
  });
  return out;
}

/** The domain a template's texts come from (its scene's, else the first). */
export function promptDomain(p: Pick<DemoPrompt, 'sceneCode' | 'title'>): Domain {
  return (
    domainOf(p.sceneCode) ??
    DOMAINS.find((d) => d.titles.some((t) => p.title.startsWith(t))) ??
    (DOMAINS[0] as Domain)
  );
}
