import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ephemeralSecretBox,
  KEY_FILE,
  keyFromAppSecret,
  keyFromFile,
  loadSecretBox,
  secretBox,
} from './secrets';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'secrets-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('secret box (AES-256-GCM)', () => {
  it('round-trips text, with a fresh nonce every time', () => {
    const box = ephemeralSecretBox();
    const plain = 'sk-live 令牌 with spaces ';
    const a = box.encrypt(plain);
    const b = box.encrypt(plain);
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-live');
    expect(box.isSealed(a)).toBe(true);
    expect(box.isSealed(plain)).toBe(false);
    expect(box.decrypt(a)).toBe(plain);
    expect(box.decrypt(b)).toBe(plain);
  });

  it('refuses a changed byte, another key and text that is not sealed', () => {
    const box = ephemeralSecretBox();
    const sealed = box.encrypt('token');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.decrypt(parts.join('.'))).toThrow();
    expect(() => ephemeralSecretBox().decrypt(sealed)).toThrow();
    expect(() => box.decrypt('token')).toThrow(/not a sealed secret/);
    expect(() => secretBox(Buffer.alloc(16))).toThrow(/32 bytes/);
  });

  it('derives the same key from the same APP_SECRET, and refuses a short one', () => {
    const secret = 'a long enough application secret';
    expect(keyFromAppSecret(secret).equals(keyFromAppSecret(secret))).toBe(true);
    expect(keyFromAppSecret(secret).equals(keyFromAppSecret(`${secret}!`))).toBe(false);
    const sealed = secretBox(keyFromAppSecret(secret)).encrypt('x');
    expect(secretBox(keyFromAppSecret(secret)).decrypt(sealed)).toBe('x');
    expect(() => keyFromAppSecret('short')).toThrow(/at least 16/);
  });

  it('creates the key file once, mode 0600, and reads it back on the next start', async () => {
    const dir = join(await tempDir(), 'nested');
    const [first, concurrent] = await Promise.all([keyFromFile(dir), keyFromFile(dir)]);
    expect(first.equals(concurrent)).toBe(true);
    const info = await stat(join(dir, KEY_FILE));
    expect(info.mode & 0o777).toBe(0o600);
    expect((await readFile(join(dir, KEY_FILE), 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
    expect((await keyFromFile(dir)).equals(first)).toBe(true);
  });

  it('prefers APP_SECRET over the key file', async () => {
    const dir = await tempDir();
    const withSecret = await loadSecretBox({ appSecret: 'x'.repeat(32), dataDir: dir });
    expect(withSecret.source).toBe('APP_SECRET');
    await expect(stat(join(dir, KEY_FILE))).rejects.toThrow();
    const withFile = await loadSecretBox({ dataDir: dir });
    expect(withFile.source).toBe('key file');
    const again = await loadSecretBox({ dataDir: dir });
    expect(again.box.decrypt(withFile.box.encrypt('same key'))).toBe('same key');
  });
});
