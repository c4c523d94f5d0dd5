import { describe, expect, it } from 'vitest';
import { loginBody } from './auth';
import type { FieldDef } from './resource';
import { createSchema, pageSchema, updateSchema, valueSchema } from './resource-schema';
import { RESOURCES } from './resources';
import { scene } from './resources/scene';

/** Invisible names and lone surrogates were once accepted as names. */
const INVISIBLE = [
  '\u200b', // zero-width space
  '\u200b\u200c\u200d\u2060', // zero-width (non-)joiners, word joiner
  ' \ufeff\u00a0 ', // byte-order mark, no-break space
  '\u202e\u200f', // direction override and mark
  '\u00ad', // soft hyphen
  '\u3164\u115f', // Hangul fillers
  '\ufe0f', // variation selector
  '\u2800', // blank Braille pattern
  '\t\n\u3000', // white space of all kinds
];
const UNSTORABLE = ['a\ud800', '\udc00b', 'x\udbff\udbffy', 'nul\u0000'];
const FINE = ['名字', 'a\u200bb', '😀', 'Ünïcödé ', 'x'];

const required: FieldDef = { name: 'n', type: 'string', required: true, max: 64 };
const optional: FieldDef = { name: 'n', type: 'text', nullable: true };

describe('string values', () => {
  it('refuse a required value that shows nothing, as "required"', () => {
    for (const value of INVISIBLE) {
      const result = valueSchema(required).safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      const issue = result.error?.issues[0];
      expect(issue?.code === 'custom' || issue?.code === 'too_small').toBe(true);
    }
  });

  it('refuse lone surrogates and NUL in any string, required or not', () => {
    for (const value of UNSTORABLE) {
      for (const field of [required, optional]) {
        const result = valueSchema(field).safeParse(value);
        expect(result.success, JSON.stringify(value)).toBe(false);
        expect(result.error?.issues[0]).toMatchObject({ params: { key: 'badCharacters' } });
      }
    }
  });

  it('accept visible text, astral characters and invisible ones beside visible ones', () => {
    for (const value of FINE) {
      expect(valueSchema(required).safeParse(value).success, JSON.stringify(value)).toBe(true);
    }
    expect(valueSchema(optional).safeParse('\u200b').success).toBe(true);
  });

  it('apply to every resource’s strings, keyword and filters, and to login', () => {
    for (const def of RESOURCES) {
      for (const f of def.fields.filter((f) => f.type === 'string' || f.type === 'text')) {
        if (f.readOnly) continue;
        const schemas = [createSchema(def), updateSchema(def)];
        for (const schema of schemas) {
          const value = schema.shape[f.name];
          if (!value) continue;
          expect(value.safeParse('a\ud800').success, `${def.name}.${f.name}`).toBe(false);
        }
      }
    }
    const page = pageSchema(scene);
    expect(page.safeParse({ keyword: '\udfff' }).success).toBe(false);
    const filter = { field: 'sceneName', operator: 'contains', value: 'x\ud800' };
    expect(page.safeParse({ filters: [filter] }).success).toBe(false);
    expect(loginBody.safeParse({ userName: '\u200b', password: 'x' }).success).toBe(false);
    expect(loginBody.safeParse({ userName: 'admin', password: '\ud800' }).success).toBe(false);
    expect(loginBody.safeParse({ userName: 'admin', password: ' ' }).success).toBe(true);
  });
});
