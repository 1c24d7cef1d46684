/**
 * Passwords never travel in clear (docs/architecture.md section 8): base64 of RSA-OAEP (SHA-256) of the UTF-8
 * password, with the server's SPKI key from GET /auth/publicKey. The key is fetched once and cached; a
 * failed login forgets it, so a key rotated on the server is picked up on the next attempt.
 */
import { API } from '@shared/api/paths.ts';
import { request } from '@web/lib/api.ts';

/** WebCrypto only exists in a secure context (HTTPS or localhost). */
export class InsecureContextError extends Error {
  constructor() {
    super('WebCrypto is not available: the console must be opened over HTTPS or on localhost');
    this.name = 'InsecureContextError';
  }
}

/** The public key could not be fetched or read. */
export class PublicKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PublicKeyError';
  }
}

let cachedKey: Promise<CryptoKey> | null = null;

function subtle(): SubtleCrypto {
  const value = globalThis.crypto?.subtle;
  if (!value) throw new InsecureContextError();
  return value;
}

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const base64 = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  const binary = atob(base64);
  const der = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) der[i] = binary.charCodeAt(i);
  return der;
}

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function loadKey(): Promise<CryptoKey> {
  const envelope = await request<{ publicKey?: string }>(API.auth.publicKey, {
    method: 'GET',
    auth: false,
    silent: true,
  });
  const pem = envelope.data?.publicKey;
  if (envelope.code !== 0 || typeof pem !== 'string' || pem.trim() === '') {
    throw new PublicKeyError(envelope.msg || 'No public key');
  }
  try {
    return await subtle().importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
  } catch (error) {
    if (error instanceof InsecureContextError) throw error;
    throw new PublicKeyError(error instanceof Error ? error.message : 'Unreadable public key');
  }
}

/** The password as the server expects it in `password`, `oldPwd` and `newPwd`. */
export async function encryptPassword(plain: string): Promise<string> {
  const crypto = subtle();
  if (!cachedKey) {
    cachedKey = loadKey();
    cachedKey.catch(() => (cachedKey = null)); // a failed fetch is retried next time
  }
  const key = await cachedKey;
  const encrypted = await crypto.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain));
  return toBase64(encrypted);
}

/** Fetch the key again next time (after a failed login: the server may have rotated it). */
export function forgetPublicKey(): void {
  cachedKey = null;
}
