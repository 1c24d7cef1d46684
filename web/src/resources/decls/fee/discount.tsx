/**
 * Discounts and promotions (/discount): the list with the percentage off, type, stations, cards, state and
 * validity; the form (VIP cards typed as a list, the company's stations, optional validity and daily window);
 * and the row actions by state (code 3202): enable and disable, abandon (asks first; it also disables) and
 * re-enable an abandoned one. Each action sends the version of the row, so a toggle on a record someone
 * changed meanwhile is refused rather than applied over it.
 */
import { API, resourcePaths } from '@shared/api/paths.ts';
import {
  ABANDONED_FLAG,
  DISCOUNT_STATUS,
  DISCOUNT_TYPE,
  discountResource,
  discountSchema,
} from '@shared/resources/fee/discount.ts';
import i18n from '@web/i18n.ts';
import { ApiError, call } from '@web/lib/api.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { errorMessage } from '@web/resources/api.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import { stationOptions } from '@web/resources/decls/device/card.tsx';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import type { Column, EnumOption, Field, ResourceDecl, Row, RowAction } from '@web/resources/types.ts';
import { F, formSchemas } from './common.ts';

const D = `${F}.discount`;
const { permissions: p } = discountResource;

export const DISCOUNT_TYPE_OPTIONS: readonly EnumOption[] = [
  { value: DISCOUNT_TYPE.common, label: `${D}.types.common`, tone: 'neutral' },
  { value: DISCOUNT_TYPE.vip, label: `${D}.types.vip`, tone: 'info' },
];
export const DISCOUNT_STATUS_OPTIONS: readonly EnumOption[] = [
  { value: DISCOUNT_STATUS.enabled, label: `${D}.statuses.enabled`, tone: 'success' },
  { value: DISCOUNT_STATUS.disabled, label: `${D}.statuses.disabled`, tone: 'neutral' },
];
export const ABANDONED_OPTIONS: readonly EnumOption[] = [
  { value: ABANDONED_FLAG.normal, label: `${D}.abandonedFlags.normal`, tone: 'neutral' },
  { value: ABANDONED_FLAG.abandoned, label: `${D}.abandonedFlags.abandoned`, tone: 'danger' },
];

const listOf = (value: unknown) => (Array.isArray(value) ? value : []);
const abandoned = (row: Row) => Number(row.abandonedFlag) === ABANDONED_FLAG.abandoned;
const enabled = (row: Row) => Number(row.status) === DISCOUNT_STATUS.enabled;

/** "from – to" and the daily window; "Always" when there is neither. */
export function windowText(tr: Translate, row: Row): string {
  const parts: string[] = [];
  if (row.validFrom || row.validTo) {
    const side = (v: unknown) => (v ? formatDateTime(v) : '…');
    parts.push(`${side(row.validFrom)} – ${side(row.validTo)}`);
  }
  if (row.dailyStart && row.dailyEnd) parts.push(`${String(row.dailyStart)}–${String(row.dailyEnd)}`);
  return parts.length ? parts.join(', ') : tr(`${D}.always`);
}

function WindowCell({ row }: { row: Row }) {
  const tr = useTr();
  return <>{windowText(tr, row)}</>;
}
function StationsCell({ row }: { row: Row }) {
  const tr = useTr();
  const count = listOf(row.stationIds).length;
  return <>{count ? tr(`${D}.stationCount`, { count }) : tr(`${D}.allStations`)}</>;
}
function UsersCell({ row }: { row: Row }) {
  const tr = useTr();
  const count = listOf(row.userIds).length;
  return <>{count ? tr(`${D}.userCount`, { count }) : ''}</>;
}

const columns: Column[] = [
  { key: 'name', label: `${F}.common.name`, sortable: true },
  { key: 'discountElec', label: `${D}.discountElec`, render: (row) => `${String(row.discountElec ?? '')} %` },
  { key: 'type', label: `${D}.type`, kind: 'enum', options: DISCOUNT_TYPE_OPTIONS, sortable: true },
  { key: 'stationIds', label: `${D}.stations`, render: (row) => <StationsCell row={row} /> },
  { key: 'userIds', label: `${D}.userIds`, render: (row) => <UsersCell row={row} /> },
  { key: 'status', label: `${D}.status`, kind: 'enum', options: DISCOUNT_STATUS_OPTIONS, sortable: true },
  { key: 'abandonedFlag', label: `${D}.abandonedFlag`, kind: 'enum', options: ABANDONED_OPTIONS },
  { key: 'window', label: `${D}.window`, render: (row) => <WindowCell row={row} /> },
  createTimeColumn,
];

