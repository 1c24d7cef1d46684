/**
 * The RSA key pair passwords travel encrypted with (docs/architecture.md section 8): the console fetches the
 * public key (GET /auth/publicKey, SPKI PEM) and sends base64(RSA-OAEP-SHA-256(password)). The pair is
 * created on first use and stored in the main table with a conditional write (the first writer wins, every
 * function instance then reads the same pair), so nothing is baked into the bundle and no deploy step is
 * needed.
 */
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { createPasswordKeyPair, getPasswordKeyPair, type KeyPair } from '@functions/data/key-config.ts';
import { badRequest } from '@functions/lib/errors.ts';
import { instanceCache } from '@functions/lib/memo.ts';

let cached: Promise<KeyPair> | undefined;
instanceCache({ clear: () => (cached = undefined) });

async function readOrCreate(): Promise<KeyPair> {
  const stored = await getPasswordKeyPair();
  if (stored) return stored;
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return (await createPasswordKeyPair(pair)) ? pair : readOrCreate();
}

export function passwordKeyPair(): Promise<KeyPair> {
  cached ??= readOrCreate().catch((error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** The plain password from its encrypted form; a clear 400 when it was not encrypted with our key. */
export async function decryptPassword(encrypted: unknown, field = 'password'): Promise<string> {
  if (typeof encrypted !== 'string' || encrypted === '')
    throw badRequest('server.validation', { [field]: 'validation.required' });
  const { privateKey } = await passwordKeyPair();
  try {
    return privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(encrypted, 'base64'),
    ).toString('utf8');
  } catch {
    throw badRequest('server.passwordNotEncrypted', { [field]: 'server.passwordNotEncrypted' });
  }
}
