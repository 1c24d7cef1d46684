/**
 * The RSA key pair passwords travel encrypted with (functions/auth/keys.ts): `CONFIG#passwordKey` / `CONFIG`,
 * holding `publicKey` (SPKI PEM) and `privateKey` (PKCS#8 PEM). Access patterns:
 * - the pair, read consistently (every function instance uses the one pair stored);
 * - create it, refused when one exists (the first writer wins; the loser reads the winner's pair).
 */
import { applied } from '@functions/lib/conditional.ts';
import { defineEntity, model, send } from './table.ts';

export const keyConfigs = defineEntity(
  {
    model: model('CONFIG'),
    attributes: {
      name: { type: 'string', required: true },
      publicKey: { type: 'string', required: true },
      privateKey: { type: 'string', required: true },
    },
    indexes: {
      byName: {
        pk: { field: 'pk', composite: ['name'], template: 'CONFIG#${name}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'CONFIG', casing: 'none' },
      },
    },
  },
  // The record's name is its key only (the item before holds no `name`).
  { keyOnly: ['name'] },
);

export interface KeyPair {
  publicKey: string;
  privateKey: string;
}

const PASSWORD_KEY = { name: 'passwordKey' };

/** The stored pair, if any (consistent read). */
export async function getPasswordKeyPair(): Promise<KeyPair | undefined> {
  const { Item } = await send.get(keyConfigs.get(PASSWORD_KEY).params({ consistent: true }));
  return Item ? { publicKey: Item.publicKey, privateKey: Item.privateKey } : undefined;
}

/** Stores the pair unless one exists; false when another writer stored one first. */
export async function createPasswordKeyPair(pair: KeyPair): Promise<boolean> {
  return applied(send.put(keyConfigs.create({ ...PASSWORD_KEY, ...pair }).params()));
}
