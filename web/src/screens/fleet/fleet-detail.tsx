/**
 * A fleet's page (/fleetsDetail/{id}, code 11101): what the fleet is (administrator, manager, address),
 * its money (balance, warning balance, overdraft amount) and status, its drivers and vehicles (to those who
 * hold their screens), its latest orders and its latest fund records (docs/product.md
 * section 3: type, balance before, change, balance after), newest first.
 */
import { API } from '@shared/api/paths.ts';
import { Stack, Table, Text } from '@chakra-ui/react';
import { CODE } from '@shared/permissions/menus.ts';
import { AppLink } from '@web/components/ui/link.tsx';
import { Facts, Section } from '@web/components/ui/section.tsx';
import { call } from '@web/lib/api.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { optionLabel } from '@web/resources/cells.tsx';
import { DataTable } from '@web/resources/data-table.tsx';
import { formatBalance } from '@web/resources/decls/device/card.tsx';
import { useRecordPage } from '@web/resources/detail.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import { useCan } from '@web/resources/permissions.ts';
import type { Row } from '@web/resources/types.ts';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import { FLEET_STATUS_OPTIONS, OPER_TYPE_OPTIONS } from '@web/resources/decls/fleet/common.ts';
import { MEMBER_STATUS_OPTIONS } from '@web/resources/decls/fleet/members.tsx';

const F = 'fleetRes.fleet';
const D = 'fleetRes.detail';

