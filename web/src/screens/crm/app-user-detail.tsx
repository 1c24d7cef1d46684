/**
 * An app user's page (/appUserDetail/{id}, 7101): every field of docs/product.md section 3 (profile,
 * level, balance and frozen amount, lock with its cause, sign-in facts, card, home pile, ticket), the user's
 * statistics (sessions, energy, actual fee, time charging), lock or unlock and balance adjustment for those
 * who hold them, the latest ledger entries, the user's card, the user's personal piles (app-user-piles.tsx)
 * and, to holders of the order list, their orders.
 */
import { API } from '@shared/api/paths.ts';
import { Button, HStack, Stack, Table } from '@chakra-ui/react';
import { CODE } from '@shared/permissions/menus.ts';
import { LEDGER_TYPES } from '@shared/resources/crm/app-user.ts';
import { AppLink } from '@web/components/ui/link.tsx';
import { Facts, Section } from '@web/components/ui/section.tsx';
import { EmptyState } from '@web/components/ui/state-views.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { call } from '@web/lib/api.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { optionLabel } from '@web/resources/cells.tsx';
import { DataTable } from '@web/resources/data-table.tsx';
import { DurationText } from '@web/resources/decls/alarm/common.tsx';
import { BLACK_FLAG_OPTIONS, CARD_STATUS_OPTIONS, formatBalance } from '@web/resources/decls/device/card.tsx';
import { orderDetailPath, PAY_FLAG_OPTIONS } from '@web/resources/decls/order/common.tsx';
import { useRecordPage } from '@web/resources/detail.tsx';
import { FieldsDialog } from '@web/resources/fields-dialog.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import { useCan } from '@web/resources/permissions.ts';
import type { FieldsForm, Row } from '@web/resources/types.ts';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { PersonalPiles } from './app-user-piles.tsx';
import useSWR from 'swr';
import {
  A,
  adjustForm,
  LOCK_OPTIONS,
  lockForm,
  SOURCE_OPTIONS,
  unlockForm,
  USER_LEVEL_OPTIONS,
} from '@web/resources/decls/crm/app-user.tsx';

const D = 'crm.detail';

interface Detail {
  user: Row;
  stats: { count: number; elec: string; actualFee: { currency: string; amount: string }[]; duration: number };
  ledger: Row[];
  cards: Row[];
}

