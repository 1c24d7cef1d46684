/**
 * A reservation's page (/reserveOrderDetail/{id}, code 4200): its facts (station, charge point and
 * connector, idTag, minutes asked, reservation id, request, start, expiry and end), how it ended, its fee
 * (price per minute, time held, amount, how it was paid) and the timeline of its statuses. Holders of 4202
 * cancel a successful reservation from here.
 */
import { Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { ReserveOrderView } from '@shared/schemas/reservation.ts';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { AppLink } from '@web/components/ui/link.tsx';
import { Facts, Section } from '@web/components/ui/section.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { formatDateTime } from '@web/lib/format.ts';
import { errorMessage } from '@web/resources/api.ts';
import { optionLabel, renderValue } from '@web/resources/cells.tsx';
import { DurationText } from '@web/resources/decls/alarm/common.tsx';
import { money, PAY_TYPE_OPTIONS } from '@web/resources/decls/order/common.tsx';
import { chargerDetailPath } from '@web/resources/decls/site/common.tsx';
import { stationDetailPath } from '@web/resources/decls/site/common.tsx';
import { useRecordPage } from '@web/resources/detail.tsx';
import { DataTable } from '@web/resources/data-table.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  END_REASON_OPTIONS,
  RESERVE_DETAIL_URL,
  RESERVE_ORDER_CODE,
  RESERVE_STATUS_OPTIONS,
} from '@web/resources/decls/reservation/common.tsx';
import { cancelReservation } from '@web/resources/decls/reservation/reserve-order.tsx';

const D = 'reservationRes.detail';
const L = 'reservationRes.list';

export function ReserveDetailPage() {
  const tr = useTr();
  const can = useCan();
  const { id = '' } = useParams();
  const [confirming, setConfirming] = useState(false);
  const { data, fallback, mutate } = useRecordPage<ReserveOrderView>(RESERVE_DETAIL_URL, id);
  if (!data) return fallback;
  const order = data;
  const status = renderValue(
    tr,
    { key: 'status', label: '', kind: 'enum', options: RESERVE_STATUS_OPTIONS },
    { status: order.status },
  );
  const ended = order.endReason
    ? renderValue(
        tr,
        { key: 'endReason', label: '', kind: 'enum', options: END_REASON_OPTIONS },
        { endReason: order.endReason },
      )
    : '';
  const cancellable = can(RESERVE_ORDER_CODE.cancel) && order.status === 2;
  const failReason = (order as { failReason?: string }).failReason;
  const charged = order.fee !== undefined;

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <AppLink to="/reserveOrder" fontSize="sm">
          {tr(`${D}.back`)}
        </AppLink>
        {cancellable ? (
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
            {tr(`${L}.cancel`)}
          </Button>
        ) : null}
      </HStack>

      <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
        <Section title={tr(`${D}.order`)} aside={status}>
          <Facts
            items={[
              { label: tr(`${L}.id`), value: order.id },
              {
                label: tr(`${L}.station`),
                value: order.stationId ? (
                  <AppLink to={stationDetailPath(order.stationId)}>
                    {order.stationName || order.stationId}
                  </AppLink>
                ) : (
                  ''
                ),
              },
              {
                label: tr(`${L}.chargePoint`),
                value: <AppLink to={chargerDetailPath(order.chargePointId)}>{order.chargePointId}</AppLink>,
              },
              { label: tr(`${L}.connector`), value: String(order.connectorNo) },
              { label: tr(`${L}.idTag`), value: order.idTag },
              { label: tr(`${L}.minutes`), value: String(order.minutes) },
              {
                label: tr(`${D}.reservationId`),
                value: order.reservationId === undefined ? '' : String(order.reservationId),
              },
              { label: tr(`${L}.createTime`), value: formatDateTime(order.createTime) },
              { label: tr(`${L}.startTime`), value: formatDateTime(order.startTime) },
              { label: tr(`${L}.expiryTime`), value: formatDateTime(order.expiryTime) },
              { label: tr(`${L}.endTime`), value: formatDateTime(order.endTime) },
              { label: tr(`${D}.cancelTime`), value: formatDateTime(order.cancelTime) },
              { label: tr(`${L}.endReason`), value: ended },
              {
                label: tr(`${D}.failReason`),
                // The charger's answer (Occupied...) or the refusal's catalog key (pile offline...).
                value: failReason ? tr(failReason) : '',
              },
              { label: tr(`${D}.transactionId`), value: order.transactionId ?? '' },
            ]}
          />
        </Section>

        <Section title={tr(`${D}.fee`)}>
          {charged ? (
            <Facts
              items={[
                { label: tr(`${D}.price`), value: money(order.price, order.currency) },
                {
                  label: tr(`${D}.duration`),
                  value:
                    order.durationSeconds === undefined ? (
                      ''
                    ) : (
                      <DurationText seconds={order.durationSeconds} />
                    ),
                },
                { label: tr(`${L}.fee`), value: money(order.fee, order.currency) },
                {
                  label: tr(`${L}.payFlag`),
                  value: tr(order.payFlag === 1 ? `${D}.paid` : `${D}.unpaid`),
                },
                {
                  label: tr(`${D}.payType`),
                  value: order.payType === undefined ? '' : optionLabel(tr, PAY_TYPE_OPTIONS, order.payType),
                },
                {
                  label: tr(`${D}.cardBalance`),
                  value:
                    order.cardBalanceBefore === undefined
                      ? ''
                      : `${order.cardBalanceBefore} / ${order.cardBalanceAfter ?? ''}`,
                },
              ]}
            />
          ) : (
            <Stack gap="2">
              <Facts items={[{ label: tr(`${D}.price`), value: money(order.price, order.currency) }]} />
              {order.status === 4 ? (
                <Text fontSize="sm" color="fg.muted">
                  {tr(`${D}.noFee`)}
                </Text>
              ) : null}
            </Stack>
          )}
        </Section>
      </Box>

      <Section title={tr(`${D}.timeline`)}>
        {order.history?.length ? (
          <DataTable
            label={tr(`${D}.timeline`)}
            headings={[tr(`${L}.status`), tr(`${L}.startTime`), tr(`${L}.endReason`)]}
          >
            {order.history.map((h, i) => (
              <Table.Row key={`${h.status}-${h.at}-${i}`}>
                <Table.Cell>{optionLabel(tr, RESERVE_STATUS_OPTIONS, h.status)}</Table.Cell>
                <Table.Cell>{formatDateTime(h.at)}</Table.Cell>
                <Table.Cell>
                  {h.reason && END_REASON_OPTIONS.some((o) => o.value === h.reason)
                    ? optionLabel(tr, END_REASON_OPTIONS, h.reason)
                    : (h.reason ?? '')}
                </Table.Cell>
              </Table.Row>
            ))}
          </DataTable>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {tr(`${D}.empty`)}
          </Text>
        )}
      </Section>

      {confirming ? (
        <ConfirmDialog
          open
          danger
          title={tr(`${L}.cancel`)}
          message={tr(`${L}.cancelConfirm`, {
            chargePointId: order.chargePointId,
            connectorNo: order.connectorNo,
            idTag: order.idTag,
          })}
          confirmLabel={tr(`${L}.cancel`)}
          cancelLabel={tr('admin.common.cancel')}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            try {
              await cancelReservation({ id: order.id });
              showMessage('success', tr(`${L}.cancelSent`));
            } catch (e) {
              showMessage('error', errorMessage(tr, e));
            }
            setConfirming(false);
            void mutate();
          }}
        />
      ) : null}
    </Stack>
  );
}
