/**
 * Reservation fees (/reserveFee): price per minute of holding a connector, at most two decimals
 * (docs/product.md section 5). The currency is the company's: shown, never chosen.
 */
import { resourcePaths } from '@shared/api/paths.ts';
import { reserveFeeResource, reserveFeeSchema } from '@shared/resources/fee/reserve-fee.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import type { ResourceDecl } from '@web/resources/types.ts';
import { currencyColumn, currencyField, F, formSchemas } from './common.ts';

const { permissions: p } = reserveFeeResource;

export const reserveFeeDecl: ResourceDecl = {
  id: 'reserveFee',
  title: `${F}.reserveFee.title`,
  api: resourcePaths(reserveFeeResource),
  idField: 'id',
  nameField: 'name',
  exportable: true,
  permissions: { view: p.view, add: p.add, edit: p.edit, delete: p.del },
  schemas: formSchemas(reserveFeeSchema),
  columns: [
    { key: 'name', label: `${F}.common.name`, sortable: true },
    { key: 'price', label: `${F}.common.pricePerMinute` },
    currencyColumn,
    createTimeColumn,
  ],
  filters: [{ name: 'name', label: `${F}.common.name`, kind: 'text' }],
  fields: [
    { name: 'name', label: `${F}.common.name`, kind: 'text', required: true },
    currencyField,
    {
      name: 'price',
      label: `${F}.common.pricePerMinute`,
      kind: 'text',
      required: true,
      help: `${F}.common.priceTwoHelp`,
    },
  ],
};
