import { describe, expect, it } from 'vitest';
import { hashToken, newToken, TokenHashes } from './tokens';

describe('TokenHashes', () => {
  it('answers the sha256 of any token, remembered or not', () => {
    const hashes = new TokenHashes(2);
    const token = newToken();
    expect(hashes.of(token)).toBe(hashToken(token));
    hashes.remember(token, hashToken(token));
    expect(hashes.of(token)).toBe(hashToken(token));
    expect(hashes.of('not-remembered')).toBe(hashToken('not-remembered'));
    expect(hashes.size).toBe(1);
  });

  it('answers a remembered token from memory, without hashing it again', () => {
    const hashes = new TokenHashes(2);
    // A value no sha256 gives: only the memo can answer it.
    hashes.remember('t', 'remembered');
    expect(hashes.of('t')).toBe('remembered');
  });

  it('keeps at most its bound, the oldest out first', () => {
    const hashes = new TokenHashes(2);
    hashes.remember('a', 'A');
    hashes.remember('b', 'B');
    hashes.remember('c', 'C');
    expect(hashes.size).toBe(2);
    expect(hashes.of('a')).toBe(hashToken('a'));
    expect(hashes.of('b')).toBe('B');
    expect(hashes.of('c')).toBe('C');
  });
});
