/** Local secrets (the JWT signing key...): generated once per data folder, never committed. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function secretFor(dataDir: string, name: string): string {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const value = randomBytes(32).toString('base64url');
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}
