import { describe, expect, it } from 'vitest';
import { checkDraft, emptyDraft, namePathOf, toDraft, toFormValues } from './declaration-form';

const KNOWLEDGE = {
  name: 'knowledge',
  labels: { 'zh-CN': '知识库', 'en-US': 'Knowledge base' },
  enabled: true,
  source: { kind: 'database' },
  permissions: { user: ['list', 'show', 'create', 'edit', 'delete'] },
  fields: [
    {
      name: 'title',
      type: 'string',
      labels: { 'zh-CN': '标题', 'en-US': 'Title' },
      required: true,
      list: true,
      search: true,
      max: 120,
    },
    {
      name: 'level',
      type: 'enum',
      labels: { 'zh-CN': '级别', 'en-US': 'Level' },
      filter: 'eq',
      default: 1,
      options: [
        { value: 1, labels: { 'zh-CN': '基础', 'en-US': 'Basic' } },
        { value: 2, labels: { 'zh-CN': '专家', 'en-US': 'Expert' } },
      ],
    },
    {
      name: 'scene',
      type: 'reference',
      labels: { 'zh-CN': '场景', 'en-US': 'Scene' },
      reference: { resource: 'scene', key: 'sceneCode', label: 'sceneName' },
    },
  ],
  menu: { order: 5, icon: 'BookOutlined' },
  defaultSort: { field: 'title', order: 'asc' },
  listTimes: ['updatedAt'],
};

describe('the form and the JSON draft', () => {
  it('round-trip a declaration: form values back to the same JSON', () => {
    expect(toDraft(toFormValues(KNOWLEDGE), KNOWLEDGE)).toEqual(KNOWLEDGE);
  });

  it('keep the keys the form does not edit from the draft', () => {
    const values = toFormValues(KNOWLEDGE);
    values.labels = { 'zh-CN': '知识', 'en-US': 'Knowledge' };
    const draft = toDraft(values, KNOWLEDGE);
    expect(draft.defaultSort).toEqual(KNOWLEDGE.defaultSort);
    expect(draft.listTimes).toEqual(['updatedAt']);
    expect(draft.source).toEqual(KNOWLEDGE.source);
    expect(draft.labels).toEqual({ 'zh-CN': '知识', 'en-US': 'Knowledge' });
  });

  it('drop empty optional keys and false flags, keep empty labels for the schema to name', () => {
    const draft = toDraft({
      name: 'notes',
      labels: { 'zh-CN': '笔记' },
      prefix: '',
      permissions: { admin: ['list'], user: [] },
      menu: { group: '', order: null, icon: '' },
      fields: [
        { name: 'body', type: 'text', required: false, min: null, filter: null, options: [] },
      ],
    });
    expect(draft).toEqual({
      name: 'notes',
      labels: { 'zh-CN': '笔记', 'en-US': '' },
      permissions: { admin: ['list'] },
      fields: [{ name: 'body', type: 'text', labels: { 'zh-CN': '', 'en-US': '' } }],
    });
  });

  it('types option values: numbers when all read as integers, else strings', () => {
    const field = (values: string[]) =>
      toDraft({
        fields: [
          { name: 'f', type: 'enum', options: values.map((value) => ({ value, labels: {} })) },
        ],
      }).fields as { options: { value: unknown }[] }[];
    expect(field(['1', '2'])[0]!.options.map((o) => o.value)).toEqual([1, 2]);
    expect(field(['1', 'b'])[0]!.options.map((o) => o.value)).toEqual(['1', 'b']);
  });

  it('show JSON of the wrong shape as an empty form rather than failing', () => {
    expect(toFormValues([1, 2]).fields).toEqual([]);
    expect(toFormValues({ name: 3, fields: 'x', permissions: { user: 'list' } })).toMatchObject({
      name: undefined,
      fields: [],
      permissions: { admin: [], user: [] },
    });
  });
});

describe('checkDraft', () => {
  it('accepts the documented knowledge-base example', () => {
    expect(checkDraft(KNOWLEDGE).ok).toBe(true);
  });

  it('names each problem by its dotted path, with zod’s code for the UI’s language', () => {
    const result = checkDraft(
      {
        ...KNOWLEDGE,
        name: 'Bad Name',
        fields: [{ ...KNOWLEDGE.fields[1], options: undefined }],
      },
      'en-US',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const paths = result.issues.map((i) => i.path);
    expect(paths).toContain('name');
    expect(result.issues.find((i) => i.path === 'fields.0.options')?.message).toMatch(/options/);
  });

  it('finds the new declaration incomplete until named and labelled', () => {
    const result = checkDraft(emptyDraft());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['name', 'labels.zh-CN', 'labels.en-US', 'fields.0.name']),
    );
    // Blank labels fail once, as too short (not also as blank).
    expect(result.issues.filter((i) => i.path === 'labels.zh-CN')).toEqual([
      expect.objectContaining({ code: 'too_small', params: { minimum: 1, origin: 'string' } }),
    ]);
  });

  it('turns a dotted path into a form name path', () => {
    expect(namePathOf('fields.2.labels.zh-CN')).toEqual(['fields', 2, 'labels', 'zh-CN']);
    expect(namePathOf('')).toEqual([]);
  });
});

describe('checkDraft in the UI’s language', () => {
  const enumWithoutOptions = {
    ...KNOWLEDGE,
    fields: [{ ...KNOWLEDGE.fields[1], options: undefined }],
  };

  it('words a problem the contract names by key in the locale asked for', () => {
    const zh = checkDraft(enumWithoutOptions, 'zh-CN');
    const en = checkDraft(enumWithoutOptions, 'en-US');
    if (zh.ok || en.ok) throw new Error('expected problems');
    expect(zh.issues.find((i) => i.path === 'fields.0.options')).toMatchObject({
      code: 'custom',
      message: '枚举字段需要选项',
      params: { key: 'declEnumNeedsOptions' },
    });
    expect(en.issues.find((i) => i.path === 'fields.0.options')?.message).toBe(
      'an enum field needs options',
    );
    const reserved = checkDraft({ ...KNOWLEDGE, name: 'dashboard' }, 'zh-CN');
    if (reserved.ok) throw new Error('expected problems');
    expect(reserved.issues).toEqual([
      expect.objectContaining({ path: 'name', message: '此名称为控制台保留' }),
    ]);
  });

  it('words a header name’s problem from inside the record key’s issue', () => {
    const result = checkDraft(
      { ...KNOWLEDGE, source: { kind: 'rest', url: 'https://x.example', headers: { 'a b': 'v' } } },
      'zh-CN',
    );
    if (result.ok) throw new Error('expected problems');
    expect(result.issues).toEqual([
      expect.objectContaining({
        path: 'source.headers.a b',
        message: expect.stringMatching(/请求头名称/),
      }),
    ]);
  });

  it('keeps zod’s own codes for issueText to translate', () => {
    const result = checkDraft({ ...KNOWLEDGE, name: 'k' }, 'zh-CN');
    if (result.ok) throw new Error('expected problems');
    expect(result.issues).toEqual([
      expect.objectContaining({
        path: 'name',
        code: 'too_small',
        params: expect.objectContaining({ minimum: 2 }),
      }),
    ]);
  });
});
