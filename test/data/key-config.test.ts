/** The key pair record reads the pair as functions/auth/keys.ts wrote it (by hand), and writes the same. */
import { describe, expect, it } from 'vitest';
import { createPasswordKeyPair, getPasswordKeyPair } from '@functions/data/key-config.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const KEY = { pk: 'CONFIG#passwordKey', sk: 'CONFIG' };
const pair = (n: number) => ({ publicKey: `PUBLIC ${n}`, privateKey: `PRIVATE ${n}` });

describe('password key pair', () => {
  it('writes the pair as the old code did, and the first writer wins', async () => {
    expect(await getPasswordKeyPair()).toBeUndefined();
    expect(await createPasswordKeyPair(pair(1))).toBe(true);
    expect(await rawGet(KEY)).toEqual({ ...KEY, ...pair(1) });
    expect(await createPasswordKeyPair(pair(2))).toBe(false);
    expect(await getPasswordKeyPair()).toEqual(pair(1));
  });

  it('reads a pair written the old way', async () => {
    await rawPut({ ...KEY, ...pair(3) });
    expect(await getPasswordKeyPair()).toEqual(pair(3));
    expect(await createPasswordKeyPair(pair(4))).toBe(false);
  });
});