const fields: Field[] = [
  { name: 'name', label: `${F}.common.name`, kind: 'text', required: true },
  {
    name: 'discountElec',
    label: `${D}.discountElec`,
    kind: 'text',
    required: true,
    help: `${D}.discountElecHelp`,
  },
  { name: 'type', label: `${D}.type`, kind: 'select', required: true, options: DISCOUNT_TYPE_OPTIONS },
  {
    name: 'userIds',
    label: `${D}.userIds`,
    kind: 'textarea',
    required: true,
    help: `${D}.userIdsHelp`,
    when: (values) => Number(values.type) === DISCOUNT_TYPE.vip,
  },
  {
    name: 'stationIds',
    label: `${D}.stations`,
    kind: 'multiselect',
    loadOptions: stationOptions,
    help: `${D}.stationsHelp`,
  },
  // The state changes by the row actions; a new discount starts enabled or disabled.
  {
    name: 'status',
    label: `${D}.status`,
    kind: 'select',
    required: true,
    options: DISCOUNT_STATUS_OPTIONS,
    modes: ['create'],
  },
  { name: 'validFrom', label: `${D}.validFrom`, kind: 'datetime' },
  { name: 'validTo', label: `${D}.validTo`, kind: 'datetime' },
  { name: 'dailyStart', label: `${D}.dailyStart`, kind: 'text', help: `${D}.dailyHelp` },
  { name: 'dailyEnd', label: `${D}.dailyEnd`, kind: 'text' },
];

/** Cards are typed as one text (commas, spaces, new lines); a common discount has none. */
export function splitUsers(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  return String(value ?? '')
    .split(/[\s,;]+/)
    .map((v) => v.trim())
    .filter(Boolean);
}

function prepare(input: Row): Row {
  const body = { ...input };
  body.userIds = Number(body.type) === DISCOUNT_TYPE.vip ? splitUsers(body.userIds) : [];
  return body;
}

/** A failed action says so, then why. */
function failed(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const tr: Translate = (k, values) =>
    k && i18n.exists(k) ? (i18n.t as unknown as Translate)(k, values) : k;
  return new ApiError(
    error.code,
    tr(`${D}.actionFailed`, { reason: errorMessage(tr, error) }),
    error.status,
    error.fields,
  );
}

function action(
  key: 'enable' | 'disable' | 'abandon' | 'reEnable',
  visible: (row: Row) => boolean,
  done: string,
): RowAction {
  const path = key === 'reEnable' ? 'enable' : key;
  return {
    key,
    label: () => `${D}.${key}`,
    permission: p.edit,
    visible,
    danger: key === 'abandon' || key === 'disable',
    confirm: (row) => ({ message: `${D}.${key}Confirm`, values: { name: String(row.name ?? '') } }),
    run: async (row, ctx) => {
      try {
        await call(API.biz.discount[path], { id: String(row.id), version: row.version });
      } catch (error) {
        throw failed(error);
      }
      ctx.notify(done);
      ctx.refresh();
    },
  };
}

export const discountActions: readonly RowAction[] = [
  action('enable', (row) => !abandoned(row) && !enabled(row), `${D}.enabledDone`),
  action('disable', (row) => !abandoned(row) && enabled(row), `${D}.disabledDone`),
  action('abandon', (row) => !abandoned(row), `${D}.abandonedDone`),
  action('reEnable', abandoned, `${D}.enabledDone`),
];

export const discountDecl: ResourceDecl = {
  id: 'discount',
  title: `${D}.title`,
  api: resourcePaths(discountResource),
  idField: 'id',
  nameField: 'name',
  exportable: true,
  permissions: { view: p.view, add: p.add, edit: p.edit, delete: p.del },
  schemas: formSchemas(discountSchema),
  beforeValidate: prepare,
  columns,
  filters: [
    { name: 'name', label: `${F}.common.name`, kind: 'text' },
    { name: 'type', label: `${D}.type`, kind: 'select', options: DISCOUNT_TYPE_OPTIONS },
    { name: 'status', label: `${D}.status`, kind: 'select', options: DISCOUNT_STATUS_OPTIONS },
    { name: 'abandonedFlag', label: `${D}.abandonedFlag`, kind: 'select', options: ABANDONED_OPTIONS },
  ],
  fields,
  defaults: { type: DISCOUNT_TYPE.common, status: DISCOUNT_STATUS.enabled, stationIds: [], userIds: [] },
  detail: [
    { key: 'name', label: `${F}.common.name` },
    { key: 'discountElec', label: `${D}.discountElec` },
    { key: 'type', label: `${D}.type`, kind: 'enum', options: DISCOUNT_TYPE_OPTIONS },
    { key: 'stationIds', label: `${D}.stations`, render: (row) => <StationsCell row={row} /> },
    { key: 'userIds', label: `${D}.userIds`, render: (row) => listOf(row.userIds).join(', ') },
    { key: 'status', label: `${D}.status`, kind: 'enum', options: DISCOUNT_STATUS_OPTIONS },
    { key: 'abandonedFlag', label: `${D}.abandonedFlag`, kind: 'enum', options: ABANDONED_OPTIONS },
    { key: 'window', label: `${D}.window`, render: (row) => <WindowCell row={row} /> },
    createTimeColumn,
  ],
  actions: discountActions,
};
