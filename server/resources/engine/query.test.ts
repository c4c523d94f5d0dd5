import { describe, expect, it } from 'vitest';
import { likePattern } from './query';

describe('likePattern', () => {
  it('matches the text anywhere and takes % _ \\ literally', () => {
    expect(likePattern('abc')).toBe('%abc%');
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