/** Fund records as a table: time, type, the balance before, the change and the balance after. */
export function FundTable({ records }: { records: Row[] }) {
  const tr = useTr();
  return (
    <DataTable
      label={tr(`${D}.funds`)}
      scroll
      headings={[
        tr(`${D}.time`),
        tr(`${D}.operType`),
        { label: tr(`${D}.before`), end: true },
        { label: tr(`${D}.change`), end: true },
        { label: tr(`${D}.after`), end: true },
      ]}
    >
      {records.map((record) => (
        <Table.Row key={`${String(record.createTime)}#${String(record.entryId ?? '')}`}>
          <Table.Cell>{formatDateTime(record.createTime)}</Table.Cell>
          <Table.Cell>{optionLabel(tr, OPER_TYPE_OPTIONS, record.operType)}</Table.Cell>
          <Table.Cell textAlign="end">{formatBalance(record.beforeBalance)}</Table.Cell>
          <Table.Cell textAlign="end">{formatBalance(record.changeBalance)}</Table.Cell>
          <Table.Cell textAlign="end">{formatBalance(record.afterBalance)}</Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}

const O = 'fleetOrders';

/**
 * The fleet's latest orders with its balances before and after each (POST /biz/fleetOrder/list); `fleetId`
 * empty: a fleet account's own fleet.
 */
export function FleetOrders({ fleetId }: { fleetId: string }) {
  const tr = useTr();
  const orders = useSWR([API.biz.fleetOrder.list, fleetId], () =>
    call<{ records: Row[] }>(API.biz.fleetOrder.list, {
      ...(fleetId ? { fleetId } : {}),
      current: 1,
      size: 10,
    }),
  );
  const records = orders.data?.records;
  if (!records?.length)
    return <LoadStates {...fromSwr(orders)} empty={records?.length === 0} emptyTitle={tr(`${O}.none`)} />;
  return (
    <DataTable
      label={tr(`${O}.title`)}
      scroll
      headings={[
        tr(`${O}.time`),
        tr('fleetFunds.orderNo'),
        tr(`${O}.tag`),
        { label: tr(`${O}.energy`), end: true },
        { label: tr(`${O}.fee`), end: true },
        tr(`${D}.operType`),
        { label: tr(`${D}.before`), end: true },
        { label: tr(`${D}.after`), end: true },
      ]}
    >
      {records.map((order) => (
        <Table.Row key={String(order.orderNo)}>
          <Table.Cell>{formatDateTime(order.endTime ?? order.startTime)}</Table.Cell>
          <Table.Cell>{String(order.orderNo)}</Table.Cell>
          <Table.Cell>{String(order.idTag ?? '')}</Table.Cell>
          <Table.Cell textAlign="end">{String(order.totalElectricity ?? '')}</Table.Cell>
          <Table.Cell textAlign="end">{`${String(order.actualFee ?? '')} ${String(order.currency ?? '')}`}</Table.Cell>
          <Table.Cell>{tr(Number(order.payFlag) === 1 ? `${O}.paid` : `${O}.unpaid`)}</Table.Cell>
          <Table.Cell textAlign="end">
            {order.fleetBalanceBefore === undefined ? '-' : formatBalance(order.fleetBalanceBefore)}
          </Table.Cell>
          <Table.Cell textAlign="end">
            {order.fleetBalanceAfter === undefined ? '-' : formatBalance(order.fleetBalanceAfter)}
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}

const M = 'fleetMember';
const MEMBERS_SHOWN = 20;

/**
 * The fleet's drivers or vehicles (their own list call, filtered to the fleet): name, tag, e-mail or VIN and
 * whether charging now; the first 20 with the count, and a link to the full screen where they are managed.
 */
function FleetMembers({ fleetId, kind }: { fleetId: string; kind: 'driver' | 'vehicle' }) {
  const tr = useTr();
  const list = API.biz[kind].list;
  const members = useSWR([list, fleetId], () =>
    call<{ records: Row[]; total: number }>(list, {
      fleetId,
      current: 1,
      size: MEMBERS_SHOWN,
    }),
  );
  const records = members.data?.records;
  if (!records?.length)
    return (
      <LoadStates {...fromSwr(members)} empty={records?.length === 0} emptyTitle={tr(`${D}.noMembers`)} />
    );
  const vehicle = kind === 'vehicle';
  return (
    <Stack gap="2">
      <DataTable
        label={tr(`${M}.${kind}.title`)}
        scroll
        headings={[
          tr(`${M}.${kind}.name`),
          tr(`${M}.idTag`),
          tr(vehicle ? `${M}.vehicle.vin` : `${M}.driver.email`),
          tr(`${M}.status`),
        ]}
      >
        {records.map((member) => (
          <Table.Row key={String(member.id)}>
            <Table.Cell>{String(member.name ?? '')}</Table.Cell>
            <Table.Cell>{String(member.idTag ?? '')}</Table.Cell>
            <Table.Cell>{String((vehicle ? member.vin : member.email) ?? '')}</Table.Cell>
            <Table.Cell>{optionLabel(tr, MEMBER_STATUS_OPTIONS, member.status)}</Table.Cell>
          </Table.Row>
        ))}
      </DataTable>
      <Text fontSize="sm" color="fg.muted">
        {tr(`${D}.shownOf`, { shown: records.length, total: members.data?.total ?? records.length })}{' '}
        <AppLink to={`/${kind}`}>{tr(`${D}.manage`)}</AppLink>
      </Text>
    </Stack>
  );
}

function FundRecords({ id }: { id: string }) {
  const tr = useTr();
  const funds = useSWR([API.biz.fleet.funds, id], () => call<Row[]>(API.biz.fleet.funds, undefined, { id }));
  if (!funds.data?.length)
    return (
      <LoadStates {...fromSwr(funds)} empty={funds.data?.length === 0} emptyTitle={tr(`${D}.noFunds`)} />
    );
  return <FundTable records={funds.data} />;
}

export function FleetDetailPage() {
  const tr = useTr();
  const { id = '' } = useParams();
  const can = useCan();
  const { data, fallback } = useRecordPage(API.biz.fleet.info, id);
  if (!data) return fallback;
  return (
    <Stack gap="4">
      <AppLink to="/fleets" fontSize="sm">
        {tr(`${D}.back`)}
      </AppLink>
      <Section title={String(data.name ?? id)}>
        <Facts
          label={tr(`${D}.facts`)}
          labelMinW="40"
          wordBreak="break-word"
          items={[
            { label: tr(`${F}.admin`), value: String(data.admin ?? '') },
            { label: tr(`${F}.manager`), value: String(data.manager ?? '') },
            { label: tr(`${F}.address`), value: String(data.address ?? '') },
            { label: tr(`${F}.balance`), value: formatBalance(data.balance) },
            { label: tr(`${F}.warnBalance`), value: formatBalance(data.warnBalance) },
            { label: tr(`${F}.overdraftAmount`), value: formatBalance(data.overdraftAmount) },
            { label: tr(`${F}.status`), value: optionLabel(tr, FLEET_STATUS_OPTIONS, data.status) },
          ]}
        />
      </Section>
      {can(CODE.drivers) && (
        <Section title={tr(`${M}.driver.title`)}>
          <FleetMembers fleetId={String(data.id ?? id)} kind="driver" />
        </Section>
      )}
      {can(CODE.vehicles) && (
        <Section title={tr(`${M}.vehicle.title`)}>
          <FleetMembers fleetId={String(data.id ?? id)} kind="vehicle" />
        </Section>
      )}
      <Section title={tr(`${O}.title`)}>
        <FleetOrders fleetId={String(data.id ?? id)} />
      </Section>
      <Section title={tr(`${D}.funds`)}>
        <FundRecords id={String(data.id ?? id)} />
      </Section>
    </Stack>
  );
}
