import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../resources';
import { checkAgainstBuiltIns } from './built-in-checks';
import { knowledge, labels, parse, type Input } from './test-fixtures';

describe('checkAgainstBuiltIns', () => {
  const at = (i: number, ...keys: (string | number)[]) => ['resources', i, ...keys];
  const check = (...decls: Input[]) => checkAgainstBuiltIns(decls.map(parse), RESOURCES);
  const pathsOfCheck = (...decls: Input[]) => check(...decls).map((i) => i.path);

  it('finds nothing wrong with the worked example', () => {
    expect(check(knowledge())).toEqual([]);
  });

  it("reports a built-in's name, prefix, table and menu group", () => {
    expect(pathsOfCheck({ ...knowledge(), name: 'agent' })).toEqual([at(0, 'name')]);
    expect(pathsOfCheck({ ...knowledge(), prefix: 'corpus/item' })).toEqual([at(0, 'prefix')]);
    // Below a built-in's prefix, its own calls (scene/statistics…) could be shadowed.
    expect(pathsOfCheck({ ...knowledge(), prefix: 'scene/extra' })).toEqual([at(0, 'prefix')]);
    // The agent resource's table is `agents`.
    expect(pathsOfCheck({ ...knowledge(), name: 'agents' })).toEqual([at(0, 'name')]);
    // The name is also the default prefix, below which model-evaluate/result sits.
    expect(pathsOfCheck({ ...knowledge(), name: 'model-evaluate' })).toEqual([at(0, 'name')]);
    // Prefixes overlap by whole segments only.
    expect(pathsOfCheck({ ...knowledge(), name: 'scenery' })).toEqual([]);
    expect(pathsOfCheck({ ...knowledge(), menu: { group: 'corpus' } })).toEqual([
      at(0, 'menu', 'group'),
    ]);
    expect(check({ ...knowledge(), name: 'agent' })[0]?.message).toMatch(/built-in/);
  });

  it('reports clashes between declarations on the later one', () => {
    const other = { ...knowledge(), labels: labels('别的', 'Other') };
    expect(pathsOfCheck(knowledge(), other)).toEqual([at(1, 'name')]);
    expect(pathsOfCheck(knowledge(), { ...other, name: 'kb', prefix: 'knowledge/x' })).toEqual([
      at(1, 'prefix'),
    ]);
    expect(
      pathsOfCheck(knowledge(), { ...other, name: 'kb', menu: { group: 'knowledge' } }),
    ).toEqual([at(1, 'menu', 'group')]);
    expect(
      pathsOfCheck({ ...knowledge(), menu: { group: 'kb' } }, { ...other, name: 'kb' }),
    ).toEqual([at(1, 'name')]);
  });

  it('resolves references to built-ins and to other declarations', () => {
    const ref = (reference: Input) => ({
      ...knowledge(),
      name: 'article',
      fields: [
        { name: 'title', type: 'string', labels: labels('标题', 'Title') },
        { name: 'kb', type: 'reference', reference, labels: labels('知识库', 'Knowledge base') },
      ],
    });
    const refAt = (key: string) => at(1, 'fields', 1, 'reference', key);
    expect(check(knowledge(), ref({ resource: 'knowledge', label: 'title' }))).toEqual([]);
    expect(
      check(knowledge(), ref({ resource: 'scene', key: 'sceneCode', label: 'sceneName' })),
    ).toEqual([]);
    expect(pathsOfCheck(knowledge(), ref({ resource: 'wiki-page', label: 'title' }))).toEqual([
      refAt('resource'),
    ]);
    expect(
      pathsOfCheck(knowledge(), ref({ resource: 'knowledge', key: 'title', label: 'title' })),
    ).toEqual([refAt('key')]);
    // A unique integer is no key: non-id keys are stored as strings.
    const numbered = { ...knowledge(), fields: [...knowledge().fields] };
    numbered.fields[3] = { ...numbered.fields[3], unique: true };
    expect(
      pathsOfCheck(numbered, ref({ resource: 'knowledge', key: 'views', label: 'title' })),
    ).toEqual([refAt('key')]);
    expect(pathsOfCheck(knowledge(), ref({ resource: 'knowledge', label: 'body' }))).toEqual([
      refAt('label'),
    ]);
    // A derived label (record's sceneName) is no column of the target to join on.
    expect(pathsOfCheck(knowledge(), ref({ resource: 'record', label: 'sceneName' }))).toEqual([
      refAt('label'),
    ]);
    expect(
      pathsOfCheck(
        { ...knowledge(), enabled: false },
        ref({ resource: 'knowledge', label: 'title' }),
      ),
    ).toEqual([refAt('resource')]);
  });
});
