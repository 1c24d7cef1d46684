/**
 * A charging order's page (/orderDetail/{id}, code 4101): the order's facts, its session, its price (each
 * money field in the order's currency, "-" while not priced), the price breakdown of `priceDetail` (lines
 * per time-of-use period, discount, revenue tariff), and the meter curve as a chart (energy and power over
 * time), then the session's events in time order (docs/decisions/464-a-sessions-event-timeline.md). Holders
 * of 4102 may re-run settlement of an unpaid order from here. "Who paid" names the fleet (with its driver or
 * vehicle), app user or card settlement charged, that account's balance before and after the debit, why an
 * order is still unpaid, and the station's profit shares taken from it.
 */
import { Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { protocolName } from '@shared/ocpp/protocol-name.ts';
import { orderStopReasonText } from '@web/resources/built-in.tsx';
import type { OrderDetail, OrderView, PriceDetail } from '@shared/schemas/order.ts';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { AppLink } from '@web/components/ui/link.tsx';
import { Facts, Section } from '@web/components/ui/section.tsx';
import { LoadingState } from '@web/components/ui/state-views.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { formatDateTime } from '@web/lib/format.ts';
import { errorMessage } from '@web/resources/api.ts';
import { optionLabel, renderValue } from '@web/resources/cells.tsx';
import { DurationText } from '@web/resources/decls/alarm/common.tsx';
import { chargerDetailPath } from '@web/resources/decls/site/common.tsx';
import { stationDetailPath } from '@web/resources/decls/site/common.tsx';
import { useRecordPage } from '@web/resources/detail.tsx';
import { DataTable } from '@web/resources/data-table.tsx';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import { CODE } from '@shared/permissions/menus.ts';
import { appUserDetailPath } from '@web/resources/decls/crm/app-user.tsx';
import { fleetDetailPath } from '@web/resources/decls/fleet/common.ts';
import type { Row } from '@web/resources/types.ts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import {
  ChargeTarget,
  END_FLAG_OPTIONS,
  FEE_TYPE_OPTIONS,
  kwh,
  money,
  ORDER_CODE,
  ORDER_DETAIL_URL,
  ORDER_TYPE_OPTIONS,
  PAY_FLAG_OPTIONS,
  PAY_TYPE_OPTIONS,
  START_MODE_OPTIONS,
} from '@web/resources/decls/order/common.tsx';
import { resetOrder } from '@web/resources/decls/order/charge-order.tsx';

import { OrderTimelineSection } from './order-timeline.tsx';

const MeterChart = lazy(() => import('./meter-chart.tsx'));

const D = 'orderRes.detail';
const L = 'orderRes.list';
const P = 'orderRes.payer';

/** The money fields of an order, in the order they are shown. */
const MONEY_FIELDS = [
  'elecFee',
  'occupancyFee',
  'discountFee',
  'couponFee',
  'actualFee',
  'tariffFee',
  'profitFee',
  'agentFee',
] as const;

