import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSchema, pageSchema, updateSchema } from '../../contract/resource-schema';
import { scene } from '../../contract/resources/scene';
import { boundedIssues, boundPending, MAX_ISSUES, summary, translateIssues } from './issues';

function issuesOf(schema: z.ZodType, input: unknown, locale: 'zh-CN' | 'en-US' = 'en-US') {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return translateIssues(result.error.issues, input, locale);
}

describe('translateIssues', () => {
  it('says "required" for a missing field and names the expected type otherwise', () => {
    expect(issuesOf(createSchema(scene), { sceneCode: 'a' })).toEqual([
      { field: 'sceneName', message: 'is required' },
    ]);
    expect(issuesOf(createSchema(scene), { sceneName: 1, sceneCode: 'a' })).toEqual([
      { field: 'sceneName', message: 'must be of type string' },
    ]);
  });

  it('treats an empty required string as missing, and reports length bounds', () => {
    expect(issuesOf(createSchema(scene), { sceneName: '  ', sceneCode: 'x' })).toEqual([
      { field: 'sceneName', message: 'is required' },
    ]);
    expect(issuesOf(createSchema(scene), { sceneName: 'x'.repeat(65), sceneCode: 'x' })).toEqual([
      { field: 'sceneName', message: 'must be at most 64 characters' },
    ]);
  });

  it('lists the allowed values of a numeric enum', () => {
    expect(issuesOf(createSchema(scene), { sceneName: 'a', sceneCode: 'b', type: 7 })).toEqual([
      { field: 'type', message: 'must be one of 0, 1' },
    ]);
  });

  it('names each unknown key and each bad nested field by its path', () => {
    const issues = issuesOf(updateSchema(scene), { id: 1, version: 0, sceneName: '', extra: 1 });
    expect(issues).toEqual(
      expect.arrayContaining([
        { field: 'version', message: 'must be at least 1' },
        { field: 'sceneName', message: 'is required' },
        { field: 'extra', message: 'unsupported field extra' },
      ]),
    );
    const page = issuesOf(pageSchema(scene), {
      current: 0,
      sorters: [{ field: 'description', order: 'asc' }],
      filters: [{ field: 'isDel', operator: 'eq', value: 1 }],
    });
    expect(page.map((i) => i.field)).toEqual(['current', 'sorters.0.field', 'filters.0.field']);
  });

  it('explains a bad id written as text', () => {
    expect(
      issuesOf(
        z.strictObject({ id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]) }),
        { id: 'abc' },
      ),
    ).toEqual([{ field: 'id', message: 'has an invalid format' }]);
    expect(issuesOf(z.strictObject({ id: z.number().int().positive() }), { id: -1 })).toEqual([
      { field: 'id', message: 'must be at least 1' },
    ]);
  });

  it('answers in Chinese and summarises the first issue as "field: reason"', () => {
    const result = createSchema(scene).safeParse({});
    if (result.success) throw new Error('expected a failure');
    const bounded = boundedIssues(result.error.issues, {}, 'zh-CN');
    expect(bounded.issues[0]).toEqual({ field: 'sceneName', message: '必填' });
    expect(summary(bounded, 'zh-CN')).toBe('sceneName：必填');
    expect(summary(boundPending([], 'en-US'), 'en-US')).toBe('Invalid request');
  });

  it('names fields by their labels in messages and the summary, keeping the key as `field`', () => {
    const result = createSchema(scene).safeParse({ sceneCode: 'x' });
    if (result.success) throw new Error('expected a failure');
    const labels = { sceneName: '场景名称', sceneCode: '场景编码' };
    const bounded = boundedIssues(result.error.issues, { sceneCode: 'x' }, 'zh-CN', labels);
    expect(bounded.issues).toEqual([{ field: 'sceneName', message: '必填' }]);
    expect(summary(bounded, 'zh-CN')).toBe('场景名称：必填');
    // A message quoting its own field says it by label, once.
    const duplicate = boundPending(
      [{ field: 'sceneCode', key: 'duplicate', params: { field: 'sceneCode' } }],
      'en-US',
      { sceneCode: 'Scene code' },
    );
    expect(duplicate.issues).toEqual([
      { field: 'sceneCode', message: 'Scene code already exists' },
    ]);
    expect(summary(duplicate, 'en-US')).toBe('Scene code already exists');
    // An unknown key is quoted as sent: it is the caller's text, not a field of the form.
    const unknown = boundPending(
      [{ field: 'isDel', key: 'unknownField', params: { field: 'isDel' } }],
      'en-US',
      { isDel: 'Deleted' },
    );
    expect(summary(unknown, 'en-US')).toBe('unsupported field isDel');
  });

  it('names the body itself when it is missing', () => {
    expect(issuesOf(createSchema(scene), undefined)).toEqual([
      { field: 'body', message: 'is required' },
    ]);
  });
});

describe('boundedIssues', () => {
  it('keeps the first 20 distinct issues and counts the rest without translating them', () => {
    const body = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]));
    const result = createSchema(scene).safeParse(body);
    if (result.success) throw new Error('expected a failure');
    const bounded = boundedIssues(result.error.issues, body, 'en-US');
    expect(bounded.issues).toHaveLength(MAX_ISSUES);
    // 500 unknown keys and two missing required fields.
    expect(bounded.issues.length + bounded.omitted).toBe(502);
    expect(bounded.issues[0]).toEqual({ field: 'sceneName', message: 'is required' });
  });

  it('counts duplicates once', () => {
    const schema = z.strictObject({ a: z.string().min(2).max(1) });
    const result = schema.safeParse({ a: 'xyz' });
    if (result.success) throw new Error('expected a failure');
    const twice = [...result.error.issues, ...result.error.issues];
    expect(boundedIssues(twice, { a: 'xyz' }, 'en-US')).toEqual({
      issues: [{ field: 'a', message: 'must be at most 1 characters' }],
      omitted: 0,
      lines: ['a: must be at most 1 characters'],
    });
  });

  it('bounds issues raised by handlers too', () => {
    const pending = Array.from({ length: 25 }, (_, i) => ({
      field: `f${i}`,
      key: 'required' as const,
    }));
    const bounded = boundPending(pending, 'en-US');
    expect(bounded.issues).toHaveLength(20);
    expect(bounded.omitted).toBe(5);
  });
});
