import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../../contract/api';
import type { CorpusCounts } from '../../../contract/corpus-counts';
import { hashPassword } from '../../auth/password';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';

interface Corpus {
  id: number;
  state: string;
  requireReview: boolean;
  itemCount: number;
  annotatedCount: number;
  reviewedCount: number;
}
interface Item {
  id: number;
  version: number;
  status: string;
}
interface Agreement {
  pairs: { a: { id: string }; b: { id: string }; items: number }[];
}

/** Accounts of our own: admin '0' reviews, user '1' and other '2' annotate. */
async function accounts(db: Database): Promise<void> {
  const rows = [
    { id: '0', userName: 'admin', role: 'admin' as const },
    { id: '1', userName: 'user', role: 'user' as const, name: '标注员甲' },
    { id: '2', userName: 'other', role: 'user' as const },
  ];
  for (const row of rows) {
    await db.insert(users).values({ ...row, passwordHash: await hashPassword(row.userName) });
  }
}

const SET_NAME = '计数校验集';

/** What the raw rows say, counted here without the server's definition. */
interface Recount {
  items: number;
  annotated: number;
  reviewed: number;
  disputed: number;
  skipped: number;
  pending: number;
  state: string;
  perAnnotator: Record<string, number>;
  bothLabelled: number;
}

/**
 * A set's counts from its rows: an item is annotated when its annotation is finished, i.e.
 * every assignee has a label row, or (no assignees) someone has; disputed when it is finished,
 * its assignees' labels differ and no reviewer has settled it; reviewed when a reviewer has.
 */
async function recount(db: Database, corpusId: number, requireReview: boolean): Promise<Recount> {
  const { rows: items } = (await db.execute(
    sql`select id, status, assignees, reviewer_id from corpus_items where corpus_id = ${corpusId}`,
  )) as unknown as {
    rows: { id: number; status: string; assignees: string[] | null; reviewer_id: string | null }[];
  };
  const { rows: labels } = (await db.execute(
    sql`select item_id, annotator_id, label from corpus_labels where corpus_id = ${corpusId}`,
  )) as unknown as { rows: { item_id: number; annotator_id: string; label: string }[] };
  const byItem = new Map<number, Map<string, string>>();
  const perAnnotator: Record<string, number> = {};
  for (const l of labels) {
    const item = byItem.get(l.item_id) ?? new Map<string, string>();
    item.set(l.annotator_id, l.label);
    byItem.set(l.item_id, item);
    perAnnotator[l.annotator_id] = (perAnnotator[l.annotator_id] ?? 0) + 1;
  }
  const out: Recount = {
    items: items.length,
    annotated: 0,
    reviewed: 0,
    disputed: 0,
    skipped: 0,
    pending: 0,
    state: 'pending',
    perAnnotator,
    bothLabelled: 0,
  };
  for (const item of items) {
    const given = byItem.get(item.id) ?? new Map<string, string>();
    const assignees = item.assignees ?? [];
    const finished = assignees.length ? assignees.every((a) => given.has(a)) : given.size > 0;
    const reviewed = item.reviewer_id !== null;
    if (given.has('1') && given.has('2')) out.bothLabelled++;
    if (finished) out.annotated++;
    if (reviewed) out.reviewed++;
    if (finished && !reviewed && new Set(assignees.map((a) => given.get(a))).size > 1) {
      out.disputed++;
    }
    if (!finished && item.status === 'skipped') out.skipped++;
    if (!finished && item.status !== 'skipped') out.pending++;
  }
  const done =
    out.annotated === out.items &&
    out.disputed === 0 &&
    (!requireReview || out.reviewed === out.items);
  out.state = out.annotated === 0 ? 'pending' : done ? 'done' : 'marking';
  return out;
}

/**
 * Every count the console shows for a set (list, detail, counts, agreement) is the recount of
 * its rows after each kind of item write: create, import, mark, skip, double annotation,
 * review, delete and bulk delete.
 */