export function OrderDetailPage() {
  const tr = useTr();
  const can = useCan();
  const { id = '' } = useParams();
  const [confirming, setConfirming] = useState(false);
  const { data, fallback, mutate } = useRecordPage<OrderDetail>(ORDER_DETAIL_URL, id);
  if (!data) return fallback;
  const order = data;
  const enumText = (options: Parameters<typeof optionLabel>[1], value: unknown) =>
    value === undefined || value === null ? '' : optionLabel(tr, options, value);
  const priced = MONEY_FIELDS.some((f) => order[f] !== undefined) || order.priceDetail !== undefined;
  const resettable = can(ORDER_CODE.reset) && Number(order.payFlag ?? 0) !== 1;

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <AppLink to="/chargeOrder" fontSize="sm">
          {tr(`${D}.back`)}
        </AppLink>
        {resettable ? (
          <Button size="sm" variant="outline" colorPalette="orange" onClick={() => setConfirming(true)}>
            {tr(`${L}.reset`)}
          </Button>
        ) : null}
      </HStack>

      <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
        <Section title={tr(`${D}.order`)}>
          <Facts
            items={[
              { label: tr(`${L}.orderNo`), value: order.orderNo },
              {
                label: tr(`${L}.station`),
                value: order.stationId ? (
                  <AppLink to={stationDetailPath(order.stationId)}>
                    {order.stationName ?? order.stationId}
                  </AppLink>
                ) : (
                  ''
                ),
              },
              {
                label: tr(`${L}.chargePoint`),
                value: order.chargePointId ? (
                  <AppLink to={chargerDetailPath(order.chargePointId)}>
                    {order.chargePointName
                      ? `${order.chargePointName} (${order.chargePointId})`
                      : order.chargePointId}
                  </AppLink>
                ) : (
                  ''
                ),
              },
              {
                label: tr(`${L}.connector`),
                value: order.connectorNo === undefined ? '' : String(order.connectorNo),
              },
              { label: tr(`${L}.idTag`), value: order.idTag ?? '' },
              { label: tr(`${D}.orderType`), value: enumText(ORDER_TYPE_OPTIONS, order.orderType) },
              { label: tr(`${D}.startMode`), value: enumText(START_MODE_OPTIONS, order.startMode) },
              { label: tr(`${L}.startTime`), value: formatDateTime(order.startTime) },
              { label: tr(`${L}.endTime`), value: formatDateTime(order.endTime) },
              {
                label: tr(`${L}.duration`),
                value: order.totalTime === undefined ? '' : <DurationText seconds={order.totalTime} />,
              },
              {
                label: tr(`${L}.payFlag`),
                value: renderValue(
                  tr,
                  { key: 'payFlag', label: '', kind: 'enum', options: PAY_FLAG_OPTIONS },
                  {
                    payFlag: order.payFlag,
                  },
                ),
              },
              {
                label: tr(`${L}.chargeType`),
                value: <ChargeTarget row={order as unknown as Row} />,
              },
              { label: tr(`${L}.endFlag`), value: enumText(END_FLAG_OPTIONS, order.endFlag) },
              ...endFacts(tr, order),
            ]}
          />
        </Section>

        <Stack gap="4">
          <Section title={tr(`${D}.session`)}>
            <Facts
              items={[
                { label: tr(`${D}.transactionId`), value: order.transactionId },
                { label: tr(`${D}.protocol`), value: protocolName(order.protocol) },
                { label: tr(`${D}.meterStart`), value: order.meterStart ?? '' },
                { label: tr(`${D}.meterEnd`), value: order.meterEnd ?? '' },
                { label: tr(`${L}.energy`), value: kwh(order as unknown as Record<string, unknown>) },
                { label: tr(`${D}.startSoc`), value: order.startSoc ?? '' },
                { label: tr(`${D}.endSoc`), value: order.endSoc ?? '' },
              ]}
            />
          </Section>
          <Section title={tr(`${D}.price`)}>
            {!priced ? (
              <Text fontSize="sm" color="fg.muted" mb="2">
                {tr(`${D}.notPriced`)}
              </Text>
            ) : null}
            <Facts
              label={tr(`${D}.price`)}
              items={[
                { label: tr(`${D}.currency`), value: order.currency ?? '' },
                { label: tr(`${D}.feeRule`), value: order.feeRuleName ?? order.feeRuleId ?? '' },
                { label: tr(`${D}.feeType`), value: enumText(FEE_TYPE_OPTIONS, order.feeType) },
                ...MONEY_FIELDS.map((f) => ({
                  label: tr(`${D}.${f}`),
                  value: money(order[f], order.currency),
                })),
                { label: tr(`${D}.payType`), value: enumText(PAY_TYPE_OPTIONS, order.payType) },
                { label: tr(`${D}.payTime`), value: formatDateTime(order.payTime) },
              ]}
            />
          </Section>
        </Stack>
      </Box>

      <Section title={tr(`${P}.title`)}>
        <Payer tr={tr} order={order} />
      </Section>

      {order.priceDetail ? (
        <Section title={tr(`${D}.breakdown`)}>
          <Breakdown tr={tr} detail={order.priceDetail} currency={order.currency} />
        </Section>
      ) : null}

      <Section title={tr(`${D}.curve`)}>
        {order.curve.length ? (
          <Suspense fallback={<LoadingState label={tr(`${D}.loadingChart`)} />}>
            <MeterChart curve={order.curve} meterStart={order.meterStart} />
          </Suspense>
        ) : (
          <Text color="fg.muted">{tr(`${D}.noCurve`)}</Text>
        )}
      </Section>

      <Section title={tr('orderRes.timeline.title')}>
        <OrderTimelineSection tr={tr} orderNo={order.orderNo} protocol={order.protocol} />
      </Section>

      {confirming ? (
        <ConfirmDialog
          open
          title={tr(`${L}.reset`)}
          message={tr(`${L}.resetConfirm`, { orderNo: order.orderNo })}
          confirmLabel={tr('admin.common.confirm')}
          cancelLabel={tr('admin.common.cancel')}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            try {
              showMessage('success', tr(await resetOrder(order as unknown as Record<string, unknown>)));
              void mutate();
            } catch (e) {
              showMessage('error', errorMessage(tr, e));
            }
            setConfirming(false);
          }}
        />
      ) : null}
    </Stack>
  );
}

