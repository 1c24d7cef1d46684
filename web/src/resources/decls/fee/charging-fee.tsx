/**
 * Charging fees (/chargingFee): the list with type, unit price, currency, time sharing and its periods, and
 * the occupancy fee; the form with the fee type (per-minute and per-use only offered with the Pro code 3104,
 * which the server enforces too), the unit price (a decimal string, four decimals), the time-of-use periods
 * editor (shown with time sharing on; rows added and removed, each row's errors from the shared period rule)
 * and the occupancy fee with its interval. The currency is the company's: shown, never chosen.
 */
import { API, resourcePaths } from '@shared/api/paths.ts';
import {
  CHARGING_FEE_CODE,
  chargingFeeResource,
  chargingFeeSchema,
  FEE_TYPE,
  PERIODS_MAX,
  PRO_FEE_TYPES,
  TIME_SHARING,
} from '@shared/resources/fee/charging-fee.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import type {
  Column,
  EnumOption,
  Field,
  RemoteSource,
  ResourceDecl,
  Row,
  RowsSpec,
} from '@web/resources/types.ts';
import { RemoteName } from '@web/resources/remote-names.tsx';
import { createElement } from 'react';
import { currencyColumn, currencyField, F, formSchemas } from './common.ts';

const C = `${F}.chargingFee`;
const { permissions: p } = chargingFeeResource;

export const FEE_TYPE_OPTIONS: readonly EnumOption[] = Object.entries(FEE_TYPE).map(([key, value]) => ({
  value,
  label: `${C}.feeTypes.${key}`,
  ...(PRO_FEE_TYPES.includes(value) ? { permission: CHARGING_FEE_CODE.pro } : {}),
}));
export const TIME_SHARING_OPTIONS: readonly EnumOption[] = [
  { value: TIME_SHARING.off, label: `${C}.timeSharingStates.off`, tone: 'neutral' },
  { value: TIME_SHARING.on, label: `${C}.timeSharingStates.on`, tone: 'info' },
];

const periodsOf = (row: Row) => (Array.isArray(row.periods) ? (row.periods as Row[]) : []);

/** The periods editor: start, end and price per row; a new row starts where the last one ends. */
export const PERIOD_ROWS: RowsSpec = {
  columns: [
    {
      key: 'startTime',
      label: `${C}.startTime`,
      cellLabel: `${C}.startOf`,
      placeholder: 'HH:mm',
      maxLength: 5,
    },
    { key: 'endTime', label: `${C}.endTime`, cellLabel: `${C}.endOf`, placeholder: 'HH:mm', maxLength: 5 },
    {
      key: 'price',
      label: `${C}.price`,
      cellLabel: `${C}.priceOf`,
      placeholder: '0.0000',
      inputMode: 'decimal',
    },
  ],
  newRow: (rows) => {
    const last = rows[rows.length - 1];
    const start = last ? String(last.endTime ?? '') : '00:00';
    return { startTime: start === '24:00' ? '' : start, endTime: '24:00', price: String(last?.price ?? '') };
  },
  addLabel: `${C}.addPeriod`,
  removeLabel: `${C}.removePeriod`,
  emptyLabel: `${C}.noPeriods`,
  max: PERIODS_MAX,
};

/**
 * The company's occupancy fees: a fee's name is shown by its id, as the occupancy fee is named now (the name
 * kept on the charging fee only while that list is read; docs/decisions/452-no-raw-values-in-the-console.md).
 */
const OCCUPANCY_SOURCE: RemoteSource = {
  url: API.biz.occupancyFee.list,
  search: 'name',
  value: 'id',
  label: 'name',
};

const columns: Column[] = [
  { key: 'name', label: `${F}.common.name`, sortable: true },
  { key: 'feeType', label: `${C}.feeType`, kind: 'enum', options: FEE_TYPE_OPTIONS, sortable: true },
  { key: 'unitPrice', label: `${C}.unitPrice` },
  currencyColumn,
  { key: 'timeSharing', label: `${C}.timeSharing`, kind: 'enum', options: TIME_SHARING_OPTIONS },
  { key: 'periodCount', label: `${C}.periodCount`, render: (row) => periodsOf(row).length || '' },
  {
    key: 'occupancyFeeName',
    label: `${C}.occupancyFee`,
    render: (row) =>
      createElement(RemoteName, {
        source: OCCUPANCY_SOURCE,
        value: row.occupancyFeeId,
        known: row.occupancyFeeName,
      }),
  },
  { key: 'occupancyInterval', label: `${C}.occupancyInterval`, kind: 'number' },
  { key: 'remark', label: `${F}.common.remark`, hidden: true },
  createTimeColumn,
];

