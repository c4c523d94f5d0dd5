import { beforeAll, expect, it } from 'vitest';
import { Code } from '../../contract/envelope';
import { resourceDeclarationSchema } from '../../contract/resource-config';
import {
  RESOURCE_CONFIG_PATHS as PATHS,
  type DeclarationCheck,
  type DeclarationList,
} from '../../contract/resource-config-api';
import { resourceDeclarations } from '../db/schema';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';
import { declaration, labels, title } from './test-declarations';

/** A declaration whose second field is an enum without options. */
const ENUM_WITHOUT_OPTIONS = declaration('glossary', {
  fields: [title, { name: 'status', type: 'enum', labels: labels('状态', 'Status') }],
});

describeBackends('declaration problems in the caller’s language', (backend) => {
  const t = useTestApp(backend);
  let admin = '';
  beforeAll(async () => {
    admin = await t.login('admin');
  });
  const post = (url: string, body: unknown, lang: string) =>
    t.post(url, body, { token: admin, lang });

  // The route's body schema holds the declaration's, so its problems' paths start at the body.
  it('refuses a bad declaration with 40000 in Chinese, naming the path', async () => {
    const zh = await post(PATHS.create, { declaration: ENUM_WITHOUT_OPTIONS }, 'zh-CN');
    expect(zh.body).toEqual({
      code: Code.INVALID,
      msg: 'declaration.fields.1.options：枚举字段需要选项',
      data: { issues: [{ field: 'declaration.fields.1.options', message: '枚举字段需要选项' }] },
    });
    const en = await post(PATHS.create, { declaration: ENUM_WITHOUT_OPTIONS }, 'en-US');
    expect(en.body.msg).toBe('declaration.fields.1.options: an enum field needs options');
  });

  it('words clashes and zod’s own problems in Chinese too', async () => {
    const builtIn = await post(PATHS.create, { declaration: declaration('agent') }, 'zh-CN');
    expect(builtIn.body.code).toBe(Code.INVALID);
    // Found by the store, past the body schema: the path is the declaration's own.
    expect(builtIn.body.msg).toBe('name：agent 是内置资源');

    const short = await post(PATHS.create, { declaration: declaration('k') }, 'zh-CN');
    expect(short.body.msg).toBe('declaration.name：长度不能少于 2');

    const unknown = await post(
      PATHS.create,
      { declaration: declaration('glossary', { colour: 'red' }) },
      'zh-CN',
    );
    expect(unknown.body.data).toEqual({
      issues: [{ field: 'declaration.colour', message: '不支持的字段 colour' }],
    });
  });

  it('answers the check call’s problems in the caller’s language', async () => {
    const check = async (decl: unknown, lang: string) => {
      const res = await post(PATHS.check, { declaration: decl }, lang);
      expect(res.body.code, JSON.stringify(res.body)).toBe(Code.OK);
      return (res.body.data as DeclarationCheck).problems;
    };
    expect(await check(ENUM_WITHOUT_OPTIONS, 'zh-CN')).toEqual([
      { path: 'fields.1.options', message: '枚举字段需要选项' },
    ]);
    expect(await check(ENUM_WITHOUT_OPTIONS, 'en-US')).toEqual([
      { path: 'fields.1.options', message: 'an enum field needs options' },
    ]);
    // Checks against the other resources, after the schema.
    expect(await check(declaration('agent'), 'zh-CN')).toEqual([
      { path: 'name', message: 'agent 是内置资源' },
    ]);
    // A plain zod issue: an absent key is "required", not "expected string".
    const { labels: _labels, ...unlabelled } = declaration('glossary');
    expect(await check(unlabelled, 'zh-CN')).toEqual([{ path: 'labels', message: '必填' }]);
  });

  it('lists a stored declaration’s issues in the caller’s language', async () => {
    // Stored before its target went away, say: the registry refuses it on its next reload.
    await t.db.insert(resourceDeclarations).values({
      name: 'glossary',
      declaration: resourceDeclarationSchema.parse(
        declaration('glossary', {
          fields: [
            title,
            {
              name: 'kb',
              type: 'reference',
              reference: { resource: 'nothing-here', label: 'title' },
              labels: labels('知识库', 'Knowledge base'),
            },
          ],
        }),
      ),
    });
    // Any change reloads the page declarations.
    const created = await post(PATHS.create, { declaration: declaration('notes') }, 'zh-CN');
    expect(created.body.code, JSON.stringify(created.body)).toBe(Code.OK);

    const list = async (lang: string) => {
      const res = await post(PATHS.list, {}, lang);
      const data = res.body.data as DeclarationList;
      return data.list.find((e) => e.name === 'glossary')?.issues;
    };
    const path = 'fields.1.reference.resource';
    expect(await list('zh-CN')).toEqual([{ path, message: '没有名为 nothing-here 的资源' }]);
    expect(await list('en-US')).toEqual([{ path, message: 'no resource is named nothing-here' }]);
  });
});
