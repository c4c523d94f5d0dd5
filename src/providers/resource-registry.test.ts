import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccessControlProvider, loadPolicy, policyStore } from './access-control';
import { ROUTE_TREE, LEAF_ROUTES, routeByPath } from '../routes/table';
import { refineResources } from '../RefineRoot';
import {
  acceptedServed,
  mergeResources,
  registryStatus,
  registryStore,
  resourceByName,
} from '../resources/registry';
import { createI18n } from './i18n';
import { createHttp } from './http';
import { refreshRegistry } from './resource-registry';
import { envelope, fakeEnv, installFakeServer, type FakeAnswer } from '../test/fake-http';
import { RESOURCE_CONFIG_PATHS, type ServedResource } from '../../contract/resource-config-api';
import {
  localeTextsOf,
  resourceDeclarationSchema,
  toResourceDef,
  type ResourceDeclarationInput,
} from '../../contract/resource-config';
import { RESOURCES } from '../../contract/resources';

/** The worked example, served the way meta/resources serves it. */
const KNOWLEDGE: ResourceDeclarationInput = {
  name: 'knowledge',
  labels: { 'zh-CN': '知识库', 'en-US': 'Knowledge base' },
  permissions: { user: ['list', 'show', 'create', 'edit', 'delete'] },
  fields: [
    {
      name: 'title',
      type: 'string',
      required: true,
      list: true,
      search: true,
      labels: { 'zh-CN': '标题', 'en-US': 'Title' },
    },
    {
      name: 'level',
      type: 'enum',
      filter: 'eq',
      list: true,
      labels: { 'zh-CN': '级别', 'en-US': 'Level' },
      options: [
        { value: 'basic', labels: { 'zh-CN': '基础', 'en-US': 'Basic' } },
        { value: 'expert', labels: { 'zh-CN': '专家', 'en-US': 'Expert' } },
      ],
    },
  ],
};

function served(input: ResourceDeclarationInput, version = 1): ServedResource {
  const decl = resourceDeclarationSchema.parse(input);
  return {
    name: decl.name,
    origin: 'page',
    version,
    def: toResourceDef(decl),
    texts: localeTextsOf(decl),
    source: 'database',
  };
}

let answer: () => FakeAnswer;
let calls: number;

function setup() {
  const http = createHttp(fakeEnv());
  calls = 0;
  installFakeServer(http, (req) => {
    if (req.url !== RESOURCE_CONFIG_PATHS.resources) return { status: 404, body: envelope(40400) };
    calls++;
    return answer();
  });
  return { http, i18n: createI18n('en-US') };
}

beforeEach(() => {
  answer = () => ({ body: envelope(0, { resources: [served(KNOWLEDGE)], stamp: 's1' }) });
});

afterEach(async () => {
  registryStore.reset();
  registryStatus.reset();
  await loadPolicy();
});

describe('merging served resources with the built-ins', () => {
  it('appends declared resources after the built-ins', () => {
    const merged = mergeResources([served(KNOWLEDGE)]);
    expect(merged.slice(0, RESOURCES.length)).toEqual(RESOURCES);
    expect(merged.map((r) => r.name)).toContain('knowledge');
  });

  it('refuses a served name a built-in has, or one served twice (the first wins)', () => {
    const scene = { ...served(KNOWLEDGE), name: 'scene' };
    const twice = served({ ...KNOWLEDGE, labels: { 'zh-CN': '第二', 'en-US': 'Second' } }, 2);
    expect(acceptedServed([scene, served(KNOWLEDGE), twice]).map((s) => s.version)).toEqual([1]);
    expect(mergeResources([scene]).filter((r) => r.name === 'scene')).toHaveLength(1);
  });
});

