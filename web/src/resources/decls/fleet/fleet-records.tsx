/**
 * A fleet's records: /alerts (docs/product.md section 9's 8 alert types, unread or read, mark one or all
 * read) and /fundHistory (fund records newest first, filtered by type, downloaded as Excel). Staff pick the
 * fleet first; a fleet account sees its own (the server ignores any other it names).
 */
import { API } from '@shared/api/paths.ts';
import { Button } from '@chakra-ui/react';
import { CODE } from '@shared/permissions/menus.ts';
import { ALERT_READ, FLEET_ALERT_TYPE } from '@shared/resources/fleet/members.ts';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { call } from '@web/lib/api.ts';
import { downloadFile } from '@web/lib/download.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { formatBalance } from '@web/resources/decls/device/card.tsx';
import { useTr } from '@web/resources/i18n.ts';
import type { EnumOption, ListContext, ResourceDecl, Row } from '@web/resources/types.ts';
import { useSWRConfig } from 'swr';
import { FLEET_PICKER, OPER_TYPE_OPTIONS } from './common.ts';

const A = 'fleetAlert';

const fleetFilter = FLEET_PICKER;

const TYPE_KEYS: Record<number, string> = Object.fromEntries(
  Object.entries(FLEET_ALERT_TYPE).map(([key, value]) => [value, key]),
);

export const ALERT_TYPE_OPTIONS: readonly EnumOption[] = Object.values(FLEET_ALERT_TYPE).map((value) => ({
  value,
  label: `${A}.types.${TYPE_KEYS[value]}`,
}));

const READ_OPTIONS: readonly EnumOption[] = [
  { value: ALERT_READ.unread, label: `${A}.unread`, tone: 'warning' },
  { value: ALERT_READ.read, label: `${A}.read`, tone: 'neutral' },
];

/** The alert's message: its type's sentence with its values (an order number, a balance). */
export function AlertMessage({ row }: { row: Row }) {
  const tr = useTr();
  const values = (row.values ?? {}) as Record<string, unknown>;
  const balance = values.balance === undefined ? {} : { balance: formatBalance(values.balance) };
  // An order stopped by a power loss, not for want of money.
  const key = values.cause === 'power' ? 'orderStoppedPower' : (TYPE_KEYS[Number(row.type)] ?? 'balanceLow');
  return <>{tr(`${A}.messages.${key}`, { ...values, ...balance })}</>;
}

/** Marks every unread alert of the fleet shown read, then reads the list again. */
function AlertToolbar({ query }: ListContext) {
  const tr = useTr();
  const { mutate } = useSWRConfig();
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={async () => {
        const { marked } = await call<{ marked: number }>(API.biz.fleetAlert.readAll, {
          ...(query.fleetId ? { fleetId: query.fleetId } : {}),
        });
        showMessage('success', tr(`${A}.allRead`, { count: marked }));
        void mutate((key) => Array.isArray(key) && key[0] === API.biz.fleetAlert.list);
      }}
    >
      {tr(`${A}.readAll`)}
    </Button>
  );
}

export const alertDecl: ResourceDecl = {
  id: 'fleetAlert',
  title: `${A}.title`,
  api: { list: API.biz.fleetAlert.list },
  idField: 'id',
  nameField: 'id',
  permissions: { view: CODE.fleetAlerts },
  columns: [
    { key: 'createTime', label: `${A}.time`, render: (row) => formatDateTime(row.createTime) },
    { key: 'type', label: `${A}.type`, kind: 'enum', options: ALERT_TYPE_OPTIONS },
    { key: 'subject', label: `${A}.subject` },
    { key: 'msg', label: `${A}.msg`, render: (row) => <AlertMessage row={row} /> },
    { key: 'fleetName', label: 'fleetMember.fleet' },
    { key: 'readFlag', label: `${A}.readFlag`, kind: 'enum', options: READ_OPTIONS },
  ],
  filters: [fleetFilter, { name: 'readFlag', label: `${A}.readFlag`, kind: 'select', options: READ_OPTIONS }],
  actions: [
    {
      key: 'read',
      label: () => `${A}.markRead`,
      permission: CODE.fleetAlerts,
      visible: (row) => Number(row.readFlag) === ALERT_READ.unread,
      run: async (row, ctx) => {
        await call(API.biz.fleetAlert.read, { fleetId: String(row.fleetId ?? ''), id: String(row.id) });
        ctx.refresh();
      },
    },
  ],
  toolbar: AlertToolbar,
};

/** Downloads the fund history of the filter shown. */
function FundToolbar({ query }: ListContext) {
  const tr = useTr();
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() =>
        downloadFile(API.biz.fleetFund.download, 'fund-history.xlsx', query).catch(() =>
          showMessage('error', tr('fleetFunds.exportFailed')),
        )
      }
    >
      {tr('fleetFunds.export')}
    </Button>
  );
}

const D = 'fleetRes.detail';
export const fundHistoryDecl: ResourceDecl = {
  id: 'fleetFund',
  title: 'fleetFunds.title',
  api: { list: API.biz.fleetFund.list },
  idField: 'createTime',
  nameField: 'createTime',
  permissions: { view: CODE.fleetFunds },
  columns: [
    { key: 'createTime', label: `${D}.time`, render: (row) => formatDateTime(row.createTime) },
    { key: 'fleetName', label: 'fleetMember.fleet' },
    { key: 'operType', label: `${D}.operType`, kind: 'enum', options: OPER_TYPE_OPTIONS },
    { key: 'beforeBalance', label: `${D}.before`, render: (row) => formatBalance(row.beforeBalance) },
    { key: 'changeBalance', label: `${D}.change`, render: (row) => formatBalance(row.changeBalance) },
    { key: 'afterBalance', label: `${D}.after`, render: (row) => formatBalance(row.afterBalance) },
    { key: 'orderNo', label: 'fleetFunds.orderNo' },
  ],
  filters: [
    fleetFilter,
    { name: 'operType', label: `${D}.operType`, kind: 'select', options: OPER_TYPE_OPTIONS },
  ],
  toolbar: FundToolbar,
};
