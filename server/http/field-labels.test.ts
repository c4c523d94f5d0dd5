import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../contract/api';
import { Code } from '../../contract/envelope';
import type { Locale } from '../../contract/locale';
import { RESOURCE_CONFIG_PATHS } from '../../contract/resource-config-api';
import { declaration, labels } from '../resource-config/test-declarations';
import { describeBackends } from '../test/backends';
import { useTestApp, type Answer } from '../test/harness';
import { labelOf } from './field-labels';

type Row = Record<string, unknown> & { id: number; version: number };

/** What an operator reads, per language, for each refusal below. */
const EXPECTED: Record<
  Locale,
  {
    duplicateScene: string;
    requiredScene: [msg: string, message: string];
    immutableScene: string;
    duplicateCommand: string;
    duplicateTerm: string;
    requiredTerm: string;
    duplicateUser: string;
    wrongPassword: string;
  }
> = {
  'zh-CN': {
    duplicateScene: '场景编码 已存在',
    requiredScene: ['场景名称：必填', '必填'],
    immutableScene: '场景编码 创建后不可修改',
    duplicateCommand: '触发指令 已存在',
    duplicateTerm: '术语 已存在',
    requiredTerm: '术语：必填',
    duplicateUser: '用户名 已存在',
    wrongPassword: '原密码：原密码不正确',
  },
  'en-US': {
    duplicateScene: 'Scene code already exists',
    requiredScene: ['Scene name: is required', 'is required'],
    immutableScene: 'Scene code cannot be changed after creation',
    duplicateCommand: 'Trigger command already exists',
    duplicateTerm: 'Term already exists',
    requiredTerm: 'Term: is required',
    duplicateUser: 'User name already exists',
    wrongPassword: 'Current password: the current password is wrong',
  },
};

/** A configured resource whose unique field is labelled only by its declaration. */
const TERMS = declaration('lexicon', {
  fields: [
    {
      name: 'term',
      type: 'string',
      required: true,
      unique: true,
      list: true,
      labels: labels('术语', 'Term'),
    },
  ],
});

describe('labelOf', () => {
  const fields = { sceneCode: '场景编码', variables: '变量' };
  it('names a field by its label, a nested path by its first key, and keeps unknown names', () => {
    expect(labelOf(fields, 'sceneCode')).toBe('场景编码');
    expect(labelOf(fields, 'variables.0.name')).toBe('变量.0.name');
    expect(labelOf(fields, 'filters.0.field')).toBe('filters.0.field');
    // A body's key is the caller's text: inherited properties are no labels.
    expect(labelOf(fields, 'constructor')).toBe('constructor');
    expect(labelOf(fields, '__proto__.x')).toBe('__proto__.x');
  });
});

describeBackends('error answers name fields by their labels', (backend) => {
  const t = useTestApp(backend);
  let user = '';
  let admin = '';
  beforeAll(async () => {
    user = await t.login('user');
    admin = await t.login('admin');
    const declared = await t.post(
      RESOURCE_CONFIG_PATHS.create,
      { declaration: TERMS },
      { token: admin },
    );
    expect(declared.body.code, JSON.stringify(declared.body)).toBe(0);
  });

  const ok = (res: Answer) => {
    expect(res.body.code, JSON.stringify(res.body)).toBe(Code.OK);
    return res.body.data as Row;
  };
  /** 40000 whose msg and only issue are `text`, the issue on `field`. */
  const refusedAs = (res: Answer, field: string, text: string) => {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: Code.INVALID,
      msg: text,
      data: { issues: [{ field, message: text }] },
    });
  };

  for (const lang of ['zh-CN', 'en-US'] as const) {
    const expected = EXPECTED[lang];
    const as = (token: () => string) => (path: string, body: unknown) =>
      t.post(path, body, { token: token(), lang });
    const asUser = as(() => user);
    const asAdmin = as(() => admin);
    const stamp = `${lang}-${Date.now().toString(36)}`;

    it(`${lang}: a duplicate scene code and a missing scene name name the field by its label`, async () => {
      const scene = { sceneName: 'A', sceneCode: `labels-${stamp}` };
      ok(await asUser(apiPath('scene', 'create'), scene));
      refusedAs(
        await asUser(apiPath('scene', 'create'), { ...scene, sceneName: 'B' }),
        'sceneCode',
        expected.duplicateScene,
      );
      const missing = await asUser(apiPath('scene', 'create'), { sceneCode: `x-${stamp}` });
      expect(missing.body).toEqual({
        code: Code.INVALID,
        msg: expected.requiredScene[0],
        // The issue keeps the body's key: forms put the message under that field.
        data: { issues: [{ field: 'sceneName', message: expected.requiredScene[1] }] },
      });
    });

    it(`${lang}: a changed create-only field names it by its label`, async () => {
      const created = ok(
        await asUser(apiPath('scene', 'create'), { sceneName: 'C', sceneCode: `fixed-${stamp}` }),
      );
      refusedAs(
        await asUser(apiPath('scene', 'update'), {
          ...created,
          sceneCode: `moved-${stamp}`,
        }),
        'sceneCode',
        expected.immutableScene,
      );
    });

    it(`${lang}: a directive's duplicate command names it by its label`, async () => {
      const command = `/labels-${lang === 'zh-CN' ? 'zh' : 'en'}-${Date.now().toString(36)}`;
      ok(
        await asUser(apiPath('directive', 'create'), { directiveName: 'a', command, content: 'x' }),
      );
      refusedAs(
        await asUser(apiPath('directive', 'create'), {
          directiveName: 'b',
          command,
          content: 'y',
        }),
        'command',
        expected.duplicateCommand,
      );
    });

    it(`${lang}: a configured resource's fields are named by the declaration's labels`, async () => {
      const term = `term-${stamp}`;
      ok(await asUser(apiPath('lexicon', 'create'), { term }));
      refusedAs(
        await asUser(apiPath('lexicon', 'create'), { term }),
        'term',
        expected.duplicateTerm,
      );
      const missing = await asUser(apiPath('lexicon', 'create'), {});
      expect(missing.body.msg).toBe(expected.requiredTerm);
      expect(missing.body.data).toMatchObject({ issues: [{ field: 'term' }] });
    });

    it(`${lang}: account calls name fields as the accounts page does`, async () => {
      const userName = `labels.${lang === 'zh-CN' ? 'zh' : 'en'}`;
      const account = { userName, password: 'Secret1', role: 'user' };
      ok(await asAdmin(apiPath('user', 'create'), account));
      refusedAs(
        await asAdmin(apiPath('user', 'create'), account),
        'userName',
        expected.duplicateUser,
      );
      const wrong = await t.post(
        apiPath('user', 'password'),
        { oldPassword: 'Not-it1', newPassword: 'Another1' },
        { token: await t.login(userName, 'Secret1'), lang },
      );
      expect(wrong.body.msg).toBe(expected.wrongPassword);
      expect(wrong.body.data).toMatchObject({ issues: [{ field: 'oldPassword' }] });
    });
  }
});