function Ledger({ entries }: { entries: Row[] }) {
  const tr = useTr();
  if (!entries.length) return <EmptyState title={tr(`${D}.noLedger`)} />;
  return (
    <DataTable
      label={tr(`${D}.ledger`)}
      scroll
      headings={[
        tr(`${D}.time`),
        tr(`${D}.type`),
        { label: tr(`${D}.before`), end: true },
        { label: tr(`${D}.change`), end: true },
        { label: tr(`${D}.after`), end: true },
        tr(`${D}.reference`),
      ]}
    >
      {entries.map((entry) => (
        <Table.Row key={`${String(entry.createTime)}#${String(entry.entryId ?? '')}`}>
          <Table.Cell>{formatDateTime(entry.createTime)}</Table.Cell>
          <Table.Cell>
            {(LEDGER_TYPES as readonly string[]).includes(String(entry.type))
              ? tr(`${D}.types.${String(entry.type)}`)
              : String(entry.type)}
          </Table.Cell>
          <Table.Cell textAlign="end">{formatBalance(entry.beforeBalance)}</Table.Cell>
          <Table.Cell textAlign="end">{formatBalance(entry.changeBalance)}</Table.Cell>
          <Table.Cell textAlign="end">{formatBalance(entry.afterBalance)}</Table.Cell>
          <Table.Cell>
            {[entry.orderNo, entry.cause, entry.operator]
              .filter((v) => v !== undefined && v !== '')
              .join(' · ')}
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}

function Cards({ cards }: { cards: Row[] }) {
  const tr = useTr();
  if (!cards.length) return <EmptyState title={tr(`${D}.noCard`)} />;
  return (
    <DataTable
      label={tr(`${D}.cards`)}
      headings={[
        tr(`${D}.cardSn`),
        tr(`${D}.cardStatus`),
        tr(`${D}.authorization`),
        { label: tr(`${D}.cardBalance`), end: true },
      ]}
    >
      {cards.map((card) => (
        <Table.Row key={String(card.id)}>
          <Table.Cell>{String(card.cardSn ?? '')}</Table.Cell>
          <Table.Cell>{optionLabel(tr, CARD_STATUS_OPTIONS, card.status)}</Table.Cell>
          <Table.Cell>{optionLabel(tr, BLACK_FLAG_OPTIONS, card.blackFlag)}</Table.Cell>
          <Table.Cell textAlign="end">{formatBalance(card.balance)}</Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}

/** Orders can be listed over at most two years (docs/product.md section 5). */
const TWO_YEARS_MS = 729 * 86_400_000;

/** The user's latest orders: the order list's call for the user's tag over the last two years. */
function Orders({ tag }: { tag: string }) {
  const tr = useTr();
  const orders = useSWR([API.biz.chargeOrder.list, 'appUser', tag], () =>
    call<{ records: Row[]; total: number }>(API.biz.chargeOrder.list, {
      idTag: tag,
      startTimeFrom: new Date(Date.now() - TWO_YEARS_MS).toISOString(),
      current: 1,
      size: 20,
    }),
  );
  const records = orders.data?.records;
  if (!records?.length)
    return <LoadStates {...fromSwr(orders)} empty={records?.length === 0} emptyTitle={tr(`${D}.noOrders`)} />;
  return (
    <DataTable
      label={tr(`${D}.orders`)}
      scroll
      headings={[
        tr(`${D}.orderNo`),
        tr(`${D}.startTime`),
        tr(`${D}.charger`),
        { label: tr(`${D}.energy`), end: true },
        { label: tr(`${D}.fee`), end: true },
        tr(`${D}.payFlag`),
      ]}
    >
      {records.map((order) => (
        <Table.Row key={String(order.orderNo)}>
          <Table.Cell>
            <AppLink to={orderDetailPath(order.orderNo)}>{String(order.orderNo)}</AppLink>
          </Table.Cell>
          <Table.Cell>{formatDateTime(order.startTime)}</Table.Cell>
          <Table.Cell>{String(order.chargePointName ?? order.chargePointId ?? '')}</Table.Cell>
          <Table.Cell textAlign="end">{String(order.totalElectricity ?? '')}</Table.Cell>
          <Table.Cell textAlign="end">{`${String(order.actualFee ?? '')} ${String(order.currency ?? '')}`}</Table.Cell>
          <Table.Cell>{optionLabel(tr, PAY_FLAG_OPTIONS, order.payFlag)}</Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}

export function AppUserDetailPage() {
  const tr = useTr();
  const { id = '' } = useParams();
  const can = useCan();
  const [open, setOpen] = useState<FieldsForm | null>(null);
  const { data, fallback, mutate } = useRecordPage<Detail>(API.biz.appUser.detail, id);
  if (!data) return fallback;
  const { user, stats } = data;
  const locked = Number(user.lockFlag) === 1;
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  return (
    <Stack gap="4">
      <AppLink to="/appUser" fontSize="sm">
        {tr(`${D}.back`)}
      </AppLink>
      <Section
        title={text(user.userName) || id}
        aside={
          <HStack gap="2">
            {can(CODE.appUserEdit) ? (
              <Button
                size="sm"
                variant="outline"
                colorPalette={locked ? 'blue' : 'red'}
                onClick={() => setOpen(locked ? unlockForm : lockForm)}
              >
                {tr(locked ? `${A}.unlock` : `${A}.lock`)}
              </Button>
            ) : null}
            {can(CODE.appUserBalance) ? (
              <Button size="sm" colorPalette="blue" onClick={() => setOpen(adjustForm)}>
                {tr(`${A}.adjust`)}
              </Button>
            ) : null}
          </HStack>
        }
      >
        <Facts
          label={tr(`${D}.facts`)}
          labelMinW="40"
          wordBreak="break-word"
          items={[
            { label: tr(`${A}.phone`), value: text(user.phone) },
            { label: tr(`${A}.email`), value: text(user.email) },
            { label: tr(`${A}.regSource`), value: optionLabel(tr, SOURCE_OPTIONS, user.regSource) },
            { label: tr(`${A}.userLevel`), value: optionLabel(tr, USER_LEVEL_OPTIONS, user.userLevel) },
            { label: tr(`${A}.accountBalance`), value: formatBalance(user.accountBalance) },
            { label: tr(`${A}.frozenAmount`), value: formatBalance(user.frozenAmount) },
            { label: tr(`${A}.lockFlag`), value: optionLabel(tr, LOCK_OPTIONS, user.lockFlag) },
            { label: tr(`${A}.lockTime`), value: formatDateTime(user.lockTime) },
            { label: tr(`${A}.cause`), value: text(user.cause) },
            { label: tr(`${A}.lastLoginTime`), value: formatDateTime(user.lastLoginTime) },
            {
              label: tr(`${A}.lastLoginSource`),
              value: optionLabel(tr, SOURCE_OPTIONS, user.lastLoginSource),
            },
            { label: tr(`${A}.lastIp`), value: text(user.lastIp) },
            { label: tr(`${A}.cardNo`), value: text(user.cardNo) },
            { label: tr(`${A}.isHomePile`), value: tr(user.isHomePile ? `${D}.yes` : `${D}.no`) },
            { label: tr(`${A}.ticketNo`), value: text(user.ticketNo) },
            { label: tr('admin.common.createTime'), value: formatDateTime(user.createTime) },
          ]}
        />
      </Section>
      <Section title={tr(`${D}.stats`)}>
        <Facts
          label={tr(`${D}.stats`)}
          labelMinW="40"
          items={[
            { label: tr(`${D}.count`), value: String(stats.count) },
            { label: tr(`${D}.elec`), value: stats.elec },
            {
              label: tr(`${D}.actualFee`),
              value: stats.actualFee.length
                ? stats.actualFee.map((f) => `${f.amount} ${f.currency}`).join(', ')
                : '0',
            },
            { label: tr(`${D}.duration`), value: <DurationText seconds={stats.duration} /> },
          ]}
        />
      </Section>
      <Section title={tr(`${D}.ledger`)}>
        <Ledger entries={data.ledger} />
      </Section>
      <Section title={tr(`${D}.cards`)}>
        <Cards cards={data.cards} />
      </Section>
      <PersonalPiles user={user} onChanged={() => void mutate()} />
      {can(CODE.orders) && user.cardNo ? (
        <Section title={tr(`${D}.orders`)}>
          <Orders tag={String(user.cardNo)} />
        </Section>
      ) : null}
      {open ? (
        <FieldsDialog
          form={open}
          row={user}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setOpen(null);
            showMessage('success', message);
            void mutate();
          }}
        />
      ) : null}
    </Stack>
  );
}
