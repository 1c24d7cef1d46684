/**
 * The operations view of app users (/opsUser, code 7200; docs/decisions/193): the users an ops team
 * has to act on and why: locked (with the cause), part of the balance frozen, unpaid orders of the last 30
 * days with what they owe. The row actions are the app user list's (the user's page, lock or unlock, adjust
 * the balance), each for the holders of its code.
 */
import { API } from '@shared/api/paths.ts';
import { CODE } from '@shared/permissions/menus.ts';
import { OPS_REASONS } from '@shared/resources/crm/app-user.ts';
import { Badge, HStack } from '@chakra-ui/react';
import { formatBalance } from '@web/resources/decls/device/card.tsx';
import { useTr } from '@web/resources/i18n.ts';
import type { EnumOption, ResourceDecl, Row } from '@web/resources/types.ts';
import { A, appUserActions, LOCK_OPTIONS } from './app-user.tsx';

const O = 'crm.ops';

export const OPS_REASON_OPTIONS: readonly EnumOption[] = OPS_REASONS.map((reason) => ({
  value: reason,
  label: `${O}.reasons.${reason}`,
}));

function Reasons({ row }: { row: Row }) {
  const tr = useTr();
  const reasons = Array.isArray(row.reasons) ? (row.reasons as string[]) : [];
  return (
    <HStack gap="1" wrap="wrap">
      {reasons.map((reason) => (
        <Badge
          key={reason}
          colorPalette={reason === 'locked' ? 'red' : reason === 'unpaid' ? 'orange' : 'blue'}
        >
          {tr(`${O}.reasons.${reason}`)}
        </Badge>
      ))}
    </HStack>
  );
}

export const opsUserDecl: ResourceDecl = {
  id: 'opsUser',
  title: `${O}.title`,
  api: { list: API.biz.opsUser.list },
  idField: 'id',
  nameField: 'userName',
  permissions: { view: CODE.opsUsers },
  columns: [
    { key: 'userName', label: `${A}.userName` },
    { key: 'email', label: `${A}.email` },
    { key: 'phone', label: `${A}.phone` },
    { key: 'reasons', label: `${O}.why`, render: (row) => <Reasons row={row} /> },
    { key: 'cause', label: `${A}.cause` },
    { key: 'lockFlag', label: `${A}.lockFlag`, kind: 'enum', options: LOCK_OPTIONS, hidden: true },
    {
      key: 'accountBalance',
      label: `${A}.accountBalance`,
      render: (row) => formatBalance(row.accountBalance),
    },
    { key: 'frozenAmount', label: `${A}.frozenAmount`, render: (row) => formatBalance(row.frozenAmount) },
    { key: 'unpaidOrders', label: `${O}.unpaidOrders` },
    { key: 'unpaidAmount', label: `${O}.unpaidAmount` },
  ],
  filters: [{ name: 'reason', label: `${O}.why`, kind: 'select', options: OPS_REASON_OPTIONS }],
  actions: appUserActions,
};
