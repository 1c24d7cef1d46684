/**
 * A fleet's page (/fleetsDetail/{id}, code 11101): what the fleet is (administrator, manager, address),
 * its money (balance, warning balance, overdraft amount) and status, and its latest fund records (SPEC.md
 * section 3: type, balance before, change, balance after), newest first.
 */
import { Stack, Table } from '@chakra-ui/react';
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
import type { EnumOption, Row } from '@web/resources/types.ts';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import { FLEET_STATUS_OPTIONS } from './fleet.tsx';

const F = 'fleetRes.fleet';
const D = 'fleetRes.detail';

/** SPEC.md section 3, fleet fund record: operType 1 reset, 2 top-up, 3 consumption. */
const OPER_TYPE_OPTIONS: readonly EnumOption[] = [
  { value: 1, label: `${D}.operTypes.reset` },
  { value: 2, label: `${D}.operTypes.topUp` },
  { value: 3, label: `${D}.operTypes.consumption` },
];

function FundRecords({ id }: { id: string }) {
  const tr = useTr();
  const funds = useSWR(['/biz/fleet/funds', id], () => call<Row[]>('/biz/fleet/funds', undefined, { id }));
  if (!funds.data?.length)
    return (
      <LoadStates {...fromSwr(funds)} empty={funds.data?.length === 0} emptyTitle={tr(`${D}.noFunds`)} />
    );
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
      {funds.data.map((record) => (
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

export function FleetDetailPage() {
  const tr = useTr();
  const { id = '' } = useParams();
  const { data, fallback } = useRecordPage('/biz/fleet/info', id);
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
      <Section title={tr(`${D}.funds`)}>
        <FundRecords id={String(data.id ?? id)} />
      </Section>
    </Stack>
  );
}
