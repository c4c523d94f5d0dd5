import { beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../contract/api';
import { Code } from '../../contract/envelope';
import { promptCalls } from '../db/schema';
import { describeBackends } from '../test/backends';
import { useTestApp, type Answer } from '../test/harness';

interface ModelVersion {
  id: number;
  modelType: string;
  name: string;
  version: string;
  enabled: boolean;
  promptPrice: number;
  completionPrice: number;
}

/** Model versions: everyone lists them, the admin manages them. */
describeBackends('model versions', (backend) => {
  const t = useTestApp(backend);
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'user']) tokens[name] = await t.login(name);
  });
  const as = (who: string, path: string, body?: unknown) =>
    t.post(apiPath('model', 'version', path), body, { token: tokens[who], lang: 'en-US' });
  const ok = async (who: string, path: string, body?: unknown): Promise<ModelVersion> => {
    const answer = await as(who, path, body);
    expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(Code.OK);
    return answer.body.data as ModelVersion;
  };
  const expectInvalid = (answer: Answer, field: string, message?: RegExp) => {
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(Code.INVALID);
    const issues = (answer.body.data as { issues: { field: string; message: string }[] }).issues;
    const issue = issues.find((i) => i.field === field);
    expect(issue, JSON.stringify(answer.body)).toBeDefined();
    if (message) expect(issue!.message).toMatch(message);
  };
  const list = async (who: string) =>
    ((await as(who, 'list', {})).body.data as { list: ModelVersion[] }).list;

  it('lets only the admin create, change and delete (40300 for a user)', async () => {
    for (const [path, body] of [
      ['create', { modelType: 'CHATGPT', name: 'x', version: 'x-1', enabled: true }],
      ['update', { id: 1, name: 'x' }],
      ['delete', { id: 1 }],
    ] as const) {
      const answer = await as('user', path, body);
      expect(answer.status, path).toBe(403);
      expect(answer.body.code, path).toBe(Code.FORBIDDEN);
    }
    expect((await list('user')).length).toBeGreaterThan(0);
  });

  it('creates a version everyone then lists; refuses a duplicate and bad prices', async () => {
    const created = await ok('admin', 'create', {
      modelType: 'WINGPT',
      name: 'WinGPT Test',
      version: 'wingpt-test-1',
      enabled: true,
      promptPrice: 0.012,
      completionPrice: 0.03,
    });
    expect(created).toMatchObject({
      modelType: 'WINGPT',
      version: 'wingpt-test-1',
      promptPrice: 0.012,
      completionPrice: 0.03,
    });
    expect((await list('user')).map((v) => v.version)).toContain('wingpt-test-1');
    expectInvalid(
      await as('admin', 'create', {
        modelType: 'WINGPT',
        name: 'Again',
        version: 'wingpt-test-1',
        enabled: true,
      }),
      'version',
      /already exists/,
    );
    // The same version text under another model type is another version.
    await ok('admin', 'create', {
      modelType: 'CHATGPT',
      name: 'Same text',
      version: 'wingpt-test-1',
      enabled: false,
    });
    expectInvalid(
      await as('admin', 'create', {
        modelType: 'WINGPT',
        name: 'Negative',
        version: 'neg-1',
        enabled: true,
        promptPrice: -1,
      }),
      'promptPrice',
    );
    expectInvalid(
      await as('admin', 'create', { modelType: 'OTHER', name: 'n', version: 'v', enabled: true }),
      'modelType',
    );
  });

  it('updates prices and the enabled flag; a duplicate or a missing row is refused', async () => {
    const v = await ok('admin', 'create', {
      modelType: 'CHATGPT',
      name: 'To change',
      version: 'change-1',
      enabled: true,
    });
    const changed = await ok('admin', 'update', { id: v.id, enabled: false, promptPrice: 1.5 });
    expect(changed).toMatchObject({ enabled: false, promptPrice: 1.5, completionPrice: 0 });
    expectInvalid(
      await as('admin', 'update', { id: v.id, version: 'wingpt-test-1' }),
      'version',
      /already exists/,
    );
    expect((await as('admin', 'update', { id: 999_999, name: 'x' })).body.code).toBe(
      Code.NOT_FOUND,
    );
  });

  it('refuses to delete or rename a version an agent or a prompt call still names', async () => {
    const byAgent = await ok('admin', 'create', {
      modelType: 'CHATGPT',
      name: 'Used by an agent',
      version: 'agent-used-1',
      enabled: true,
    });
    const agent = await t.post(
      apiPath('agent', 'create'),
      {
        agentName: 'Model test agent',
        agentCode: 'model-test-agent',
        modelVersion: 'agent-used-1',
      },
      { token: tokens.user },
    );
    expect(agent.body.code, JSON.stringify(agent.body)).toBe(Code.OK);
    expectInvalid(
      await as('admin', 'delete', { id: byAgent.id }),
      'id',
      /agent-used-1 is still in use/,
    );
    expectInvalid(
      await as('admin', 'update', { id: byAgent.id, version: 'agent-used-2' }),
      'version',
      /still in use/,
    );
    // Prices and names may change while it is used.
    await ok('admin', 'update', { id: byAgent.id, name: 'Renamed label', promptPrice: 2 });

    const byCall = await ok('admin', 'create', {
      modelType: 'WINGPT',
      name: 'Used by a call',
      version: 'call-used-1',
      enabled: true,
    });
    await t.db.insert(promptCalls).values({
      title: 'model test call',
      question: 'q',
      userId: '1',
      modelType: 'WINGPT',
      modelVersion: 'call-used-1',
    });
    expectInvalid(await as('admin', 'delete', { id: byCall.id }), 'id', /still in use/);

    const unused = await ok('admin', 'create', {
      modelType: 'WINGPT',
      name: 'Unused',
      version: 'unused-1',
      enabled: true,
    });
    expect((await as('admin', 'delete', { id: unused.id })).body).toMatchObject({
      code: Code.OK,
      data: { id: unused.id },
    });
    expect((await list('admin')).map((v) => v.id)).not.toContain(unused.id);
    expect((await as('admin', 'delete', { id: unused.id })).body.code).toBe(Code.NOT_FOUND);
  });
});