/**
 * How the order ended, told once beside its end flag (docs/decisions/453-built-in-data-in-the-users-language.md):
 * the stop reason in words by its code, whose finish is the end flag decision 245 gives it. When the platform
 * stopped the session at its charge value (docs/decisions/170), that is the reason, and the charger's own
 * answer to the stop (Remote) is only what it reported. When the charger never ended it, why the platform did.
 */
export function endFacts(tr: Translate, order: OrderView): { label: string; value: ReactNode }[] {
  const reported = orderStopReasonText(tr, order as unknown as Row);
  if (order.targetStopAt)
    return [
      { label: tr(`${D}.stopReason`), value: tr('readable.orderEnd.targetReached') },
      { label: tr(`${D}.targetStopAt`), value: formatDateTime(order.targetStopAt) },
      ...(reported ? [{ label: tr('readable.orderEnd.reported'), value: reported }] : []),
    ];
  return [
    { label: tr(`${D}.stopReason`), value: reported },
    ...(order.closedBy
      ? [{ label: tr(`${D}.closedBy`), value: tr(`orderRes.closedBys.${order.closedBy}`) }]
      : []),
  ];
}

/** The lines of a price, then the discount and the revenue tariff rate when there are any. */
export function Breakdown(props: { tr: Translate; detail: PriceDetail; currency?: string }) {
  const { tr, detail, currency } = props;
  const period = (from?: string, to?: string) =>
    from || to ? `${formatDateTime(from)} – ${formatDateTime(to)}` : '-';
  return (
    <Stack gap="3">
      <DataTable
        label={tr(`${D}.breakdown`)}
        headings={[
          tr(`${D}.kind`),
          tr(`${D}.period`),
          { label: tr(`${D}.quantity`), end: true },
          { label: tr(`${D}.unitPrice`), end: true },
          { label: tr(`${D}.amount`), end: true },
        ]}
        scroll="framed"
      >
        {detail.lines.map((line, i) => (
          <Table.Row key={i}>
            <Table.Cell>{tr(`orderRes.kinds.${line.kind}`)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{period(line.from, line.to)}</Table.Cell>
            <Table.Cell textAlign="end">{`${line.quantity} ${tr(`orderRes.units.${line.unit}`)}`}</Table.Cell>
            <Table.Cell textAlign="end">{money(line.price, currency)}</Table.Cell>
            <Table.Cell textAlign="end">{money(line.amount, currency)}</Table.Cell>
          </Table.Row>
        ))}
      </DataTable>
      {detail.discount || detail.revenueTariff ? (
        <Facts
          items={[
            ...(detail.discount
              ? [
                  {
                    label: tr(`${D}.discountFee`),
                    value: tr(`${D}.discountLine`, {
                      name: detail.discount.name,
                      rate: detail.discount.rate,
                    }),
                  },
                ]
              : []),
            ...(detail.revenueTariff
              ? [{ label: tr(`${D}.revenueTariffRate`), value: detail.revenueTariff }]
              : []),
          ]}
        />
      ) : null}
    </Stack>
  );
}

/**
 * A payer by its name (its id only when it has none: since deleted), linked to its page when the caller may
 * open it: the paying account is in the caller's scope (`payerVisible`) and the caller holds the page's code
 * (docs/decisions/452-no-raw-values-in-the-console.md).
 */
function PayerName(props: { name?: string; id: string; to?: string }) {
  const text = props.name || props.id;
  return props.to ? <AppLink to={props.to}>{text}</AppLink> : <>{text}</>;
}

/** The account settlement charged (or why none was), its balances around the debit, and the profit shares. */
export function Payer(props: { tr: Translate; order: OrderView }) {
  const { tr, order } = props;
  const can = useCan();
  const linked = (code: string, to: string) => (order.payerVisible && can(code) ? to : undefined);
  const memberList = (path: string, name: string | undefined) =>
    name ? `${path}?name=${encodeURIComponent(name)}` : path;
  const balance = (value: number | undefined) => (value === undefined ? '' : money(value, order.currency));
  const account: {
    kind: 'fleet' | 'appUser' | 'card' | 'none';
    items: { label: string; value: ReactNode }[];
  } = order.fleetId
    ? {
        kind: 'fleet',
        items: [
          {
            label: tr(`${P}.fleet`),
            value: (
              <PayerName
                name={order.fleetName}
                id={order.fleetId}
                to={linked(CODE.fleetDetail, fleetDetailPath(order.fleetId))}
              />
            ),
          },
          ...(order.fleetDriverId
            ? [
                {
                  label: tr(`${P}.fleetDriver`),
                  value: (
                    <PayerName
                      name={order.fleetDriverName}
                      id={order.fleetDriverId}
                      to={linked(CODE.drivers, memberList('/driver', order.fleetDriverName))}
                    />
                  ),
                },
              ]
            : []),
          ...(order.fleetVehicleId
            ? [
                {
                  label: tr(`${P}.fleetVehicle`),
                  value: (
                    <PayerName
                      name={order.fleetVehicleName}
                      id={order.fleetVehicleId}
                      to={linked(CODE.vehicles, memberList('/vehicle', order.fleetVehicleName))}
                    />
                  ),
                },
              ]
            : []),
          { label: tr(`${P}.balanceBefore`), value: balance(order.fleetBalanceBefore) },
          { label: tr(`${P}.balanceAfter`), value: balance(order.fleetBalanceAfter) },
        ],
      }
    : order.appUserId
      ? {
          kind: 'appUser',
          items: [
            {
              label: tr(`${P}.appUser`),
              value: (
                <PayerName
                  name={order.appUserName}
                  id={order.appUserId}
                  to={linked(CODE.appUserDetail, appUserDetailPath(order.appUserId))}
                />
              ),
            },
            { label: tr(`${P}.balanceBefore`), value: balance(order.appBalanceBefore) },
            { label: tr(`${P}.balanceAfter`), value: balance(order.appBalanceAfter) },
          ],
        }
      : order.cardId
        ? {
            kind: 'card',
            items: [
              // The card by its number (the order's ID tag: one payer per tag, decision 432), not its record id.
              { label: tr(`${P}.card`), value: order.idTag ?? order.cardId },
              { label: tr(`${P}.balanceBefore`), value: balance(order.cardBalanceBefore) },
              { label: tr(`${P}.balanceAfter`), value: balance(order.cardBalanceAfter) },
            ],
          }
        : { kind: 'none', items: [] };
  const unpaid = Number(order.payFlag ?? 0) !== 1 && order.unpaidReason;
  const profits = order.profits ?? [];
  return (
    <Stack gap="3">
      <Facts
        label={tr(`${P}.title`)}
        items={[
          { label: tr(`${P}.paidBy`), value: tr(`${P}.kinds.${account.kind}`) },
          ...account.items,
          ...(unpaid
            ? [{ label: tr(`${P}.unpaidReason`), value: tr(`${P}.reasons.${order.unpaidReason}`) }]
            : []),
        ]}
      />
      {profits.length ? (
        <DataTable
          label={tr(`${P}.shares`)}
          headings={[
            tr(`${P}.party`),
            { label: tr(`${P}.percent`), end: true },
            { label: tr(`${D}.amount`), end: true },
          ]}
          scroll="framed"
        >
          {profits.map((p, i) => (
            <Table.Row key={i}>
              <Table.Cell>{p.party}</Table.Cell>
              <Table.Cell textAlign="end">{`${p.percent} %`}</Table.Cell>
              <Table.Cell textAlign="end">{money(p.amount, order.currency)}</Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {tr(`${P}.noShares`)}
        </Text>
      )}
    </Stack>
  );
}
