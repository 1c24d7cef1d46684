/** The image code entity reads codes as functions/auth/captcha.ts wrote them (by hand), and writes the same. */
import { describe, expect, it } from 'vitest';
import { putImageCode, takeImageCode } from '@functions/data/captcha.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

/** A code as issueImageCode wrote it. */
const oldItem = (randomStr: string) => ({
  pk: `CAPTCHA#${randomStr}`,
  sk: 'CAPTCHA',
  code: 'AB3D',
  expiresAt: 2_000_000_000,
});

describe('image codes', () => {
  it('takes a code written the old way once', async () => {
    await rawPut(oldItem('rs-old'));
    expect(await takeImageCode('rs-old')).toEqual({ code: 'AB3D', expiresAt: 2_000_000_000 });
    expect(await rawGet({ pk: 'CAPTCHA#rs-old', sk: 'CAPTCHA' })).toBeUndefined();
    expect(await takeImageCode('rs-old')).toBeUndefined();
  });

  it('writes the item the old code wrote, over an older code', async () => {
    await putImageCode('rs-new', { code: 'ZZZZ', expiresAt: 1 });
    await putImageCode('rs-new', { code: 'AB3D', expiresAt: 2_000_000_000 });
    expect(await rawGet({ pk: 'CAPTCHA#rs-new', sk: 'CAPTCHA' })).toEqual(oldItem('rs-new'));
  });
});
