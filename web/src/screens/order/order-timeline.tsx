/**
 * The order page's event timeline (POST /biz/chargeOrder/timeline?id=, docs/decisions/464-a-sessions-event-timeline.md):
 * the session's authorize, remote start, start, connector states, meter values (summarised), remote stop and
 * stop, in time order, each time as YYYY-MM-DD HH:mm:ss in the user's time zone, event types, connector
 * states, error codes, answers and stop reasons in the user's language. Events read from the session's record, not the message log, say so.
 */
import { Stack, Table, Text } from '@chakra-ui/react';
import { API } from '@shared/api/paths.ts';
import { stopReasonCode } from '@shared/ocpp/stop-reasons.ts';
import type { OrderTimeline, TimelineEvent } from '@shared/schemas/order-timeline.ts';
import { LoadingState } from '@web/components/ui/state-views.tsx';
import { call } from '@web/lib/api.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { errorCodeText, reportedStatusText } from '@web/resources/decls/site/common.tsx';
import { stopReasonText } from '@web/resources/built-in.tsx';
import { DataTable } from '@web/resources/data-table.tsx';
import type { Translate } from '@web/resources/i18n.ts';
import { ocppResultText } from '@web/screens/command/labels.ts';
import useSWR from 'swr';

const T = 'orderRes.timeline';

const kwh = (wh: number | undefined) => (wh === undefined ? '-' : (wh / 1000).toFixed(3));

/** What an event says beyond its type and time, as text. */
export function eventDetails(tr: Translate, e: TimelineEvent, protocol: string | undefined): string {
  const parts: string[] = [];
  // The reported status and error code in words (docs/decisions/453-built-in-data-in-the-users-language.md).
  if (e.type === 'status' && e.status) {
    parts.push(reportedStatusText(tr, e.status));
    if (e.errorCode) parts.push(errorCodeText(tr, e.errorCode));
  }
  if (e.idTag) parts.push(tr(`${T}.idTag`, { idTag: e.idTag }));
  if (e.result) parts.push(tr(`${T}.result`, { result: ocppResultText(tr, e.result) }));
  if (e.type === 'meterValues')
    parts.push(
      tr(`${T}.samples`, {
        count: e.count ?? 0,
        first: kwh(e.firstWh),
        last: kwh(e.lastWh),
        until: formatDateTime(e.until),
      }),
    );
  else if (e.meterWh !== undefined) parts.push(tr(`${T}.meter`, { kwh: kwh(e.meterWh) }));
  // The charger's stop reason in words by its code, never as sent (docs/decisions/453-built-in-data-in-the-users-language.md).
  if (e.reason)
    parts.push(tr(`${T}.reason`, { reason: stopReasonText(tr, stopReasonCode(protocol ?? '', e.reason)) }));
  if (e.source === 'session') parts.push(tr(`${T}.fromSession`));
  return parts.join(' · ');
}

export function OrderTimelineSection(props: { tr: Translate; orderNo: string; protocol?: string }) {
  const { tr, orderNo, protocol } = props;
  const { data, error, isLoading } = useSWR(orderNo ? [API.biz.chargeOrder.timeline, orderNo] : null, () =>
    call<OrderTimeline>(API.biz.chargeOrder.timeline, undefined, { id: orderNo }),
  );
  if (isLoading) return <LoadingState label={tr(`${T}.title`)} />;
  if (error || !data) return <Text color="fg.error">{tr(`${T}.loadFailed`)}</Text>;
  if (!data.events.length) return <Text color="fg.muted">{tr(`${T}.empty`)}</Text>;
  return (
    <Stack gap="2">
      {data.capped ? (
        <Text fontSize="sm" color="fg.warning">
          {tr(`${T}.capped`)}
        </Text>
      ) : null}
      <DataTable label={tr(`${T}.title`)} headings={[tr(`${T}.time`), tr(`${T}.event`), tr(`${T}.details`)]}>
        {data.events.map((e, i) => (
          <Table.Row key={`${e.at}-${i}`} data-type={e.type}>
            <Table.Cell whiteSpace="nowrap">{formatDateTime(e.at)}</Table.Cell>
            <Table.Cell>{tr(`${T}.types.${e.type}`)}</Table.Cell>
            <Table.Cell>{eventDetails(tr, e, protocol)}</Table.Cell>
          </Table.Row>
        ))}
      </DataTable>
    </Stack>
  );
}
