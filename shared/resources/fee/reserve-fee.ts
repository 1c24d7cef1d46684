/**
 * Reservation fees (docs/product.md sections 3, 5 and 9, /reserveFee): the price per minute of holding a
 * connector for a reservation, at most two decimals. The currency is the owning company's, set by the server.
 *
 * Stored fields: name, currency (ISO 4217), price (decimal string per minute, 2 decimals).
 */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { requiredText } from '@shared/schemas/fields.ts';
import { money, PRICE_2 } from './money.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const RESERVE_FEE_CODE = {
  view: CODE.reserveFees,
  add: CODE.reserveFeeAdd,
  edit: CODE.reserveFeeEdit,
  del: CODE.reserveFeeDelete,
};

export const reserveFeeSchema = z
  .object({
    name: requiredText(64),
    /** Per minute, at most two decimals. */
    price: money(PRICE_2),
  })
  .strict();

export const reserveFeeResource = defineResource({
  module: 'biz',
  name: 'reserveFee',
  type: 'RESERVEFEE',
  label: 'feeRes.names.reserveFee',
  tenancy: 'tenant',
  permissions: RESERVE_FEE_CODE,
  schema: reserveFeeSchema,
  filters: { name: 'contains' },
  sortable: ['name'],
  views: [{ sort: 'createTime' }],
});
