/**
 * A fleet's drivers (/driver) and vehicles (/vehicle): add, edit, delete and Excel import, each
 * with the idTag chargers authorise it by. Staff pick the fleet (a searchable list of the company's fleets);
 * a fleet account never sees that field: the server puts its records in its own fleet. The status
 * (parked or charging) is the server's, kept true by session start and stop.
 */
import { resourcePaths } from '@shared/api/paths.ts';
import {
  driverResource,
  driverSchema,
  MEMBER_STATUS,
  vehicleResource,
  vehicleSchema,
} from '@shared/resources/fleet/members.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import { updateSchema } from '@web/resources/decls/device/common.ts';
import type { Column, EnumOption, Field, ResourceDecl } from '@web/resources/types.ts';
import { FLEET_PICKER } from './common.ts';

const M = 'fleetMember';

export const MEMBER_STATUS_OPTIONS: readonly EnumOption[] = [
  { value: MEMBER_STATUS.parked, label: `${M}.statuses.parked`, tone: 'neutral' },
  { value: MEMBER_STATUS.charging, label: `${M}.statuses.charging`, tone: 'success' },
];

const fleetField: Field = { ...FLEET_PICKER, required: true };

const fleetColumn: Column = { key: 'fleetName', label: `${M}.fleet` };
const statusColumn: Column = {
  key: 'status',
  label: `${M}.status`,
  kind: 'enum',
  options: MEMBER_STATUS_OPTIONS,
};
const statusFilter: Field = {
  name: 'status',
  label: `${M}.status`,
  kind: 'select',
  options: MEMBER_STATUS_OPTIONS,
};
const fleetFilter = FLEET_PICKER;

function memberDecl(
  kind: 'driver' | 'vehicle',
  parts: Pick<ResourceDecl, 'columns' | 'fields' | 'filters' | 'detail' | 'schemas'>,
): ResourceDecl {
  const meta = kind === 'driver' ? driverResource : vehicleResource;
  const { permissions: p } = meta;
  return {
    id: kind,
    title: `${M}.${kind}.title`,
    api: resourcePaths(meta),
    idField: 'id',
    nameField: 'name',
    permissions: { view: p.view, add: p.add, edit: p.edit, delete: p.del, import: p.add },
    importable: true,
    ...parts,
  };
}

const D = `${M}.driver`;
export const driverDecl = memberDecl('driver', {
  schemas: { create: driverSchema, update: updateSchema(driverSchema) },
  columns: [
    { key: 'name', label: `${D}.name` },
    { key: 'driverId', label: `${D}.driverId` },
    { key: 'email', label: `${D}.email` },
    { key: 'idTag', label: `${M}.idTag` },
    fleetColumn,
    statusColumn,
    createTimeColumn,
  ],
  filters: [
    { name: 'name', label: `${D}.name`, kind: 'text' },
    { name: 'idTag', label: `${M}.idTag`, kind: 'text' },
    fleetFilter,
    statusFilter,
  ],
  fields: [
    fleetField,
    { name: 'name', label: `${D}.name`, kind: 'text', required: true },
    { name: 'driverId', label: `${D}.driverId`, kind: 'text' },
    { name: 'email', label: `${D}.email`, kind: 'text', help: `${D}.emailHelp` },
    { name: 'address', label: `${D}.address`, kind: 'text' },
    { name: 'idTag', label: `${M}.idTag`, kind: 'text', required: true, help: `${M}.idTagHelp` },
  ],
  detail: [
    { key: 'name', label: `${D}.name` },
    { key: 'driverId', label: `${D}.driverId` },
    { key: 'email', label: `${D}.email` },
    { key: 'address', label: `${D}.address` },
    { key: 'idTag', label: `${M}.idTag` },
    { key: 'fleetName', label: `${M}.fleet` },
    { key: 'status', label: `${M}.status`, kind: 'enum', options: MEMBER_STATUS_OPTIONS },
  ],
});

const V = `${M}.vehicle`;
export const vehicleDecl = memberDecl('vehicle', {
  schemas: { create: vehicleSchema, update: updateSchema(vehicleSchema) },
  columns: [
    { key: 'name', label: `${V}.name` },
    { key: 'licensePlateNumber', label: `${V}.licensePlateNumber` },
    { key: 'vin', label: `${V}.vin` },
    { key: 'idTag', label: `${M}.idTag` },
    fleetColumn,
    statusColumn,
    createTimeColumn,
  ],
  filters: [
    { name: 'name', label: `${V}.name`, kind: 'text' },
    { name: 'licensePlateNumber', label: `${V}.licensePlateNumber`, kind: 'text' },
    { name: 'vin', label: `${V}.vin`, kind: 'text' },
    fleetFilter,
    statusFilter,
  ],
  fields: [
    fleetField,
    { name: 'name', label: `${V}.name`, kind: 'text', required: true },
    { name: 'licensePlateNumber', label: `${V}.licensePlateNumber`, kind: 'text' },
    { name: 'vin', label: `${V}.vin`, kind: 'text', help: `${V}.vinHelp` },
    { name: 'idTag', label: `${M}.idTag`, kind: 'text', required: true, help: `${M}.idTagHelp` },
  ],
  detail: [
    { key: 'name', label: `${V}.name` },
    { key: 'licensePlateNumber', label: `${V}.licensePlateNumber` },
    { key: 'vin', label: `${V}.vin` },
    { key: 'idTag', label: `${M}.idTag` },
    { key: 'fleetName', label: `${M}.fleet` },
    { key: 'status', label: `${M}.status`, kind: 'enum', options: MEMBER_STATUS_OPTIONS },
  ],
});
