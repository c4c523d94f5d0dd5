import { describe, expect, it } from 'vitest';
import { initialsOf } from './renderers';

describe('agent avatar initials', () => {
  it('take the first character of a CJK name, the first letters of two Latin words', () => {
    expect(initialsOf('售后客服助手')).toBe('售');
    expect(initialsOf('sales bot')).toBe('SB');
    expect(initialsOf('  Writer  ')).toBe('W');
    expect(initialsOf('E2E 智能体')).toBe('E');
    expect(initialsOf('')).toBe('?');
  });
});
