/**
 * Occupancy fees (docs/product.md section 3; the console's /fee): what a car pays per minute for staying at
 * the connector once charging has ended and the grace time `afterTime` has passed. A charging fee names one
 * (`occupancyFeeId`) and the steps it is billed in. The currency is the owning company's, set by the server.
 *
 * Stored fields: name, currency (ISO 4217), price (decimal string per minute, 2 decimals), afterTime (whole
 * minutes 0 to 1440).
 */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { requiredText } from '@shared/schemas/fields.ts';
import { int, optionalNumber } from '../catalogue/fields.ts';
import { money, PRICE_2 } from './money.ts';
import { CODE } from '@shared/permissions/menus.ts';

/**
 * /fee is under 3050; adding, editing and deleting use the charging fee's buttons (docs/product.md section
 * 6).
 */
export const OCCUPANCY_FEE_CODE = {
  view: CODE.occupancyFees,
  add: CODE.chargingFeeAdd,
  edit: CODE.chargingFeeEdit,
  del: CODE.chargingFeeDelete,
};
export const AFTER_TIME = { min: 0, max: 1440 } as const;

export const occupancyFeeSchema = z
  .object({
    name: requiredText(64),
    /** Per minute. */
    price: money(PRICE_2),
    /** Grace minutes after charging ends before the fee runs. */
    afterTime: optionalNumber(int(AFTER_TIME.min, AFTER_TIME.max)).transform((v) => v ?? 0),
  })
  .strict();

export const occupancyFeeResource = defineResource({
  module: 'biz',
  name: 'occupancyFee',
  type: 'OCCUPANCYFEE',
  label: 'feeRes.names.occupancyFee',
  tenancy: 'tenant',
  permissions: OCCUPANCY_FEE_CODE,
  schema: occupancyFeeSchema,
  filters: { name: 'contains' },
  sortable: ['name'],
  views: [{ sort: 'createTime' }],
});
