import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resourceDeclarationSchema } from '../../contract/resource-config';
import { resourceDeclarations } from '../db/schema';
import { describeBackends, useTestDatabase } from '../test/backends';
import { readConfigFile } from './file';
import { DeclarationRegistry, watchSighup, type RegistryLog } from './registry';
import { declaration, labels, type Input } from './test-declarations';

/** An enum field without options: the schema refuses it at `fields.1.options`. */
const enumWithoutOptions = { name: 'status', type: 'enum', labels: labels('状态', 'Status') };

const YAML_CONFIG = `
# Kept in git; comments are fine.
resources:
  - name: faq
    labels: { zh-CN: 常见问题, en-US: FAQ }
    permissions:
      user: [list, show]
    fields:
      - name: question
        type: string
        required: true
        labels: { zh-CN: 问题, en-US: Question }
      - name: state
        type: enum
        options:
          - { value: open, labels: { zh-CN: 开放, en-US: Open } }
          - { value: closed, labels: { zh-CN: 关闭, en-US: Closed } }
        default: open
        labels: { zh-CN: 状态, en-US: State }
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'resource-config-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let fileCount = 0;
/** Writes `content` (an object as JSON, or text as is) to a new file with this extension. */
async function configFile(content: unknown, ext = 'json'): Promise<string> {
  const path = join(dir, `config-${++fileCount}.${ext}`);
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

describe('readConfigFile', () => {
  it('parses JSON, filling in the defaults', async () => {
    const path = await configFile({ resources: [declaration('knowledge')] });
    const { declarations, issues } = await readConfigFile(path);
    expect(issues).toEqual([]);
    expect(declarations).toHaveLength(1);
    expect(declarations[0]).toMatchObject({
      name: 'knowledge',
      enabled: true,
      source: { kind: 'database' },
    });
  });

  it('parses YAML under .yaml and .yml', async () => {
    for (const ext of ['yaml', 'yml']) {
      const { declarations, issues } = await readConfigFile(await configFile(YAML_CONFIG, ext));
      expect(issues).toEqual([]);
      expect(declarations.map((d) => d.name)).toEqual(['faq']);
      expect(declarations[0]?.fields[1]?.options?.map((o) => o.value)).toEqual(['open', 'closed']);
    }
  });

  it('reports a bad declaration by its path in the file, and returns no declaration', async () => {
    const bad = declaration('glossary', {
      fields: [
        { name: 'title', type: 'string', labels: labels('标题', 'Title') },
        enumWithoutOptions,
      ],
    });
    const path = await configFile({ resources: [declaration('knowledge'), bad] });
    const { declarations, issues } = await readConfigFile(path);
    expect(declarations).toEqual([]);
    expect(issues).toEqual([
      {
        path: 'resources.1.fields.1.options',
        key: 'declEnumNeedsOptions',
        message: 'an enum field needs options',
      },
    ]);
  });

  it('reports the same path from YAML', async () => {
    const yaml = YAML_CONFIG.replace(
      'type: enum\n        options:',
      'type: enum\n        xoptions:',
    );
    const { issues } = await readConfigFile(await configFile(yaml, 'yml'));
    expect(issues.map((i) => i.path)).toContain('resources.0.fields.1.xoptions');
    expect(issues.map((i) => i.path)).toContain('resources.0.fields.1.options');
  });

  it('turns unreadable and unparsable files into issues, never throwing', async () => {
    const cases: [string, RegExp][] = [
      [join(dir, 'missing.json'), /cannot read/],
      [await configFile('{ "resources": [', 'json'), /not valid JSON/],
      [await configFile('resources: [\n  - name: x\n bad', 'yaml'), /not valid YAML/],
      [await configFile('resources: []', 'toml'), /\.json, \.yaml or \.yml/],
      [await configFile('', 'yaml'), /./],
    ];
    for (const [path, message] of cases) {
      const { declarations, issues } = await readConfigFile(path);
      expect(declarations, path).toEqual([]);
      expect(issues, path).toHaveLength(1);
      expect(issues[0]?.message, path).toMatch(message);
    }
    // A file that is not `{ resources }` names the file itself.
    const { issues } = await readConfigFile(await configFile([declaration('knowledge')]));
    expect(issues[0]?.path).toBe('');
  });
});

describeBackends('the declaration registry', (backend) => {
  const t = useTestDatabase(backend);
  beforeEach(async () => {
    await t.db.delete(resourceDeclarations);
  });

  /** A page declaration as the store would have written it. */
  async function addPage(decl: Input, enabled = true): Promise<void> {
    await t.db.insert(resourceDeclarations).values({
      name: decl.name as string,
      declaration: resourceDeclarationSchema.parse({ ...decl, enabled }),
      enabled,
      updatedBy: 'admin',
    });
  }

  async function registryOf(configPath?: string): Promise<DeclarationRegistry> {
    const registry = new DeclarationRegistry({ db: t.db, ...(configPath ? { configPath } : {}) });
    await registry.reload();
    return registry;
  }

  it('serves file and page declarations with origin, version, def and locale texts', async () => {
    await addPage(declaration('glossary'));
    await addPage(declaration('notes'), false);
    const registry = await registryOf(await configFile(YAML_CONFIG, 'yaml'));

    expect(registry.all().map((d) => [d.name, d.origin, d.enabled, d.version])).toEqual([
      ['faq', 'file', true, 1],
      ['glossary', 'page', true, 1],
      ['notes', 'page', false, 1],
    ]);
    expect(registry.enabled().map((d) => d.name)).toEqual(['faq', 'glossary']);
    expect(registry.issues()).toEqual([]);

    const faq = registry.get('faq');
    expect(faq?.def).toMatchObject({ name: 'faq', prefix: 'faq', titleField: 'question' });
    expect(faq?.texts['en-US'].enums).toEqual({ state: { open: 'Open', closed: 'Closed' } });
    expect(faq?.texts['zh-CN'].titles.create).toBe('新建常见问题');
    expect(registry.get('nothing')).toBeUndefined();
  });

  it('works without a file', async () => {
    await addPage(declaration('glossary'));
    const registry = await registryOf();
    expect(registry.all().map((d) => d.name)).toEqual(['glossary']);
    expect(registry.fileDeclarations()).toEqual([]);
  });

  it('lets a file declaration win over a page one of the same name, and says so', async () => {
    await addPage(declaration('faq', { labels: labels('页面', 'From the page') }));
    const registry = await registryOf(await configFile(YAML_CONFIG, 'yaml'));
    expect(registry.all().map((d) => [d.name, d.origin])).toEqual([['faq', 'file']]);
    expect(registry.get('faq')?.declaration.labels['en-US']).toBe('FAQ');
    expect(registry.issues()).toEqual([
      {
        origin: 'page',
        name: 'faq',
        path: 'name',
        key: 'declShadowedByFile',
        params: { name: 'faq' },
        message: expect.stringMatching(/file/),
      },
    ]);
  });

  it('keeps a page declaration that clashes with the file out of the served set', async () => {
    await addPage(declaration('faq-extra', { prefix: 'faq/extra' }));
    const registry = await registryOf(await configFile(YAML_CONFIG, 'yaml'));
    const extra = registry.get('faq-extra');
    expect(extra?.issues).toEqual([
      {
        path: 'prefix',
        key: 'declPrefixOverlap',
        // The other declaration by name, not by its index in the registry's check list.
        params: { prefix: 'faq/extra', other: 'faq' },
        message: "endpoint prefix faq/extra overlaps faq's",
      },
    ]);
    expect(registry.enabled().map((d) => d.name)).toEqual(['faq']);
    expect(registry.issues()).toMatchObject([
      { origin: 'page', name: 'faq-extra', path: 'prefix' },
    ]);
  });

  it('keeps the last good file declarations when a reload reads a bad file', async () => {
    const path = await configFile({ resources: [declaration('knowledge')] });
    const registry = await registryOf(path);
    expect(registry.all().map((d) => d.name)).toEqual(['knowledge']);

    // A typo: the declaration is refused by the schema.
    const bad = declaration('knowledge', {
      fields: [
        { name: 'title', type: 'string', labels: labels('标题', 'Title') },
        enumWithoutOptions,
      ],
    });
    await writeFile(path, JSON.stringify({ resources: [bad] }));
    await registry.reload();
    expect(registry.all().map((d) => [d.name, d.origin])).toEqual([['knowledge', 'file']]);
    expect(registry.get('knowledge')?.declaration.fields).toHaveLength(1);
    expect(registry.issues()).toEqual([
      {
        origin: 'file',
        path: 'resources.0.fields.1.options',
        key: 'declEnumNeedsOptions',
        message: expect.any(String),
      },
    ]);

    // A clash with a built-in is as bad as a typo, and names its path too.
    await writeFile(path, JSON.stringify({ resources: [declaration('agent')] }));
    await registry.reload();
    expect(registry.all().map((d) => d.name)).toEqual(['knowledge']);
    expect(registry.issues()).toEqual([
      {
        origin: 'file',
        path: 'resources.0.name',
        key: 'declBuiltInName',
        params: { name: 'agent' },
        message: 'agent is a built-in resource',
      },
    ]);

    // Unparsable, then gone altogether.
    await writeFile(path, '{');
    await registry.reload();
    expect(registry.all().map((d) => d.name)).toEqual(['knowledge']);
    await rm(path);
    await registry.reload();
    expect(registry.all().map((d) => d.name)).toEqual(['knowledge']);
    expect(registry.issues()[0]?.message).toMatch(/cannot read/);

    // Fixed: the new declaration is served, its version counting the change; issues clear.
    const renamed = declaration('knowledge', { labels: labels('知识', 'Knowledge') });
    await writeFile(path, JSON.stringify({ resources: [renamed, declaration('glossary')] }));
    await registry.reload();
    expect(registry.all().map((d) => [d.name, d.version])).toEqual([
      ['knowledge', 2],
      ['glossary', 1],
    ]);
    expect(registry.issues()).toEqual([]);
    await registry.reload();
    expect(registry.get('knowledge')?.version).toBe(2);
  });

  it('reloads on SIGHUP until the handler is removed', async () => {
    const path = await configFile({ resources: [declaration('knowledge')] });
    const registry = await registryOf(path);
    const log: RegistryLog = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const listeners = process.listenerCount('SIGHUP');
    const unwatch = watchSighup(registry, log);
    try {
      await writeFile(path, JSON.stringify({ resources: [declaration('glossary')] }));
      process.emit('SIGHUP', 'SIGHUP');
      await vi.waitFor(() => expect(registry.all().map((d) => d.name)).toEqual(['glossary']));
      await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(2));

      // A bad file is logged as a warning with its issues.
      await writeFile(path, '{');
      process.emit('SIGHUP', 'SIGHUP');
      await vi.waitFor(() => expect(log.warn).toHaveBeenCalledTimes(1));
      expect(registry.all().map((d) => d.name)).toEqual(['glossary']);
    } finally {
      unwatch();
    }
    await writeFile(path, JSON.stringify({ resources: [declaration('notes')] }));
    process.emit('SIGHUP', 'SIGHUP');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(registry.all().map((d) => d.name)).toEqual(['glossary']);
    expect(process.listenerCount('SIGHUP')).toBe(listeners);
  });

  it('tells onChange listeners about changes only, until they unsubscribe', async () => {
    const path = await configFile({ resources: [declaration('knowledge')] });
    const registry = new DeclarationRegistry({ db: t.db, configPath: path });
    const seen: string[][] = [];
    const off = registry.onChange((r) => seen.push(r.enabled().map((d) => d.name)));
    // Another listener's failure does not keep this one from being notified.
    registry.onChange(() => {
      throw new Error('listener bug');
    });
    await registry.reload();
    await registry.reload();
    expect(seen).toEqual([['knowledge']]);

    await addPage(declaration('glossary'));
    await registry.reloadPage();
    expect(seen).toEqual([['knowledge'], ['knowledge', 'glossary']]);

    off();
    await t.db.delete(resourceDeclarations);
    await registry.reload();
    expect(seen).toHaveLength(2);
    expect(registry.all().map((d) => d.name)).toEqual(['knowledge']);
  });
});