describeBackends('corpus counts', (backend) => {
  const t = useTestApp(backend, { seed: false, prepare: accounts });
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'user', 'other']) tokens[name] = await t.login(name);
  });
  const ok = async <T>(who: string, path: string, body: unknown): Promise<T> => {
    const answer = await t.post(apiPath(...path.split('/')), body, { token: tokens[who] });
    expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(0);
    return answer.body.data as T;
  };

  /** Checks every count the console shows against the recount of the raw rows. */
  async function expectCounts(corpusId: number, step: string): Promise<Recount> {
    const set = await ok<Corpus>('user', 'corpus/detail', { id: corpusId });
    const raw = await recount(t.db, corpusId, set.requireReview);
    const shown = {
      items: set.itemCount,
      annotated: set.annotatedCount,
      reviewed: set.reviewedCount,
      state: set.state,
    };
    const expected = {
      items: raw.items,
      annotated: raw.annotated,
      reviewed: raw.reviewed,
      state: raw.state,
    };
    expect(shown, `detail after ${step}`).toEqual(expected);

    const page = await ok<{ list: Corpus[] }>('user', 'corpus/page', {
      pageSize: 100,
      filters: [{ field: 'corpusName', operator: 'eq', value: SET_NAME }],
    });
    const row = page.list.find((c) => c.id === corpusId);
    expect(
      row && [row.itemCount, row.annotatedCount, row.reviewedCount, row.state],
      `list after ${step}`,
    ).toEqual([raw.items, raw.annotated, raw.reviewed, raw.state]);

    const counts = await ok<CorpusCounts>('user', 'corpus/counts', { id: corpusId });
    expect(
      {
        items: counts.items,
        annotated: counts.annotated,
        reviewed: counts.reviewed,
        disputed: counts.disputed,
        skipped: counts.skipped,
        pending: counts.pending,
      },
      `counts after ${step}`,
    ).toEqual({
      items: raw.items,
      annotated: raw.annotated,
      reviewed: raw.reviewed,
      disputed: raw.disputed,
      skipped: raw.skipped,
      pending: raw.pending,
    });
    expect(
      Object.fromEntries(counts.annotators.map((a) => [a.id, a.labelled])),
      `per annotator after ${step}`,
    ).toEqual(raw.perAnnotator);

    const agreement = await ok<Agreement>('user', 'corpus/agreement', { id: corpusId });
    const pair = agreement.pairs.find((p) => p.a.id === '1' && p.b.id === '2');
    expect(pair?.items ?? 0, `agreement after ${step}`).toBe(raw.bothLabelled);
    return raw;
  }

  it('list, detail, counts and agreement all say what the rows say, through every kind of write', async () => {
    const { id } = await ok<Corpus>('user', 'corpus/create', { corpusName: SET_NAME });
    await expectCounts(id, 'create set');

    const newItem = (question: string, extra: object = {}) =>
      ok<Item>('user', 'corpus/item/create', { corpusId: id, question, ...extra });
    const single = await newItem('单人一');
    const skipped = await newItem('单人二');
    const reviewedLater = await newItem('单人三');
    const agreed = await newItem('双人一致', { assignees: ['1', '2'] });
    const split = await newItem('双人分歧', { assignees: ['1', '2'] });
    const half = await newItem('双人只有一人', { assignees: ['1', '2'] });
    await expectCounts(id, 'create items');

    await ok('user', 'corpus/item/import', {
      corpusId: id,
      format: 'csv',
      content: 'question,answer\n导入一,甲\n导入二,乙\n导入三,丙\n',
    });
    await expectCounts(id, 'import');

    await ok('user', 'corpus/item/mark', {
      id: single.id,
      version: single.version,
      label: 'correct',
    });
    await ok('user', 'corpus/item/mark', { id: skipped.id, version: skipped.version, skip: true });
    const marked = await ok<Item>('other', 'corpus/item/mark', {
      id: reviewedLater.id,
      version: reviewedLater.version,
      label: 'incorrect',
    });
    await expectCounts(id, 'mark and skip');

    for (const [who, item, label] of [
      ['user', agreed, 'correct'],
      ['other', agreed, 'correct'],
      ['user', split, 'correct'],
      ['other', split, 'needs-review'],
      ['other', half, 'incorrect'],
    ] as const) {
      await ok(who, 'corpus/item/mark', { id: item.id, version: item.version, label });
    }
    const afterDouble = await expectCounts(id, 'double annotation');
    // The case an operator tripped on: what both labelled is what the list calls annotated
    // among the double-annotated items (agreed and disputed; the half-done one is pending).
    expect(afterDouble.disputed).toBe(1);
    expect(afterDouble.bothLabelled).toBe(2);
    expect(afterDouble.annotated).toBe(2 + 2);

    const splitNow = await ok<Item>('user', 'corpus/item/detail', { id: split.id });
    await ok('admin', 'corpus/item/review', {
      id: splitNow.id,
      version: splitNow.version,
      decision: 'correct',
      label: 'correct',
    });
    await ok('admin', 'corpus/item/review', {
      id: marked.id,
      version: marked.version,
      decision: 'accept',
    });
    await expectCounts(id, 'review');

    await ok('user', 'corpus/update', {
      id,
      version: (await ok<{ version: number }>('user', 'corpus/detail', { id })).version,
      requireReview: true,
    });
    await expectCounts(id, 'require review');

    await ok('user', 'corpus/item/delete', { id: single.id });
    await expectCounts(id, 'delete');
    await ok('user', 'corpus/item/delete', { ids: [agreed.id, half.id, skipped.id] });
    const last = await expectCounts(id, 'bulk delete');
    expect(last.items).toBe(5);
  });
});
