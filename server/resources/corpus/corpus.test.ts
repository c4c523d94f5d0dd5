import { beforeAll, describe, expect, it } from 'vitest';
import { agreementOf } from '../../../contract/agreement';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import { hashPassword } from '../../auth/password';
import type { Database } from '../../db/client';
import { promptCalls, users } from '../../db/schema';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';

interface Corpus {
  id: number;
  version: number;
  updatedAt: string;
  state: string;
  requireReview: boolean;
  itemCount: number;
  annotatedCount: number;
  reviewedCount: number;
}
interface Item {
  id: number;
  version: number;
  corpusId: number;
  corpusName: string | null;
  question: string;
  label: string | null;
  status: string;
  tags: string[];
  comment: string | null;
  recommendedAnswer: string | null;
  annotatorId: string | null;
  annotatorName: string | null;
  reviewerName: string | null;
  reviewResult: string | null;
  sourceCallId: number | null;
}
interface Label {
  annotatorId: string;
  annotatorName: string | null;
  label: string;
}

/** Accounts of our own (the demo seed is not needed): admin '0', user '1', other '2'. */
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

/**
 * Corpus sets and items: counts updated with every item write, annotation with version
 * checks, double annotation, review, from-call, labels and agreement.
 */
describeBackends('corpus sets and items', (backend) => {
  const t = useTestApp(backend, { seed: false, prepare: accounts });
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'user', 'other']) tokens[name] = await t.login(name);
  });
  const as = (who: string, path: string, body: unknown, lang?: string) =>
    t.post(apiPath(...path.split('/')), body, { token: tokens[who], ...(lang ? { lang } : {}) });
  const ok = async <T>(who: string, path: string, body: unknown): Promise<T> => {
    const answer = await as(who, path, body);
    expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(0);
    return answer.body.data as T;
  };
  const newCorpus = (extra: object = {}) =>
    ok<Corpus>('user', 'corpus/create', { corpusName: '客服问答', ...extra });
  const corpus = (id: number) => ok<Corpus>('user', 'corpus/detail', { id });
  const newItem = (corpusId: number, extra: object = {}) =>
    ok<Item>('user', 'corpus/item/create', { corpusId, question: '如何退货？', ...extra });
  const counts = async (id: number) => {
    const c = await corpus(id);
    return [c.itemCount, c.annotatedCount, c.reviewedCount, c.state];
  };
  const mark = (who: string, item: Item, body: object) =>
    as(who, 'corpus/item/mark', { id: item.id, version: item.version, ...body });
  const review = (who: string, item: Item, body: object) =>
    as(who, 'corpus/item/review', { id: item.id, version: item.version, ...body });
  const detail = (id: number) => ok<Item>('user', 'corpus/item/detail', { id });

  describe('counts', () => {
    it('follow create, update, delete and bulk delete; the set’s version never moves', async () => {
      const set = await newCorpus();
      expect(await counts(set.id)).toEqual([0, 0, 0, 'pending']);
      const a = await newItem(set.id);
      const b = await newItem(set.id, { question: '如何换货？', tags: ['售后'] });
      const c = await newItem(set.id, { question: '运费谁出？' });
      expect(a.corpusName).toBe('客服问答');
      expect(await counts(set.id)).toEqual([3, 0, 0, 'pending']);

      await ok('user', 'corpus/item/update', { id: b.id, version: b.version, question: '换货' });
      expect(await counts(set.id)).toEqual([3, 0, 0, 'pending']);

      await ok('user', 'corpus/item/mark', { id: a.id, version: a.version, label: 'correct' });
      expect(await counts(set.id)).toEqual([3, 1, 0, 'marking']);

      await ok('user', 'corpus/item/delete', { id: c.id });
      expect(await counts(set.id)).toEqual([2, 1, 0, 'marking']);
      const after = await corpus(set.id);
      expect(after.version).toBe(set.version);
      expect(after.updatedAt > set.updatedAt).toBe(true);

      await ok('user', 'corpus/item/delete', { ids: [a.id, b.id] });
      expect(await counts(set.id)).toEqual([0, 0, 0, 'pending']);
      // The operator's stale-looking version is still the current one: no 40900 for them.
      await ok('user', 'corpus/update', { id: set.id, version: set.version, corpusName: '改名' });
    });

    it('a set is done when every item is annotated, and reviewed if it requires review', async () => {
      const set = await newCorpus();
      const item = await newItem(set.id);
      const marked = await ok<Item>('user', 'corpus/item/mark', {
        id: item.id,
        version: item.version,
        label: 'incorrect',
      });
      expect(await counts(set.id)).toEqual([1, 1, 0, 'done']);
      // Requiring review afterwards recomputes the state at once.
      const changed = await ok<Corpus>('user', 'corpus/update', {
        id: set.id,
        version: (await corpus(set.id)).version,
        requireReview: true,
      });
      expect(changed.state).toBe('marking');
      await ok('admin', 'corpus/item/review', {
        id: marked.id,
        version: marked.version,
        decision: 'accept',
      });
      expect(await counts(set.id)).toEqual([1, 1, 1, 'done']);
    });

    it('an item of a set that does not exist is refused on corpusId; at most two assignees', async () => {
      const missing = await as('user', 'corpus/item/create', {
        corpusId: 2_000_000_000,
        question: 'x',
      });
      expect(missing.body.code).toBe(Code.INVALID);
      expect((missing.body.data as { issues: { field: string }[] }).issues[0]!.field).toBe(
        'corpusId',
      );
      const set = await newCorpus();
      const three = await as('user', 'corpus/item/create', {
        corpusId: set.id,
        question: 'x',
        assignees: ['0', '1', '2'],
      });
      expect(three.body.code).toBe(Code.INVALID);
      // Named as the item form labels the field.
      expect(three.body.msg).toContain('指派标注员');
      expect(await counts(set.id)).toEqual([0, 0, 0, 'pending']);
    });
  });

  describe('mark', () => {
    it('labels an item, signs it and keeps the annotator’s own row', async () => {
      const set = await newCorpus();
      const item = await newItem(set.id, { tags: ['旧'] });
      const marked = await ok<Item>('user', 'corpus/item/mark', {
        id: item.id,
        version: item.version,
        label: 'correct',
        recommendedAnswer: '七天内可无理由退货',
        tags: ['退货'],
        comment: '清楚',
      });
      expect(marked).toMatchObject({
        status: 'annotated',
        label: 'correct',
        recommendedAnswer: '七天内可无理由退货',
        tags: ['退货'],
        comment: '清楚',
        annotatorId: '1',
        annotatorName: '标注员甲',
        version: item.version + 1,
      });
      const labels = await ok<{ list: Label[] }>('user', 'corpus/item/labels', { id: item.id });
      expect(labels.list).toMatchObject([
        { annotatorId: '1', annotatorName: '标注员甲', label: 'correct' },
      ]);
    });

    it('a stale version answers 40900 carrying the stored item', async () => {
      const set = await newCorpus();
      const item = await newItem(set.id);
      await ok('other', 'corpus/item/mark', {
        id: item.id,
        version: item.version,
        label: 'incorrect',
      });
      const stale = await mark('user', item, { label: 'correct' });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe(Code.CONFLICT);
      const current = (stale.body.data as { current: Item }).current;
      expect(current).toMatchObject({
        id: item.id,
        label: 'incorrect',
        annotatorName: 'other',
        version: item.version + 1,
        corpusName: '客服问答',
      });
      expect(current).toEqual(await detail(item.id));
      // Nothing of the refused call was stored.
      const labels = await ok<{ list: Label[] }>('user', 'corpus/item/labels', { id: item.id });
      expect(labels.list.map((l) => l.annotatorId)).toEqual(['2']);
    });

    it('skip moves only a pending item; a reviewed item cannot be marked', async () => {
      const set = await newCorpus();
      const item = await newItem(set.id);
      const skipped = await ok<Item>('user', 'corpus/item/mark', {
        id: item.id,
        version: item.version,
        skip: true,
      });
      expect(skipped).toMatchObject({ status: 'skipped', label: null, annotatorId: null });
      expect(await counts(set.id)).toEqual([1, 0, 0, 'pending']);
      const again = await mark('user', skipped, { skip: true });
      expect(again.body.code).toBe(Code.INVALID);
      expect(again.body.msg).toContain('状态');

      const marked = await ok<Item>('user', 'corpus/item/mark', {
        id: item.id,
        version: skipped.version,
        label: 'correct',
      });
      const reviewed = await ok<Item>('admin', 'corpus/item/review', {
        id: item.id,
        version: marked.version,
        decision: 'accept',
      });
      const refused = await mark('user', reviewed, { label: 'incorrect' });
      expect(refused.body.code).toBe(Code.INVALID);
      expect((refused.body.data as { issues: { field: string }[] }).issues[0]!.field).toBe(
        'status',
      );
    });

    it('a body without label or skip is refused on label', async () => {
      const set = await newCorpus();
      const item = await newItem(set.id);
      const answer = await mark('user', item, {});
      expect(answer.body.code).toBe(Code.INVALID);
      expect((answer.body.data as { issues: { field: string }[] }).issues[0]!.field).toBe('label');
      expect(
        (await as('user', 'corpus/item/mark', { id: 2_000_000_000, version: 1, label: 'correct' }))
          .body.code,
      ).toBe(Code.NOT_FOUND);
    });
  });

  describe('double annotation', () => {
    it('only assignees mark; agreeing labels settle the item, differing ones dispute it', async () => {
      const set = await newCorpus();
      const agreed = await newItem(set.id, { assignees: ['1', '2'] });
      const disputed = await newItem(set.id, { question: '第二条', assignees: ['1', '2'] });

      const stranger = await mark('admin', agreed, { label: 'correct' });
      expect(stranger.body.code).toBe(Code.INVALID);
      expect((stranger.body.data as { issues: { field: string }[] }).issues[0]!.field).toBe(
        'assignees',
      );

      // No version check between assignees: both send the version they read.
      const first = await ok<Item>('user', 'corpus/item/mark', {
        id: agreed.id,
        version: agreed.version,
        label: 'correct',
      });
      expect(first).toMatchObject({ status: 'pending', label: null });
      const second = await ok<Item>('other', 'corpus/item/mark', {
        id: agreed.id,
        version: agreed.version,
        label: 'correct',
      });
      expect(second).toMatchObject({ status: 'annotated', label: 'correct' });

      await ok('user', 'corpus/item/mark', {
        id: disputed.id,
        version: disputed.version,
        label: 'correct',
      });
      const split = await ok<Item>('other', 'corpus/item/mark', {
        id: disputed.id,
        version: disputed.version,
        label: 'incorrect',
      });
      expect(split).toMatchObject({ status: 'disputed', label: null });
      // Both items are annotated (both labels are in); the open dispute keeps the set marking.
      expect(await counts(set.id)).toEqual([2, 2, 0, 'marking']);
      const labels = await ok<{ list: Label[] }>('user', 'corpus/item/labels', {
        id: disputed.id,
      });
      expect(labels.list.map((l) => [l.annotatorId, l.label])).toEqual([
        ['1', 'correct'],
        ['2', 'incorrect'],
      ]);

      // A disputed item has nothing to accept: the reviewer corrects it with a label.
      const accept = await review('admin', split, { decision: 'accept' });
      expect(accept.body.code).toBe(Code.INVALID);
      expect((accept.body.data as { issues: { field: string }[] }).issues[0]!.field).toBe(
        'decision',
      );
      const corrected = await ok<Item>('admin', 'corpus/item/review', {
        id: split.id,
        version: split.version,
        decision: 'correct',
        label: 'needs-review',
        comment: '口径待定',
      });
      expect(corrected).toMatchObject({
        status: 'reviewed',
        reviewResult: 'corrected',
        label: 'needs-review',
        comment: '口径待定',
        reviewerName: 'admin',
      });
      expect(await counts(set.id)).toEqual([2, 2, 1, 'done']);
    });
  });

  describe('review', () => {
    it('needs an annotated or disputed item and the current version', async () => {
      const set = await newCorpus();
      const item = await newItem(set.id);
      const early = await review('admin', item, { decision: 'accept' });
      expect(early.body.code).toBe(Code.INVALID);
      expect(early.body.msg).toContain('状态');

      const marked = await ok<Item>('user', 'corpus/item/mark', {
        id: item.id,
        version: item.version,
        label: 'correct',
      });
      const stale = await review('admin', item, { decision: 'accept' });
      expect(stale.body.code).toBe(Code.CONFLICT);
      expect((stale.body.data as { current: Item }).current).toEqual(marked);

      const noLabel = await review('admin', marked, { decision: 'correct' });
      expect(noLabel.body.code).toBe(Code.INVALID);
      expect((noLabel.body.data as { issues: { field: string }[] }).issues[0]!.field).toBe('label');

      const accepted = await ok<Item>('admin', 'corpus/item/review', {
        id: marked.id,
        version: marked.version,
        decision: 'accept',
      });
      expect(accepted).toMatchObject({
        status: 'reviewed',
        reviewResult: 'accepted',
        label: 'correct',
        annotatorName: '标注员甲',
      });
      expect(await counts(set.id)).toEqual([1, 1, 1, 'done']);
    });
  });

  describe('from-call', () => {
    it('adds a template call to a set as an item', async () => {
      const [call] = await t.db
        .insert(promptCalls)
        .values({
          title: '退货咨询',
          question: '买错了能退吗？',
          answer: '可以',
          recommendedAnswer: '七天内可退',
        } as typeof promptCalls.$inferInsert)
        .returning();
      const callId = (call as { id: number }).id;
      const set = await newCorpus();
      const item = await ok<Item>('user', 'corpus/item/from-call', { callId, corpusId: set.id });
      expect(item).toMatchObject({
        corpusId: set.id,
        question: '买错了能退吗？',
        recommendedAnswer: '七天内可退',
        sourceCallId: callId,
        status: 'pending',
      });
      expect(await counts(set.id)).toEqual([1, 0, 0, 'pending']);
      const noCall = await as('user', 'corpus/item/from-call', {
        callId: 2_000_000_000,
        corpusId: set.id,
      });
      expect(noCall.body.code).toBe(Code.NOT_FOUND);
      const noSet = await as('user', 'corpus/item/from-call', {
        callId,
        corpusId: 2_000_000_000,
      });
      expect(noSet.body.code).toBe(Code.NOT_FOUND);
    });
  });

  describe('agreement', () => {
    it('gives percent and kappa per annotator pair and lists the disagreements', async () => {
      const set = await newCorpus();
      // user labels c, i, c, n; other labels c, i, i, n.
      //   agreed 3 of 4: pₒ = 3/4. user: c 2, i 1, n 1; other: c 1, i 2, n 1.
      //   pₑ = (2·1 + 1·2 + 1·1) / 4² = 5/16; κ = (12/16 − 5/16) / (11/16) = 7/11.
      const plan: [string, string][] = [
        ['correct', 'correct'],
        ['incorrect', 'incorrect'],
        ['correct', 'incorrect'],
        ['needs-review', 'needs-review'],
      ];
      const items: Item[] = [];
      for (const [i, [mine, theirs]] of plan.entries()) {
        const item = await newItem(set.id, { question: `问题 ${i}`, assignees: ['1', '2'] });
        items.push(item);
        await ok('user', 'corpus/item/mark', { id: item.id, version: 1, label: mine });
        await ok('other', 'corpus/item/mark', { id: item.id, version: 1, label: theirs });
      }
      const answer = await ok<{
        pairs: {
          a: { id: string; name: string | null };
          b: { id: string; name: string | null };
          items: number;
          agreed: number;
          percent: number;
          kappa: number;
        }[];
        disagreements: { itemId: number; status: string; labels: Label[] }[];
      }>('user', 'corpus/agreement', { id: set.id });
      expect(answer.pairs).toHaveLength(1);
      const [pair] = answer.pairs;
      expect(pair).toMatchObject({
        a: { id: '1', name: '标注员甲' },
        b: { id: '2', name: 'other' },
        items: 4,
        agreed: 3,
        percent: 0.75,
      });
      expect(pair!.kappa).toBeCloseTo(7 / 11, 10);
      expect(pair!.kappa).toBeCloseTo(
        agreementOf(plan.map(([a, b]) => ({ a, b, count: 1 }))).kappa!,
        12,
      );
      expect(answer.disagreements).toHaveLength(1);
      expect(answer.disagreements[0]).toMatchObject({
        itemId: items[2]!.id,
        status: 'disputed',
        labels: [
          { annotatorId: '1', label: 'correct' },
          { annotatorId: '2', label: 'incorrect' },
        ],
      });
      const empty = await ok<{ pairs: unknown[] }>('user', 'corpus/agreement', {
        id: (await newCorpus()).id,
      });
      expect(empty).toEqual({ pairs: [], disagreements: [] });
      expect((await as('user', 'corpus/agreement', { id: 2_000_000_000 })).body.code).toBe(
        Code.NOT_FOUND,
      );
    });
  });
});
