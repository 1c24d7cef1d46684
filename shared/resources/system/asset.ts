/**
 * Assets (docs/product.md section 3): charger units known before they are installed; the pile wizard binds a
 * pile to one by code. The original secret key and the bluetooth initial key are write-only.
 */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { PROTOCOL_TYPES } from '../catalogue/model.ts';
import { code, flag, requiredNumber, secret } from './fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

/** An asset's protocol is one a charger model can have. */
export { PROTOCOL_TYPES };
/** useFlag: 0 unused, 1 used (bound to a pile). */
export const USE_FLAG = { unused: 0, used: 1 } as const;
/** Power in kW (docs/product.md section 9: power 1 to 10000). */
export const ASSET_POWER = { max: 10_000 } as const;

export const assetSchema = z
  .object({
    code: code(64),
    originalSecretKey: secret(255),
    power: requiredNumber(
      'systemRes.validation.power',
      (n) => n > 0 && n <= ASSET_POWER.max && Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
    ),
    protocolType: z.enum(PROTOCOL_TYPES, { error: 'systemRes.validation.protocolType' }),
    useFlag: flag(USE_FLAG.unused),
    bluetoothKey: secret(255),
  })
  .strict();

export const assetResource = defineResource({
  module: 'admin',
  name: 'asset',
  type: 'ASSET',
  label: 'systemRes.names.asset',
  tenancy: 'platform',
  permissions: { view: CODE.assets, add: CODE.assetEdit, edit: CODE.assetEdit, del: CODE.assetEdit },
  schema: assetSchema,
  filters: { code: 'contains', protocolType: 'eq', useFlag: 'eq' },
  sortable: ['code', 'power', 'protocolType', 'useFlag'],
  // The pile wizard looks for unused assets.
  views: [{ sort: 'createTime' }, { eq: ['useFlag'], sort: 'code' }],
  unique: [{ field: 'code', message: 'systemRes.server.assetCodeTaken' }],
  secrets: ['originalSecretKey', 'bluetoothKey'],
  // Assets arrive in bulk from the factory's list (docs/product.md section 8: asset upload).
  importable: true,
});
