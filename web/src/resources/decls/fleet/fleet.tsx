/**
 * Fleets (/fleets, Pro; docs/decisions/192-fleets-on-the-registry.md): the company's fleet accounts with
 * balance, warning balance, overdraft amount and status. Rows enable or disable a fleet, top it up (an amount
 * above 0 with at most four decimals) and reset its balance to zero (asks first); the balance changes only
 * through these and settlement, never through the edit form. A fleet is disabled, never deleted.
 */
import { API, resourcePaths } from '@shared/api/paths.ts';
import {
  FLEET_CODE,
  FLEET_STATUS,
  fleetResource,
  fleetSchema,
  fleetTopUpSchema,
  warnAboveOverdraft,
} from '@shared/resources/fleet/fleet.ts';
import type { z } from 'zod';
import { call } from '@web/lib/api.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import { formatBalance } from '@web/resources/decls/device/card.tsx';
import { updateSchema } from '@web/resources/decls/device/common.ts';
import type { Column, Field, ResourceDecl, Row, RowAction } from '@web/resources/types.ts';
import { FLEET_LIMIT_FIELDS, FLEET_STATUS_OPTIONS, fleetDetailPath } from './common.ts';
import { FleetToolbar } from '@web/screens/fleet/fleet-wizard.tsx';

const { permissions: p } = fleetResource;
const F = 'fleetRes.fleet';

const fleetName = (row: Row) => String(row.name ?? row.id ?? '');
const enabled = (row: Row) => Number(row.status) === FLEET_STATUS.enabled;
const money = (key: string) => (row: Row) => formatBalance(row[key]);

const columns: Column[] = [
  { key: 'name', label: `${F}.name` },
  { key: 'admin', label: `${F}.admin` },
  { key: 'manager', label: `${F}.manager` },
  { key: 'balance', label: `${F}.balance`, render: money('balance') },
  { key: 'warnBalance', label: `${F}.warnBalance`, render: money('warnBalance') },
  { key: 'overdraftAmount', label: `${F}.overdraftAmount`, render: money('overdraftAmount') },
  { key: 'status', label: `${F}.status`, kind: 'enum', options: FLEET_STATUS_OPTIONS },
  createTimeColumn,
];

/** The edit form's fields (a new fleet is the wizard's). */
const fields: Field[] = (
  [
    { name: 'name', label: `${F}.name`, kind: 'text', required: true },
    { name: 'admin', label: `${F}.admin`, kind: 'text', help: `${F}.adminHelp` },
    { name: 'manager', label: `${F}.manager`, kind: 'text' },
    { name: 'address', label: `${F}.address`, kind: 'text' },
    ...FLEET_LIMIT_FIELDS,
  ] satisfies Field[]
).map((field): Field => ({ ...field, modes: ['edit'] }));

/** docs/product.md section 5, checked before anything is sent (the server checks it too). */
const withWarnRule = (schema: z.ZodObject) =>
  schema.superRefine((values, ctx) => {
    if (!warnAboveOverdraft(values as Row))
      ctx.addIssue({ code: 'custom', path: ['warnBalance'], message: 'server.fleetWarnBalance' });
  });

function statusAction(kind: 'enable' | 'disable'): RowAction {
  const enable = kind === 'enable';
  return {
    key: kind,
    label: () => `${F}.${kind}`,
    permission: p.edit,
    visible: (row) => enabled(row) !== enable,
    danger: !enable,
    confirm: (row) => ({ message: `${F}.${kind}Confirm`, values: { name: fleetName(row) } }),
    run: async (row, ctx) => {
      await call(API.biz.fleet[kind], undefined, { id: String(row.id) });
      ctx.notify(enable ? `${F}.enabled` : `${F}.disabled`);
      ctx.refresh();
    },
  };
}

export const fleetDecl: ResourceDecl = {
  id: 'fleet',
  title: `${F}.title`,
  api: resourcePaths(fleetResource),
  idField: 'id',
  nameField: 'name',
  // No delete: a fleet holds money and its drivers' and vehicles' tags (the server refuses it too). Adding
  // is the wizard's (the toolbar), which makes the fleet with its administrator's account.
  permissions: { view: p.view, edit: p.edit },
  schemas: { update: withWarnRule(updateSchema(fleetSchema)) },
  toolbar: FleetToolbar,
  columns,
  filters: [{ name: 'status', label: `${F}.status`, kind: 'select', options: FLEET_STATUS_OPTIONS }],
  fields,
  detail: [
    { key: 'name', label: `${F}.name` },
    { key: 'admin', label: `${F}.admin` },
    { key: 'manager', label: `${F}.manager` },
    { key: 'address', label: `${F}.address` },
    { key: 'balance', label: `${F}.balance`, render: money('balance') },
    { key: 'warnBalance', label: `${F}.warnBalance`, render: money('warnBalance') },
    { key: 'overdraftAmount', label: `${F}.overdraftAmount`, render: money('overdraftAmount') },
    { key: 'status', label: `${F}.status`, kind: 'enum', options: FLEET_STATUS_OPTIONS },
    createTimeColumn,
  ],
  actions: [
    {
      key: 'detail',
      label: () => 'admin.common.detail',
      permission: FLEET_CODE.detail,
      run: (row: Row, ctx) => ctx.navigate(fleetDetailPath(row.id)),
    },
    statusAction('enable'),
    statusAction('disable'),
    {
      key: 'topUp',
      label: () => `${F}.topUp`,
      permission: p.edit,
      form: {
        title: (row) => ({ message: `${F}.topUpTitle`, values: { name: fleetName(row) } }),
        intro: (row) => ({ message: `${F}.currentBalance`, values: { balance: formatBalance(row.balance) } }),
        fields: [
          { name: 'amount', label: `${F}.amount`, kind: 'number', required: true, help: `${F}.amountHelp` },
        ],
        fixed: (row) => ({ id: String(row.id) }),
        schema: fleetTopUpSchema,
        url: API.biz.fleet.topUp,
        submitLabel: `${F}.topUp`,
        failureTitle: `${F}.topUpFailed`,
        done: (fleet) => ({
          message: `${F}.toppedUp`,
          values: { balance: formatBalance((fleet as Row | null)?.balance) },
        }),
        scope: 'fleetTopUp',
      },
    },
    {
      key: 'reset',
      label: () => `${F}.reset`,
      permission: p.edit,
      danger: true,
      confirm: (row) => ({
        message: `${F}.resetConfirm`,
        values: { name: fleetName(row), balance: formatBalance(row.balance) },
      }),
      run: async (row, ctx) => {
        await call(API.biz.fleet.reset, undefined, { id: String(row.id) });
        ctx.notify(`${F}.resetDone`);
        ctx.refresh();
      },
    },
  ],
};