describe('refreshRegistry', () => {
  it('serves a declared resource everywhere the console reads resources', async () => {
    const { http, i18n } = setup();
    expect(routeByPath('/knowledge/list')).toBeUndefined();

    expect(await refreshRegistry(http, i18n)).toBe(true);

    expect(registryStatus.get()).toBe('ready');
    expect(resourceByName('knowledge')?.prefix).toBe('knowledge');
    // Routes, menu group and detail page, from the same routesFor as the built-ins.
    expect(routeByPath('/knowledge/list')).toMatchObject({ resource: 'knowledge', view: 'list' });
    expect(LEAF_ROUTES.some((r) => r.name === 'knowledge.detail' && r.hidden)).toBe(true);
    expect(ROUTE_TREE.find((g) => g.name === 'knowledge')?.locale).toBe('knowledge.menu.title');
    // refine's resources.
    expect(refineResources()).toContainEqual(
      expect.objectContaining({
        name: 'knowledge',
        list: '/knowledge/list',
        show: '/knowledge/detail?id=:id',
        meta: expect.objectContaining({ prefix: 'knowledge' }),
      }),
    );
    // A resource in a REST service reads and writes through refine's simple-rest provider.
    const restOnes = refineResources(undefined, undefined, new Set(['knowledge']));
    expect(restOnes.find((r) => r.name === 'knowledge')?.meta?.dataProviderName).toBe('rest');
    expect(refineResources().find((r) => r.name === 'knowledge')?.meta).not.toHaveProperty(
      'dataProviderName',
    );
    // The policy: the user may do what the declaration grants, the admin nothing.
    const policy = policyStore.get();
    expect(policy?.('user', 'knowledge', 'delete')).toBe(true);
    expect(policy?.('admin', 'knowledge', 'list')).toBe(false);
    expect(policy?.('user', 'scene', 'list')).toBe(true);
    const access = createAccessControlProvider(undefined, () => 'user');
    expect(await access.can({ resource: 'knowledge', action: 'edit' })).toEqual({ can: true });
    // Texts in both locales, under the resource's name.
    expect(i18n.t('knowledge.menu.title')).toBe('Knowledge base');
    expect(i18n.t('knowledge.enums.level.expert')).toBe('Expert');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('knowledge.titles.list')).toBe('知识库列表');
    expect(i18n.t('knowledge.fields.title')).toBe('标题');
  });

  it('rebuilds nothing while the stamp is unchanged', async () => {
    const { http, i18n } = setup();
    await refreshRegistry(http, i18n);
    const before = registryStore.get();
    await refreshRegistry(http, i18n);
    expect(calls).toBe(2);
    expect(registryStore.get()).toBe(before);
  });

  it('follows a disabled or relabelled resource on the next stamp', async () => {
    const { http, i18n } = setup();
    await refreshRegistry(http, i18n);
    const relabelled = { ...KNOWLEDGE, labels: { 'zh-CN': '知识', 'en-US': 'Knowledge' } };
    answer = () => ({ body: envelope(0, { resources: [served(relabelled, 2)], stamp: 's2' }) });
    await refreshRegistry(http, i18n);
    expect(i18n.t('knowledge.menu.title')).toBe('Knowledge');

    answer = () => ({ body: envelope(0, { resources: [], stamp: 's3' }) });
    await refreshRegistry(http, i18n);
    expect(resourceByName('knowledge')).toBeUndefined();
    expect(routeByPath('/knowledge/list')).toBeUndefined();
    expect(policyStore.get()?.('user', 'knowledge', 'list')).toBe(false);
  });

  it('shares a call under way and fetches once more after it', async () => {
    const { http, i18n } = setup();
    await Promise.all([
      refreshRegistry(http, i18n),
      refreshRegistry(http, i18n),
      refreshRegistry(http, i18n),
    ]);
    expect(calls).toBe(2);
  });

  it('keeps the built-ins when the fetch fails, and lets the shell go on', async () => {
    const { http, i18n } = setup();
    answer = () => ({ status: 500, body: envelope(50000) });
    expect(await refreshRegistry(http, i18n)).toBe(false);
    expect(registryStatus.get()).toBe('failed');
    expect(registryStore.get().resources).toBe(RESOURCES);
  });
});