const fields: Field[] = [
  { name: 'name', label: `${F}.common.name`, kind: 'text', required: true },
  {
    name: 'feeType',
    label: `${C}.feeType`,
    kind: 'select',
    required: true,
    options: FEE_TYPE_OPTIONS,
    help: `${C}.feeTypeHelp`,
  },
  currencyField,
  { name: 'unitPrice', label: `${C}.unitPrice`, kind: 'text', required: true, help: `${C}.unitPriceHelp` },
  {
    name: 'timeSharing',
    label: `${C}.timeSharing`,
    kind: 'switch',
    switchValues: [TIME_SHARING.on, TIME_SHARING.off],
  },
  {
    name: 'periods',
    label: `${C}.periods`,
    kind: 'rows',
    rows: PERIOD_ROWS,
    help: `${C}.periodsHelp`,
    when: (values) => Boolean(values.timeSharing),
  },
  {
    name: 'occupancyFeeId',
    label: `${C}.occupancyFee`,
    kind: 'remote',
    remote: { ...OCCUPANCY_SOURCE, currentLabel: 'occupancyFeeName' },
  },
  {
    name: 'occupancyInterval',
    label: `${C}.occupancyInterval`,
    kind: 'number',
    help: `${C}.occupancyIntervalHelp`,
    when: (values) => Boolean(values.occupancyFeeId),
  },
  { name: 'remark', label: `${F}.common.remark`, kind: 'textarea' },
];

/** Periods only count with time sharing on; an interval only with an occupancy fee. */
function prepare(input: Row): Row {
  const body = { ...input };
  if (Number(body.timeSharing) !== TIME_SHARING.on) body.periods = [];
  if (!body.occupancyFeeId) delete body.occupancyInterval;
  return body;
}

export const chargingFeeDecl: ResourceDecl = {
  id: 'chargingFee',
  title: `${C}.title`,
  api: resourcePaths(chargingFeeResource),
  idField: 'id',
  nameField: 'name',
  exportable: true,
  permissions: { view: p.view, add: p.add, edit: p.edit, delete: p.del },
  schemas: formSchemas(chargingFeeSchema),
  beforeValidate: prepare,
  columns,
  filters: [
    { name: 'name', label: `${F}.common.name`, kind: 'text' },
    { name: 'feeType', label: `${C}.feeType`, kind: 'select', options: FEE_TYPE_OPTIONS },
  ],
  fields,
  defaults: { feeType: FEE_TYPE.energy, timeSharing: TIME_SHARING.off, periods: [] },
  detail: [
    { key: 'name', label: `${F}.common.name` },
    { key: 'feeType', label: `${C}.feeType`, kind: 'enum', options: FEE_TYPE_OPTIONS },
    { key: 'unitPrice', label: `${C}.unitPrice` },
    currencyColumn,
    { key: 'timeSharing', label: `${C}.timeSharing`, kind: 'enum', options: TIME_SHARING_OPTIONS },
    {
      key: 'periods',
      label: `${C}.periods`,
      render: (row) =>
        periodsOf(row)
          .map((period) => `${String(period.startTime)}–${String(period.endTime)} ${String(period.price)}`)
          .join(', '),
    },
    {
      key: 'occupancyFeeName',
      label: `${C}.occupancyFee`,
      render: (row) =>
        createElement(RemoteName, {
          source: OCCUPANCY_SOURCE,
          value: row.occupancyFeeId,
          known: row.occupancyFeeName,
        }),
    },
    { key: 'occupancyInterval', label: `${C}.occupancyInterval` },
    { key: 'remark', label: `${F}.common.remark` },
    createTimeColumn,
  ],
};
