import { describe, expect, it } from 'vitest';
import {
  checkPlaceholders,
  extractPlaceholders,
  isHttpUrl,
  renderTemplate,
  renderTemplateText,
  splitTemplate,
  variablesFor,
} from './placeholders';

describe('placeholders', () => {
  it('splits text and placeholders, and joins back to the text', () => {
    const text = 'Review {{code}} in {{lang}}, {{ spaced }}, not {{1bad}}; {{code}} again';
    const parts = splitTemplate(text);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.kind === 'placeholder').map((p) => p.text)).toEqual([
      '{{code}}',
      '{{lang}}',
      '{{ spaced }}',
      '{{code}}',
    ]);
    expect(extractPlaceholders(text)).toEqual(['code', 'lang', 'spaced']);
    expect(splitTemplate('')).toEqual([]);
    expect(splitTemplate('{{a}}')).toEqual([{ kind: 'placeholder', name: 'a', text: '{{a}}' }]);
  });

  it('extracts each field name once, in order of first use', () => {
    expect(extractPlaceholders('{{b}} {{a}} {{b}} {{_c1}} {{a-b}} {x}')).toEqual(['b', 'a', '_c1']);
    expect(extractPlaceholders('no placeholders')).toEqual([]);
  });

  it('finds placeholders without rows and rows the text does not use', () => {
    const check = checkPlaceholders('Hi {{name}}, your {{order}} ships {{date}}', [
      { fieldName: 'name' },
      { fieldName: 'date' },
      { fieldName: 'coupon' },
      { fieldName: ' ' },
      {},
    ]);
    expect(check).toEqual({ missing: ['order'], unused: ['coupon'] });
    expect(checkPlaceholders('{{a}}', [{ fieldName: 'a' }])).toEqual({ missing: [], unused: [] });
    expect(checkPlaceholders('{{a}}', null)).toEqual({ missing: ['a'], unused: [] });
  });

  it('makes a text row per missing placeholder', () => {
    expect(variablesFor(['order', 'sku'])).toEqual([
      { name: 'order', type: 'text', fieldName: 'order' },
      { name: 'sku', type: 'text', fieldName: 'sku' },
    ]);
  });

  it('renders sample values and marks empty ones', () => {
    const text = 'Dear {{name}}, total {{sum}} on {{day}}.';
    expect(renderTemplateText(text, { name: 'Ann', sum: '12', day: '' })).toBe(
      'Dear Ann, total 12 on ‹day›.',
    );
    expect(renderTemplate('{{x}}!', {})).toEqual([
      { kind: 'empty', name: 'x', text: '‹x›' },
      { kind: 'text', text: '!' },
    ]);
    expect(renderTemplate('{{x}}', { x: '{{y}}' })).toEqual([
      { kind: 'value', name: 'x', text: '{{y}}' },
    ]);
  });

  it('accepts http and https URLs only', () => {
    expect(isHttpUrl('https://api.example.com/x?y=1')).toBe(true);
    expect(isHttpUrl('http://localhost:8080')).toBe(true);
    for (const bad of ['ftp://x.org', 'example.com', '', 'javascript:alert(1)', 'https://']) {
      expect(isHttpUrl(bad)).toBe(false);
    }
  });
});
