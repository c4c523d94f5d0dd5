import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Encryption of 'secret' fields at rest (docs/SECURITY.md "Secrets"): AES-256-GCM with a fresh
 * 96-bit nonce per value. A stored value reads `v1.<nonce>.<tag>.<ciphertext>` (base64url), so
 * the format can change later without guessing.
 */
export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** Whether a stored value is one of ours (not plain text written around the store). */
  isSealed(value: string): boolean;
}

const PREFIX = 'v1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_FILE = 'secret.key';
/** APP_SECRET must carry at least this much: a short one is a guessable key. */
export const MIN_APP_SECRET_LENGTH = 16;

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`secret key must be ${KEY_BYTES} bytes`);
  return {
    encrypt(plain) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [PREFIX, nonce, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== PREFIX) throw new Error('not a sealed secret');
      const [nonce, tag, body] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
      if (nonce?.length !== NONCE_BYTES || tag?.length !== TAG_BYTES || !body) {
        throw new Error('not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, nonce);
      decipher.setAuthTag(tag);
      // A wrong key or a changed byte fails here (GCM authenticates), never yields garbage.
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
    isSealed(value) {
      return value.startsWith(`${PREFIX}.`) && value.split('.').length === 4;
    },
  };
}

/** The 32-byte key of an APP_SECRET, by HKDF-SHA256 (the same secret gives the same key). */
export function keyFromAppSecret(appSecret: string): Buffer {
  if (appSecret.length < MIN_APP_SECRET_LENGTH) {
    throw new Error(`APP_SECRET must be at least ${MIN_APP_SECRET_LENGTH} characters`);
  }
  return Buffer.from(
    hkdfSync('sha256', appSecret, 'copilot-console', 'secret fields v1', KEY_BYTES),
  );
}

/**
 * The key in `<dataDir>/secret.key` (64 hex digits), made with mode 0600 on first start. Two
 * instances starting together on one directory agree: the loser of the exclusive create reads
 * the winner's file.
 */
export async function keyFromFile(dataDir: string): Promise<Buffer> {
  const path = join(dataDir, KEY_FILE);
  const read = async () => {
    const key = Buffer.from((await readFile(path, 'utf8')).trim(), 'hex');
    if (key.length !== KEY_BYTES) throw new Error(`${path} does not hold a ${KEY_BYTES}-byte key`);
    return key;
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  try {
    await writeFile(path, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
}

/**
 * The deployment's secret box: APP_SECRET when set (required for several instances on one
 * PostgreSQL, which must share the key), else the key file in the data directory.
 */
export async function loadSecretBox(options: {
  appSecret?: string;
  dataDir: string;
}): Promise<{ box: SecretBox; source: 'APP_SECRET' | 'key file' }> {
  if (options.appSecret) {
    return { box: secretBox(keyFromAppSecret(options.appSecret)), source: 'APP_SECRET' };
  }
  return { box: secretBox(await keyFromFile(options.dataDir)), source: 'key file' };
}

/** A box with a key that lives only as long as the process (tests, throwaway servers). */
export function ephemeralSecretBox(): SecretBox {
  return secretBox(randomBytes(KEY_BYTES));
}
