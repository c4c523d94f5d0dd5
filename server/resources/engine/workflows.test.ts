import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import { describeBackends } from '../../test/backends';
import { addUser, useTestApp } from '../../test/harness';

type Row = Record<string, unknown> & { id: number; version: number };
interface Page {
  list: Row[];
  total: number;
}

/** Scenes, calls, session records and model versions: the operators' workflows. */
describeBackends('scene, call and record workflows', (backend) => {
  const t = useTestApp(backend, { prepare: (db) => addUser(db, '2', 'other') });
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'user', 'other']) tokens[name] = await t.login(name);
  });
  const as = (who: string, path: string, body: unknown) =>
    t.post(apiPath(...path.split('/')), body, { token: tokens[who] });
  const ok = async <T = Row>(who: string, path: string, body: unknown): Promise<T> => {
    const answer = await as(who, path, body);
    expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(0);
    return answer.body.data as T;
  };

  describe('scenes', () => {
    it('lists answer each row’s template title beside its id', async () => {
      const page = await ok<Page>('user', 'scene/page', { pageSize: 100 });
      const bound = page.list.filter((s) => s.templateId !== null);
      expect(bound.length).toBeGreaterThan(0);
      for (const s of bound) expect(typeof s.templateTitle).toBe('string');
    });

    it('binds an enabled visible template and unbinds it', async () => {
      const scene = await ok('user', 'scene/create', {
        sceneName: '绑定测试',
        sceneCode: 'bind-test',
        type: 0,
      });
      const template = await ok('user', 'prompt/create', {
        scope: 'public',
        title: '绑定用模板',
        content: '你好',
      });
      const bound = await ok('user', 'scene/template/bind', {
        id: scene.id,
        templateId: template.id,
      });
      expect(bound).toMatchObject({ templateId: template.id, templateTitle: '绑定用模板' });
      const unbound = await ok('user', 'scene/template/unbind', { id: scene.id });
      expect(unbound).toMatchObject({ templateId: null, templateTitle: null });
    });

    it('refuses a disabled template or someone else’s personal one (40000 on templateId)', async () => {
      const scene = await ok('user', 'scene/create', {
        sceneName: '拒绝绑定',
        sceneCode: 'no-bind',
      });
      const disabled = await ok('user', 'prompt/create', {
        scope: 'public',
        title: '停用模板',
        content: 'x',
        status: 0,
      });
      const foreign = await ok('other', 'prompt/create', {
        scope: 'personal',
        title: '别人的模板',
        content: 'y',
      });
      for (const templateId of [disabled.id, foreign.id, 999_999]) {
        const answer = await as('user', 'scene/template/bind', { id: scene.id, templateId });
        expect(answer.body.code).toBe(Code.INVALID);
        expect(JSON.stringify(answer.body)).toContain('templateId');
      }
      expect((await ok('user', 'scene/detail', { id: scene.id })).templateId).toBeNull();
    });

    it('summarises the last 7 days and lists recent sessions and calls', async () => {
      const page = await ok<Page>('user', 'scene/page', { pageSize: 1 });
      const id = page.list[0]!.id;
      const summary = await ok<{
        calls: number;
        totalTokens: number;
        promptTokens: number;
        completionTokens: number;
        chats: number;
        recentCalls: Row[];
        recentRecords: Row[];
      }>('user', 'scene/summary', { id });
      expect(summary.totalTokens).toBe(summary.promptTokens + summary.completionTokens);
      expect(summary.recentCalls.length).toBeLessThanOrEqual(5);
      for (const r of summary.recentRecords) expect(r.sceneCode).toBe(page.list[0]!.sceneCode);
    });
  });

  describe('template calls', () => {
    it('filter by scene and date range; answers sceneName and templateTitle', async () => {
      const [first] = (await ok<Page>('user', 'prompt/call/page', { pageSize: 1 })).list;
      const sceneCode = first!.sceneCode as string;
      const to = new Date().toISOString();
      const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
      const page = await ok<Page>('user', 'prompt/call/page', {
        pageSize: 50,
        filters: [
          { field: 'sceneCode', operator: 'eq', value: sceneCode },
          { field: 'callTime', operator: 'gte', value: from },
          { field: 'callTime', operator: 'lte', value: to },
        ],
      });
      expect(page.total).toBeGreaterThan(0);
      for (const call of page.list) {
        expect(call.sceneCode).toBe(sceneCode);
        expect(Date.parse(call.callTime as string)).toBeGreaterThanOrEqual(Date.parse(from));
        expect(call.totalTokens).toBe(
          (call.promptTokens as number) + (call.completionTokens as number),
        );
      }
      expect(page.list.some((c) => typeof c.sceneName === 'string')).toBe(true);
      expect(page.list.some((c) => typeof c.templateTitle === 'string')).toBe(true);
    });

    it('assessment and recommended answer: round trip, version check, nothing else changes', async () => {
      const [call] = (await ok<Page>('user', 'prompt/call/page', { pageSize: 1 })).list;
      const detail = await ok('user', 'prompt/call/detail', { id: call!.id });
      const rated = await ok('user', 'prompt/call/update', {
        ...detail,
        assessment: 2,
        recommendedAnswer: '更好的回答',
      });
      expect(rated).toMatchObject({ assessment: 2, recommendedAnswer: '更好的回答' });
      const stale = await as('user', 'prompt/call/update', { ...detail, assessment: 1 });
      expect(stale.body.code).toBe(Code.CONFLICT);
      const changed = await as('user', 'prompt/call/update', {
        id: rated.id,
        version: rated.version,
        question: '改问题',
      });
      expect(changed.body.code).toBe(Code.INVALID);
      expect(JSON.stringify(changed.body)).toContain('question');
      expect((await ok('user', 'prompt/call/detail', { id: call!.id })).assessment).toBe(2);
    });
  });

  describe('session records', () => {
    it('detail is the transcript in order; tags are editable and filterable', async () => {
      const [first] = (await ok<Page>('user', 'record/page', { pageSize: 1 })).list;
      const detail = await ok<Row & { messages: { seq: number; role: string }[] }>(
        'user',
        'record/detail',
        { id: first!.id },
      );
      expect(detail.messages.length).toBe(detail.messageCount);
      expect(detail.messages.map((m) => m.seq)).toEqual(
        [...detail.messages.map((m) => m.seq)].sort((a, b) => a - b),
      );
      const { messages: _messages, ...sendBack } = detail;
      const tagged = await ok('user', 'record/update', { ...sendBack, tag: ['复盘', '测试标签'] });
      expect(tagged.tag).toEqual(['复盘', '测试标签']);
      const filtered = await ok<Page>('user', 'record/page', {
        filters: [{ field: 'tag', operator: 'eq', value: '测试标签' }],
      });
      expect(filtered.list.map((r) => r.id)).toEqual([first!.id]);
      const dup = await as('user', 'record/update', {
        id: tagged.id,
        version: tagged.version,
        tag: ['a', 'a'],
      });
      expect(dup.body.code).toBe(Code.INVALID);
    });

    it('bulk delete answers the ids it deleted', async () => {
      const page = await ok<Page>('user', 'record/page', { pageSize: 2 });
      const ids = page.list.map((r) => r.id);
      const deleted = await ok<{ ids: number[] }>('user', 'record/delete', {
        ids: [...ids, 987_654],
      });
      expect(deleted.ids.sort()).toEqual([...ids].sort());
      expect((await as('user', 'record/detail', { id: ids[0] })).body.code).toBe(Code.NOT_FOUND);
    });
  });

  it('model/version/list answers versions with prices, by type', async () => {
    const all = await ok<{ list: Row[]; total: number }>('user', 'model/version/list', {});
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.list[0]).toEqual(
      expect.objectContaining({
        modelType: expect.any(String),
        version: expect.any(String),
        enabled: expect.any(Boolean),
        promptPrice: expect.any(Number),
      }),
    );
    const wingpt = await ok<{ list: Row[] }>('user', 'model/version/list', { modelType: 'WINGPT' });
    expect(wingpt.list.every((m) => m.modelType === 'WINGPT')).toBe(true);
    expect((await t.post(apiPath('model', 'version', 'list'), {})).body.code).toBe(
      Code.TOKEN_INVALID,
    );
  });
});
