/**
 * The real-time view of /chargeOrder (code 4103): the caller's sessions in progress with their live facts
 * (energy so far, power, state of charge, duration, the connector's state; a refused token is marked), in a
 * dialog opened from the list's toolbar and refreshed every 5 seconds while open.
 */
import { Badge, Button, CloseButton, Dialog, HStack, Portal, Table, Text } from '@chakra-ui/react';
import type { ActiveSession } from '@shared/schemas/order.ts';
import { call } from '@web/lib/api.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { DurationText } from '@web/resources/decls/alarm/common.tsx';
import { ConnectorStateBadge } from '@web/resources/decls/site/common.tsx';
import { DataTable } from '@web/resources/data-table.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import { useCan } from '@web/resources/permissions.ts';
import { useState } from 'react';
import useSWR from 'swr';
import { kw, ORDER_CODE, ORDER_REALTIME_URL } from '@web/resources/decls/order/common.tsx';

export const REALTIME_REFRESH_MS = 5_000;
const R = 'orderRes.realtime';
const L = 'orderRes.list';

/** The toolbar button of the list, for holders of 4103. */
export function RealtimeButton() {
  const tr = useTr();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can(ORDER_CODE.realtime)) return null;
  return (
    <>
      <Button size="sm" variant="outline" colorPalette="blue" onClick={() => setOpen(true)}>
        {tr(`${R}.open`)}
      </Button>
      {open ? <RealtimeDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

export function RealtimeDialog(props: { onClose: () => void }) {
  const tr = useTr();
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    [ORDER_REALTIME_URL],
    () => call<{ records: ActiveSession[]; at: string }>(ORDER_REALTIME_URL, {}),
    { refreshInterval: REALTIME_REFRESH_MS, keepPreviousData: true },
  );
  const records = data?.records ?? [];
  return (
    <Dialog.Root
      // Named by its title from the first render, before Chakra links the title (aria-labelledby).
      aria-label={tr(`${R}.title`)}
      open
      size="xl"
      onOpenChange={(e) => (e.open ? undefined : props.onClose())}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{tr(`${R}.title`)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <HStack justify="flex-end" mb="2">
                <Text fontSize="sm" color="fg.muted">
                  {tr(`${R}.refreshNote`, { seconds: REALTIME_REFRESH_MS / 1000 })}
                </Text>
              </HStack>
              <LoadStates
                {...fromSwr({ data, error, isLoading, isValidating, mutate })}
                loadingLabel={tr(`${R}.loading`)}
                empty={!!data && !records.length}
                emptyTitle={tr(`${R}.empty`)}
              />
              {records.length ? (
                <DataTable
                  label={tr(`${R}.title`)}
                  headings={[
                    tr(`${L}.station`),
                    tr(`${L}.chargePoint`),
                    tr(`${L}.idTag`),
                    tr(`${L}.startTime`),
                    tr(`${L}.duration`),
                    { label: tr(`${R}.energy`), end: true },
                    { label: tr(`${R}.power`), end: true },
                    { label: tr(`${R}.soc`), end: true },
                    tr(`${R}.state`),
                  ]}
                  scroll="framed"
                >
                  {records.map((s) => (
                    <Table.Row key={`${s.chargePointId}#${s.transactionId}`}>
                      <Table.Cell>{s.stationName ?? s.stationId}</Table.Cell>
                      <Table.Cell>
                        {s.chargePointName ? `${s.chargePointName} (${s.chargePointId})` : s.chargePointId}
                        {` / ${s.connectorNo}`}
                      </Table.Cell>
                      <Table.Cell>
                        {s.idTag ?? '-'}
                        {s.refused ? (
                          // Its token was refused: it bills nothing and ends with the next session.
                          <Badge ms="2" colorPalette="red" variant="subtle">
                            {tr(`${R}.refused`)}
                          </Badge>
                        ) : null}
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{formatDateTime(s.startTime)}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">
                        <DurationText seconds={s.durationSeconds} />
                      </Table.Cell>
                      <Table.Cell textAlign="end">{(s.energyWh / 1000).toFixed(3)}</Table.Cell>
                      <Table.Cell textAlign="end">{kw(s.powerW) || '-'}</Table.Cell>
                      <Table.Cell textAlign="end">{s.soc ?? '-'}</Table.Cell>
                      <Table.Cell>
                        <ConnectorStateBadge tr={tr} state={s.state ?? 'unknown'} />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </DataTable>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose}>
                {tr(`${R}.close`)}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={tr(`${R}.close`)} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
