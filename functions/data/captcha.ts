/**
 * Login image codes (functions/auth/captcha.ts): `CAPTCHA#{randomStr}` / `CAPTCHA`, holding the code and its
 * expiry (`expiresAt`, epoch seconds; TTL). Access patterns:
 * - store a code under the client's randomStr (a new one replaces an older one, no condition, as before);
 * - take a code: deleted whatever it says, the stored code returned (single use, right or wrong).
 */
import { defineEntity, model, send } from './table.ts';

export const imageCodes = defineEntity(
  {
    model: model('CAPTCHA'),
    attributes: {
      randomStr: { type: 'string', required: true },
      code: { type: 'string', required: true },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byRandomStr: {
        pk: { field: 'pk', composite: ['randomStr'], template: 'CAPTCHA#${randomStr}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'CAPTCHA', casing: 'none' },
      },
    },
  },
  // The randomStr is the key only (the items before hold no `randomStr`).
  { keyOnly: ['randomStr'] },
);

export interface ImageCode {
  code: string;
  expiresAt: number;
}

/** Stores the code of a randomStr (over any code stored before). */
export async function putImageCode(randomStr: string, code: ImageCode): Promise<void> {
  await send.put(imageCodes.put({ randomStr, ...code }).params());
}

/** Deletes the code of a randomStr and returns what was stored, if anything. */
export async function takeImageCode(randomStr: string): Promise<ImageCode | undefined> {
  const { Attributes } = await send.delete(imageCodes.delete({ randomStr }).params({ response: 'all_old' }));
  return Attributes ? { code: String(Attributes.code), expiresAt: Number(Attributes.expiresAt) } : undefined;
}
