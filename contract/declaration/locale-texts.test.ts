import { describe, expect, it } from 'vitest';
import agentEn from '../../src/locales/en-US/agent.json';
import agentZh from '../../src/locales/zh-CN/agent.json';
import { allFields } from '../resource';
import { localeTextsOf } from './locale-texts';
import { knowledge, parse } from './test-fixtures';
import { toResourceDef } from './to-resource';

describe('localeTextsOf', () => {
  const texts = localeTextsOf(parse(knowledge()));
  const keysOf = (o: object, at = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) =>
      v && typeof v === 'object' ? keysOf(v as object, `${at}${k}.`) : [`${at}${k}`],
    );

  it('gives both locales the same keys', () => {
    expect(keysOf(texts['zh-CN']).sort()).toEqual(keysOf(texts['en-US']).sort());
  });

  it('words menus and titles from the label', () => {
    expect(texts['zh-CN'].menu).toEqual({
      title: '知识库',
      list: '知识库列表',
      detail: '知识库详情',
    });
    expect(texts['en-US'].menu).toEqual({
      title: 'Knowledge base',
      list: 'Knowledge base',
      detail: 'Knowledge base detail',
    });
    expect(texts['zh-CN'].titles).toEqual({
      list: '知识库列表',
      show: '知识库详情',
      create: '新建知识库',
      edit: '编辑知识库',
    });
    expect(texts['en-US'].titles).toEqual({
      list: 'Knowledge base',
      show: 'Knowledge base detail',
      create: 'Create Knowledge base',
      edit: 'Edit Knowledge base',
    });
  });

  it('labels system fields as agent.json does, and every declared and label field', () => {
    for (const name of ['id', 'version', 'createdAt', 'updatedAt'] as const) {
      expect(texts['en-US'].fields[name]).toBe(agentEn.fields[name]);
      expect(texts['zh-CN'].fields[name]).toBe(agentZh.fields[name]);
    }
    const def = toResourceDef(parse(knowledge()));
    expect(Object.keys(texts['en-US'].fields).sort()).toEqual(
      allFields(def)
        .map((f) => f.name)
        .sort(),
    );
    expect(texts['en-US'].fields.templateLabel).toBe('Template');
    expect(texts['zh-CN'].enums).toEqual({ status: { draft: '草稿', published: '已发布' } });
  });
});
