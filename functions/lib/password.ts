/** Secrets at rest: scrypt (memory-hard, from node:crypto) with a random salt, compared in constant time. */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const PARAMS = { N: 16384, r: 8, p: 1 };

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(secret, salt, 32, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(secret, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * For data made outside the API (the demo seed, tests, benchmarks): each secret hashed once per process. The
 * same published demo passwords are seeded at every local start and in every test runtime, an scrypt each.
 */
const seedHashes = new Map<string, Promise<string>>();
export function hashSeedSecret(secret: string): Promise<string> {
  let hash = seedHashes.get(secret);
  if (!hash) {
    seedHashes.set(secret, (hash = hashSecret(secret)));
    hash.catch(() => seedHashes.delete(secret));
  }
  return hash;
}

/**
 * How sign-in and the OCPP authorizer reach the check: through this object, so a test can count or hold
 * checks with vi.spyOn while its worker shares modules with other files (decision 360).
 */
export const secretChecks = { verifySecret };
