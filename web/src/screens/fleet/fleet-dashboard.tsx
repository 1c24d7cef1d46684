/**
 * The fleet dashboard (/vehicle/dashbord, 11050), where a fleet login lands: the fleet's balance
 * against its warning balance and overdraft, its status, its drivers and vehicles in all and charging now,
 * and its latest fund records (POST /biz/fleet/dashboard). A fleet account sees its own fleet; staff who
 * hold the fleet list pick one of their fleets.
 */
import { API } from '@shared/api/paths.ts';
import { Alert, Badge, Box, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { formatDateTime } from '@web/lib/format.ts';
import { CODE } from '@shared/permissions/menus.ts';
import { Facts, Section } from '@web/components/ui/section.tsx';
import { call } from '@web/lib/api.ts';
import { optionLabel } from '@web/resources/cells.tsx';
import { formatBalance } from '@web/resources/decls/device/card.tsx';
import { FormField } from '@web/resources/form-fields.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import { useCan } from '@web/resources/permissions.ts';
import type { Row } from '@web/resources/types.ts';
import { useState } from 'react';
import useSWR from 'swr';
import { FLEET_PICKER, FLEET_STATUS_OPTIONS } from '@web/resources/decls/fleet/common.ts';
import { FleetOrders, FundTable } from './fleet-detail.tsx';
import { AlertMessage } from '@web/resources/decls/fleet/fleet-records.tsx';

const F = 'fleetRes.fleet';
const B = 'fleetDash';

interface Dashboard {
  fleet: Row;
  drivers: { total: number; charging: number };
  vehicles: { total: number; charging: number };
  funds: Row[];
  alerts: Row[];
  unreadAlerts: number;
  today: Figures;
  month: Figures;
}

interface Figures {
  energyKwh: number;
  cost: number;
  sessions: number;
}

/** Energy, cost and sessions of a period (the fleet rollups). */
function Period(props: { title: string; figures: Figures }) {
  const tr = useTr();
  return (
    <Stat.Root borderWidth="1px" rounded="l2" p="4" bg="bg.panel">
      <Stat.Label>{props.title}</Stat.Label>
      <Stat.ValueText>{formatBalance(props.figures.cost)}</Stat.ValueText>
      <Stat.HelpText>
        {tr(`${B}.periodHelp`, { kwh: props.figures.energyKwh.toFixed(3), count: props.figures.sessions })}
      </Stat.HelpText>
    </Stat.Root>
  );
}

function Members(props: { title: string; counts: { total: number; charging: number } }) {
  const tr = useTr();
  return (
    <Stat.Root borderWidth="1px" rounded="l2" p="4" bg="bg.panel">
      <Stat.Label>{props.title}</Stat.Label>
      <Stat.ValueText>{props.counts.total}</Stat.ValueText>
      <Stat.HelpText>{tr(`${B}.chargingNow`, { count: props.counts.charging })}</Stat.HelpText>
    </Stat.Root>
  );
}

function FleetBoard({ fleetId }: { fleetId: string }) {
  const tr = useTr();
  const loaded = useSWR([API.biz.fleet.dashboard, fleetId], () =>
    call<Dashboard>(API.biz.fleet.dashboard, undefined, fleetId ? { id: fleetId } : undefined),
  );
  const data = loaded.data;
  if (!data) return <LoadStates {...fromSwr(loaded)} />;
  const { fleet } = data;
  const low = Number(fleet.balance) < Number(fleet.warnBalance);
  return (
    <Stack gap="4">
      {low ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{tr(`${B}.low`, { warn: formatBalance(fleet.warnBalance) })}</Alert.Title>
        </Alert.Root>
      ) : null}
      <Section title={String(fleet.name ?? '')}>
        <Facts
          label={tr(`${B}.facts`)}
          labelMinW="40"
          wordBreak="break-word"
          items={[
            { label: tr(`${F}.balance`), value: formatBalance(fleet.balance) },
            { label: tr(`${F}.warnBalance`), value: formatBalance(fleet.warnBalance) },
            { label: tr(`${F}.overdraftAmount`), value: formatBalance(fleet.overdraftAmount) },
            { label: tr(`${F}.status`), value: optionLabel(tr, FLEET_STATUS_OPTIONS, fleet.status) },
          ]}
        />
      </Section>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
        <Members title={tr(`${B}.drivers`)} counts={data.drivers} />
        <Members title={tr(`${B}.vehicles`)} counts={data.vehicles} />
        <Period title={tr(`${B}.today`)} figures={data.today} />
        <Period title={tr(`${B}.month`)} figures={data.month} />
      </SimpleGrid>
      <Section
        title={tr('fleetAlert.latest')}
        aside={
          <Badge colorPalette="orange">{tr('fleetAlert.unreadCount', { count: data.unreadAlerts })}</Badge>
        }
      >
        {data.alerts.length ? (
          <Stack as="ul" gap="2" listStyleType="none">
            {data.alerts.map((alert) => (
              <Box as="li" key={String(alert.id)} fontSize="sm">
                <Text as="span" color="fg.muted" me="2">
                  {formatDateTime(alert.createTime)}
                </Text>
                <AlertMessage row={alert} />
              </Box>
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted">{tr('fleetAlert.none')}</Text>
        )}
      </Section>
      <Section title={tr('fleetOrders.title')}>
        <FleetOrders fleetId={fleetId} />
      </Section>
      <Section title={tr(`${B}.funds`)}>
        {data.funds.length ? (
          <FundTable records={data.funds} />
        ) : (
          <Text color="fg.muted">{tr('fleetRes.detail.noFunds')}</Text>
        )}
      </Section>
    </Stack>
  );
}

export function FleetDashboardPage() {
  const can = useCan();
  const [picked, setPicked] = useState<unknown>('');
  // Staff pick the fleet; a fleet account (without the fleet list) has its own.
  if (!can(CODE.fleets)) return <FleetBoard fleetId="" />;
  return (
    <Stack gap="4">
      <Box maxW="sm">
        <FormField
          field={FLEET_PICKER}
          scope="fleetDashboard"
          value={picked}
          onChange={setPicked}
          onAssign={() => undefined}
        />
      </Box>
      {picked ? <FleetBoard fleetId={String(picked)} /> : null}
    </Stack>
  );
}
