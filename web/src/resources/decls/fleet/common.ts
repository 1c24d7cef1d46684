/** What the fleet screens share: the status options, the detail route, the fleet picker, the money fields. */
import { API } from '@shared/api/paths.ts';
import { FLEET_STATUS } from '@shared/resources/fleet/fleet.ts';
import { CODE } from '@shared/permissions/menus.ts';
import type { EnumOption, Field, RemoteSource } from '@web/resources/types.ts';

const F = 'fleetRes.fleet';

export const FLEET_STATUS_OPTIONS: readonly EnumOption[] = [
  { value: FLEET_STATUS.enabled, label: `${F}.statuses.enabled`, tone: 'success' },
  { value: FLEET_STATUS.disabled, label: `${F}.statuses.disabled`, tone: 'neutral' },
];

/** docs/product.md section 3, fleet fund record: operType 1 reset, 2 top-up, 3 consumption. */
export const OPER_TYPE_OPTIONS: readonly EnumOption[] = [
  { value: 1, label: 'fleetRes.detail.operTypes.reset' },
  { value: 2, label: 'fleetRes.detail.operTypes.topUp' },
  { value: 3, label: 'fleetRes.detail.operTypes.consumption' },
];

export const fleetDetailPath = (id: unknown) => `/fleetsDetail/${encodeURIComponent(String(id ?? ''))}`;

/**
 * The money rules of a fleet, as the wizard and the edit form ask them (docs/product.md section 5: warn >
 * overdraft).
 */
export const FLEET_LIMIT_FIELDS: readonly Field[] = [
  { name: 'warnBalance', label: `${F}.warnBalance`, kind: 'number', required: true, help: `${F}.warnHelp` },
  {
    name: 'overdraftAmount',
    label: `${F}.overdraftAmount`,
    kind: 'number',
    required: true,
    help: `${F}.overdraftHelp`,
  },
];

/** The company's fleets, searchable (an edited driver's or vehicle's current one is named by `fleetName`). */
const FLEET_SOURCE: RemoteSource = {
  url: API.biz.fleet.list,
  search: 'name',
  value: 'id',
  label: 'name',
  currentLabel: 'fleetName',
};

/**
 * The fleet a screen is about, picked by staff; a fleet account (without the fleet list's code) never sees
 * it: the server uses its own fleet.
 */
export const FLEET_PICKER: Field = {
  name: 'fleetId',
  label: 'fleetMember.fleet',
  kind: 'remote',
  remote: FLEET_SOURCE,
  permission: CODE.fleets,
};
