/**
 * Occupancy fees (/fee, the fee menu's 3050 page): price per minute (two decimals) after the grace time
 * once charging has ended; charging fees name one. The currency is the company's: shown, never chosen.
 */
import { resourcePaths } from '@shared/api/paths.ts';
import { occupancyFeeResource, occupancyFeeSchema } from '@shared/resources/fee/occupancy-fee.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import type { ResourceDecl } from '@web/resources/types.ts';
import { currencyColumn, currencyField, F, formSchemas } from './common.ts';

const O = `${F}.occupancyFee`;
const { permissions: p } = occupancyFeeResource;

export const occupancyFeeDecl: ResourceDecl = {
  id: 'occupancyFee',
  title: `${O}.title`,
  api: resourcePaths(occupancyFeeResource),
  idField: 'id',
  nameField: 'name',
  exportable: true,
  permissions: { view: p.view, add: p.add, edit: p.edit, delete: p.del },
  schemas: formSchemas(occupancyFeeSchema),
  columns: [
    { key: 'name', label: `${F}.common.name`, sortable: true },
    { key: 'price', label: `${F}.common.pricePerMinute` },
    currencyColumn,
    { key: 'afterTime', label: `${O}.afterTime`, kind: 'number' },
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
    { name: 'afterTime', label: `${O}.afterTime`, kind: 'number', help: `${O}.afterTimeHelp` },
  ],
  defaults: { afterTime: 0 },
};
