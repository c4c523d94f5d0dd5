import { describe, expect, it } from 'vitest';
import { checkValues, renderTemplate, type PromptVariable } from './prompt-variables';

const variables: PromptVariable[] = [
  { name: 'Topic', type: 'text', fieldName: 'topic' },
  { name: 'Count', type: 'number', fieldName: 'count' },
  { name: 'Tone', type: 'select', fieldName: 'tone', options: ['formal', 'casual'] },
  { name: 'Day', type: 'date', fieldName: 'day' },
  { name: 'Feed', type: 'interface', fieldName: 'feed', url: 'https://example.com/feed' },
];

describe('checkValues', () => {
  it('answers each value as its text when every one fits its type', () => {
    const { issues, texts } = checkValues(variables, {
      topic: 'tea',
      count: 3,
      tone: 'formal',
      day: '2026-02-28',
      feed: '[1,2]',
    });
    expect(issues).toEqual([]);
    expect(renderTemplate('{{topic}} {{count}} {{tone}} {{day}} {{feed}}', texts)).toBe(
      'tea 3 formal 2026-02-28 [1,2]',
    );
    expect(checkValues(variables.slice(1, 2), { count: '2.5' }).texts).toEqual({ count: '2.5' });
  });

  it('names every missing, mistyped and undeclared value', () => {
    const { issues } = checkValues(variables, {
      count: 'many',
      tone: 'rude',
      day: '2026-02-30',
      feed: 42,
      extra: 'x',
    });
    expect(issues.map((i) => [i.field, i.key])).toEqual([
      ['extra', 'unknownField'],
      ['topic', 'required'],
      ['count', 'expectedType'],
      ['tone', 'notOneOf'],
      ['day', 'badDate'],
      ['feed', 'expectedType'],
    ]);
    expect(checkValues(variables.slice(0, 1), { topic: 'x'.repeat(20_001) }).issues[0]?.key).toBe(
      'tooLong',
    );
    expect(checkValues(variables.slice(1, 2), { count: ' ' }).issues[0]?.key).toBe('expectedType');
  });
});
