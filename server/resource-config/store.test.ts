import Fastify from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../contract/envelope';
import { message } from '../../contract/messages';
import {
  resourceDeclarationSchema,
  type ResourceDeclaration,
} from '../../contract/resource-config';
import { resourceDeclarationHistory, resourceDeclarations } from '../db/schema';
import { AppError } from '../http/app-error';
import { installErrorHandler } from '../http/error-handler';
import { describeBackends, useTestDatabase } from '../test/backends';
import { DeclarationRegistry } from './registry';
import { declarationInvalid, DeclarationStore } from './store';
import { declaration, labels, title, type Input } from './test-declarations';

/** A declaration whose `kb` field refers to `target`'s title. */
function referring(name: string, target: string): Input {
  return declaration(name, {
    fields: [
      title,
      {
        name: 'kb',
        type: 'reference',
        reference: { resource: target, label: 'title' },
        labels: labels('知识库', 'Knowledge base'),
      },
    ],
  });
}

/** The file owns `faq` in these tests. */
const FILE: ResourceDeclaration[] = [resourceDeclarationSchema.parse(declaration('faq'))];

/** The AppError `work` rejects with; fails the test when it resolves or throws another error. */
async function failure(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const fieldsOf = (error: AppError) => error.issues.map((i) => i.field);
/** Each issue's reason in English: a declaration rule's by its key, a row count's as written. */
const reasonsOf = (error: AppError) =>
  error.issues.map((i) =>
    i.key === 'invalidField' ? i.params?.reason : message('en-US', i.key, i.params),
  );

describe('declarationInvalid', () => {
  it('answers 40000 with each issue as { field: dotted path, message }', async () => {
    const app = Fastify();
    installErrorHandler(app);
    app.post('/x', () => {
      throw declarationInvalid([
        { path: 'name', message: 'agent is a built-in resource' },
        { path: 'fields.2.options', message: 'an enum field needs options' },
      ]);
    });
    const res = await app.inject({
      method: 'POST',
      url: '/x',
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: Code.INVALID,
      msg: 'name: agent is a built-in resource',
      data: {
        issues: [
          { field: 'name', message: 'name: agent is a built-in resource' },
          { field: 'fields.2.options', message: 'fields.2.options: an enum field needs options' },
        ],
      },
    });
    await app.close();
  });

  it('words an issue with a message key in the caller’s language', async () => {
    const app = Fastify();
    installErrorHandler(app);
    app.post('/x', () => {
      throw declarationInvalid([
        {
          path: 'fields.2.options',
          key: 'declEnumNeedsOptions',
          message: 'an enum field needs options',
        },
        { path: 'fields.2.type', message: '3 stored row(s) hold other values' },
      ]);
    });
    const res = await app.inject({
      method: 'POST',
      url: '/x',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.json()).toEqual({
      code: Code.INVALID,
      msg: 'fields.2.options：枚举字段需要选项',
      data: {
        issues: [
          { field: 'fields.2.options', message: '枚举字段需要选项' },
          // Without a key (row-checks.ts), the English reason is all there is.
          { field: 'fields.2.type', message: 'fields.2.type：3 stored row(s) hold other values' },
        ],
      },
    });
    await app.close();
  });
});

describeBackends('the declaration store', (backend) => {
  let store: DeclarationStore;
  const t = useTestDatabase(backend, async (db) => {
    store = new DeclarationStore(db, { fileDeclarations: () => FILE });
  });
  beforeEach(async () => {
    await t.db.delete(resourceDeclarations);
    await t.db.delete(resourceDeclarationHistory);
  });

  it('creates a declaration at version 1, with its history row', async () => {
    const row = await store.create(declaration('knowledge'), 'admin');
    expect(row).toMatchObject({ name: 'knowledge', enabled: true, version: 1, updatedBy: 'admin' });
    expect(row.declaration).toMatchObject({ name: 'knowledge', source: { kind: 'database' } });
    expect((await store.list()).map((r) => r.name)).toEqual(['knowledge']);
    expect(await store.get('knowledge')).toMatchObject({ version: 1 });

    const history = await store.history('knowledge');
    expect(history).toEqual([
      expect.objectContaining({
        name: 'knowledge',
        version: 1,
        action: 'create',
        before: null,
        after: row.declaration,
        changedBy: 'admin',
        changedAt: expect.any(Date),
      }),
    ]);
  });

  it('refuses a bad declaration with 40000 naming each path in it', async () => {
    const bad = declaration('knowledge', {
      fields: [title, { name: 'status', type: 'enum', labels: labels('状态', 'Status') }],
    });
    const error = await failure(store.create(bad, 'admin'));
    expect(error.code).toBe(Code.INVALID);
    expect(fieldsOf(error)).toEqual(['fields.1.options']);
    expect(reasonsOf(error)).toEqual(['an enum field needs options']);
    // An unknown key is named by its own path.
    const colour = await failure(store.create(declaration('knowledge', { colour: 'red' }), 'a'));
    expect(fieldsOf(colour)).toEqual(['colour']);
    const empty = await failure(store.create(null, 'a'));
    expect(fieldsOf(empty)).toEqual(['body']);
    expect(await store.list()).toEqual([]);
  });

  it("refuses a built-in's name, prefix or menu group with 40000 naming the path", async () => {
    const cases: [Input, string, RegExp][] = [
      [declaration('agent'), 'name', /agent is a built-in resource/],
      [declaration('knowledge', { prefix: 'corpus/item' }), 'prefix', /overlaps the built-in/],
      [declaration('knowledge', { menu: { group: 'corpus' } }), 'menu.group', /built-in/],
      [referring('article', 'nothing-here'), 'fields.1.reference.resource', /no resource/],
    ];
    for (const [decl, field, reason] of cases) {
      const error = await failure(store.create(decl, 'admin'));
      expect(error.code).toBe(Code.INVALID);
      expect(fieldsOf(error)).toEqual([field]);
      expect(reasonsOf(error)[0]).toMatch(reason);
    }
    // A reserved name is the schema's refusal, at the same path.
    expect(fieldsOf(await failure(store.create(declaration('dashboard'), 'admin')))).toEqual([
      'name',
    ]);
    expect(await store.list()).toEqual([]);
  });

  it("refuses clashes with the file's and the other page declarations", async () => {
    await store.create(declaration('knowledge'), 'admin');
    const duplicate = await failure(store.create(declaration('knowledge'), 'admin'));
    expect(duplicate.code).toBe(Code.INVALID);
    expect(fieldsOf(duplicate)).toEqual(['name']);

    const prefix = await failure(store.create(declaration('kb', { prefix: 'knowledge/x' }), 'a'));
    expect(fieldsOf(prefix)).toEqual(['prefix']);
    expect(reasonsOf(prefix)[0]).toMatch(/overlaps knowledge's/);
    const fileGroup = await failure(
      store.create(declaration('kb', { menu: { group: 'faq' } }), 'a'),
    );
    expect(fieldsOf(fileGroup)).toEqual(['menu.group']);

    // References to page and file declarations resolve.
    await store.create(referring('article', 'knowledge'), 'admin');
    await store.create(referring('answer', 'faq'), 'admin');
  });

  it("answers 40300 for the file's names, which the page may only read", async () => {
    const created = await failure(store.create(declaration('faq'), 'admin'));
    expect(created.code).toBe(Code.FORBIDDEN);
    expect(created.data).toEqual({ fileDeclarations: ['faq'] });
    // Even a page row the file now shadows is the file's to say.
    await t.db.insert(resourceDeclarations).values({
      name: 'faq',
      declaration: resourceDeclarationSchema.parse(declaration('faq')),
    });
    expect((await failure(store.update('faq', declaration('faq'), 1, 'a'))).code).toBe(
      Code.FORBIDDEN,
    );
    expect((await failure(store.setEnabled('faq', false, 1, 'a'))).code).toBe(Code.FORBIDDEN);
    expect((await failure(store.remove('faq', 1, 'a'))).code).toBe(Code.FORBIDDEN);
    const imported = await failure(
      store.importAll([declaration('knowledge'), declaration('faq')], 'a'),
    );
    expect(imported.code).toBe(Code.FORBIDDEN);
    expect(await store.get('knowledge')).toBeUndefined();
  });

  it('updates with an optimistic lock: 40900 with the current row when stale', async () => {
    await store.create(declaration('knowledge'), 'admin');
    const renamed = declaration('knowledge', { labels: labels('知识', 'Knowledge') });
    const updated = await store.update('knowledge', renamed, 1, 'alice');
    expect(updated).toMatchObject({ version: 2, updatedBy: 'alice' });
    expect(updated.declaration.labels['en-US']).toBe('Knowledge');

    const stale = await failure(store.update('knowledge', declaration('knowledge'), 1, 'bob'));
    expect(stale.code).toBe(Code.CONFLICT);
    expect(stale.data).toMatchObject({ current: { name: 'knowledge', version: 2 } });
    expect((await store.get('knowledge'))?.declaration.labels['en-US']).toBe('Knowledge');

    // Sending the declaration back unchanged is no change: no version, no history.
    expect(await store.update('knowledge', renamed, 2, 'bob')).toMatchObject({ version: 2 });
    expect(await store.history('knowledge')).toHaveLength(2);

    const missing = await failure(store.update('nothing', declaration('nothing'), 1, 'a'));
    expect(missing.code).toBe(Code.NOT_FOUND);
    const moved = await failure(store.update('knowledge', declaration('kb'), 2, 'a'));
    expect(moved.code).toBe(Code.INVALID);
    expect(fieldsOf(moved)).toEqual(['name']);
    const invalid = await failure(
      store.update('knowledge', declaration('knowledge', { prefix: 'scene/x' }), 2, 'a'),
    );
    expect(fieldsOf(invalid)).toEqual(['prefix']);
  });

  it('disables and enables, refusing to break a reference', async () => {
    await store.create(declaration('knowledge'), 'admin');
    await store.create(referring('article', 'knowledge'), 'admin');

    const breaks = await failure(store.setEnabled('knowledge', false, 1, 'admin'));
    expect(breaks.code).toBe(Code.INVALID);
    expect(fieldsOf(breaks)).toEqual(['article.fields.1.reference.resource']);
    expect(reasonsOf(breaks)[0]).toMatch(/knowledge is disabled/);

    const article = await store.setEnabled('article', false, 1, 'admin');
    expect(article).toMatchObject({ enabled: false, version: 2 });
    expect(article.declaration.enabled).toBe(false);
    // The referring declaration is disabled, yet still a declaration: the reference still counts.
    await failure(store.setEnabled('knowledge', false, 1, 'admin'));

    expect((await failure(store.setEnabled('article', true, 1, 'admin'))).code).toBe(Code.CONFLICT);
    expect(await store.setEnabled('article', true, 2, 'bob')).toMatchObject({
      enabled: true,
      version: 3,
    });
    expect(await store.setEnabled('article', true, 3, 'bob')).toMatchObject({ version: 3 });
    expect((await store.history('article')).map((h) => [h.action, h.version, h.changedBy])).toEqual(
      [
        ['enable', 3, 'bob'],
        ['disable', 2, 'admin'],
        ['create', 1, 'admin'],
      ],
    );
  });

  it('deletes, refusing while another declaration refers to it', async () => {
    await store.create(declaration('knowledge'), 'admin');
    await store.create(referring('article', 'knowledge'), 'admin');
    const referred = await failure(store.remove('knowledge', 1, 'admin'));
    expect(fieldsOf(referred)).toEqual(['article.fields.1.reference.resource']);
    expect((await failure(store.remove('article', 2, 'admin'))).code).toBe(Code.CONFLICT);

    const removed = await store.remove('article', 1, 'carol');
    expect(removed.name).toBe('article');
    expect(await store.get('article')).toBeUndefined();
    await store.remove('knowledge', 1, 'carol');
    expect(await store.list()).toEqual([]);
    expect((await failure(store.remove('knowledge', 1, 'carol'))).code).toBe(Code.NOT_FOUND);

    // The history outlives the declaration.
    const [deleted] = await store.history('article');
    expect(deleted).toMatchObject({
      action: 'delete',
      version: 1,
      after: null,
      changedBy: 'carol',
    });
    expect(deleted?.before).toMatchObject({ name: 'article' });
  });

  it('does not let an issue that was already there block unrelated changes', async () => {
    // A page declaration that clashes with the file (say, the file gained `faq` later).
    const clashing = resourceDeclarationSchema.parse(declaration('faq-old', { prefix: 'faq/x' }));
    await t.db.insert(resourceDeclarations).values({ name: 'faq-old', declaration: clashing });
    await store.create(declaration('knowledge'), 'admin');
    await store.setEnabled('knowledge', false, 1, 'admin');
    await store.remove('knowledge', 2, 'admin');
  });

  it('imports all or nothing, rooting issues at resources.<i>', async () => {
    await store.create(declaration('knowledge'), 'admin');

    const bad = await failure(
      store.importAll(
        [
          declaration('glossary'),
          declaration('notes', { fields: [{ ...title, type: 'blob' }] }),
          declaration('agent'),
        ],
        'importer',
      ),
    );
    expect(bad.code).toBe(Code.INVALID);
    expect(fieldsOf(bad)).toEqual(['resources.1.fields.0.type']);
    // Parsed, but clashing: a built-in's name, and twice the same name.
    const clash = await failure(
      store.importAll(
        [declaration('glossary'), declaration('agent'), declaration('glossary')],
        'importer',
      ),
    );
    expect(fieldsOf(clash).sort()).toEqual(['resources.1.name', 'resources.2.name']);
    // A reference to a declaration the same import disables.
    const disabled = await failure(
      store.importAll(
        [declaration('glossary', { enabled: false }), referring('article', 'glossary')],
        'importer',
      ),
    );
    expect(fieldsOf(disabled)).toEqual(['resources.1.fields.1.reference.resource']);
    expect(await failure(store.importAll({ resources: [] }, 'importer'))).toMatchObject({
      code: Code.INVALID,
    });
    expect((await store.list()).map((r) => r.name)).toEqual(['knowledge']);
    expect(await store.history('glossary')).toEqual([]);

    const imported = await store.importAll(
      [
        declaration('knowledge', { labels: labels('知识', 'Knowledge') }),
        declaration('glossary', { enabled: false }),
        referring('article', 'knowledge'),
      ],
      'importer',
    );
    expect(imported.map((r) => [r.name, r.version, r.enabled])).toEqual([
      ['knowledge', 2, true],
      ['glossary', 1, false],
      ['article', 1, true],
    ]);
    const [replaced] = await store.history('knowledge');
    expect(replaced).toMatchObject({ action: 'import', version: 2, changedBy: 'importer' });
    expect(replaced?.before?.labels['en-US']).toBe('knowledge base');
    expect(replaced?.after?.labels['en-US']).toBe('Knowledge');
    expect(await store.history('glossary')).toMatchObject([
      { action: 'import', version: 1, before: null },
    ]);

    // The same import again changes nothing.
    const again = await store.importAll(
      imported.map((r) => r.declaration),
      'importer',
    );
    expect(again.map((r) => r.version)).toEqual([2, 1, 1]);
    expect(await store.history('knowledge')).toHaveLength(2);
  });

  it('serialises concurrent changes, so two clashing creates cannot both pass', async () => {
    const results = await Promise.allSettled([
      store.create(declaration('kb-one', { prefix: 'kb' }), 'alice'),
      store.create(declaration('kb-two', { prefix: 'kb' }), 'bob'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await store.list()).toHaveLength(1);
  });

  it('feeds the registry: a page change shows after reloadPage', async () => {
    const registry = new DeclarationRegistry({ db: t.db });
    const withRegistry = new DeclarationStore(t.db, {
      fileDeclarations: () => registry.fileDeclarations(),
    });
    await registry.reload();
    await withRegistry.create(declaration('knowledge'), 'admin');
    await registry.reloadPage();
    expect(registry.all()).toMatchObject([{ name: 'knowledge', origin: 'page', version: 1 }]);
  });
});
