/**
 * The steps of a purchase (docs/product.md section 2), shared by the first-time wizard and the renewal: the
 * step indicator, subscription (mode, Basic/Pro cards, connector counts or order number), overview (the price
 * table in dollars) and payment (card number in 4 groups, MM/YY, CVC; the card's extra authentication shows
 * below them), the fewer-connectors confirmation and the success dialog.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Dialog,
  Field,
  Fieldset,
  HStack,
  Input,
  List,
  Portal,
  RadioGroup,
  SimpleGrid,
  Stack,
  Steps,
  Table,
  Text,
} from '@chakra-ui/react';
import {
  BILLING_MONTHS,
  FEATURE_PACKAGE,
  MONTH_DAYS,
  PLAN_TYPE,
  SUBSCRIBE_MODE,
  type PriceResult,
  type PriceRow,
} from '@shared/schemas/subscription.ts';
import { fromCents, monthlyCents } from '@shared/subscription/pricing.ts';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { ErrorState, LoadingState } from '@web/components/ui/state-views.tsx';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTr } from '@web/resources/i18n.ts';
import { formatCardNumber, formatExpiry, K, nothingToPay, serverMessage, type Purchase } from './purchase.ts';

/** `$12.50`: docs/product.md section 9, subscriptions are shown in dollars. */
export const dollars = (amount: string | number | undefined) => `$${amount ?? '0.00'}`;

/** A plan's period as people count it: whole months of 30 days (a 360-day plan is 12 months), else days. */
export function periodText(tr: (key: string, values?: Record<string, unknown>) => string, validDays: number) {
  if (validDays > 0 && validDays % MONTH_DAYS === 0) {
    const months = validDays / MONTH_DAYS;
    return months === 1 ? tr(`${K}.periodMonth`) : tr(`${K}.periodMonths`, { count: months });
  }
  return validDays === 1 ? tr(`${K}.periodDay`) : tr(`${K}.periodDays`, { count: validDays });
}

/**
 * The monthly amount of the quoted rows, in integer cents (shared/subscription/pricing.ts), and the 12 months
 * it is billed for (docs/decisions/291-subscription-price-and-credit.md); null when a row cannot be priced.
 */
export function monthlyAndTotal(rows: readonly PriceRow[]): { monthly: string; total: string } | null {
  try {
    const cents = rows.reduce((sum, row) => sum + monthlyCents(row, row), 0);
    return { monthly: fromCents(cents), total: fromCents(cents * BILLING_MONTHS) };
  } catch {
    return null;
  }
}

export function StepIndicator(props: { steps: readonly string[]; step: number }) {
  const tr = useTr();
  return (
    <Steps.Root step={props.step} count={props.steps.length} size="sm" colorPalette="blue">
      <Steps.List aria-label={tr(`${K}.stepsLabel`)}>
        {props.steps.map((title, index) => (
          <Steps.Item key={title} index={index} aria-current={index === props.step ? 'step' : undefined}>
            <Steps.Indicator>
              <Steps.Status complete="✓" incomplete={<Steps.Number />} />
            </Steps.Indicator>
            <Steps.Title>{title}</Steps.Title>
            <Steps.Separator />
          </Steps.Item>
        ))}
      </Steps.List>
    </Steps.Root>
  );
}

const PACKAGES = [
  { pkg: FEATURE_PACKAGE.basic, key: 'basic' },
  { pkg: FEATURE_PACKAGE.pro, key: 'pro' },
] as const;

export function SubscriptionStep({ purchase, disabled }: { purchase: Purchase; disabled?: boolean }) {
  const tr = useTr();
  const { choice, change, choiceErrs: errors, plans } = purchase;
  const err = (name: string) => (errors[name] ? tr(errors[name]!) : undefined);
  const pro = choice.pkg === FEATURE_PACKAGE.pro;
  return (
    <Stack gap="5">
      <RadioGroup.Root
        value={String(choice.mode)}
        onValueChange={(e) => change({ mode: Number(e.value) === 2 ? 2 : 1 })}
        aria-label={tr(`${K}.mode`)}
        disabled={disabled}
      >
        <HStack gap="6" wrap="wrap">
          {[SUBSCRIBE_MODE.plan, SUBSCRIBE_MODE.orderNo].map((mode) => (
            <RadioGroup.Item key={mode} value={String(mode)}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{tr(`${K}.modes.${mode}`)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>

      {choice.mode === SUBSCRIBE_MODE.plan ? (
        <>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" role="group" aria-label={tr(`${K}.plans`)}>
            {PACKAGES.map(({ pkg, key }) => {
              const plan = plans[pkg];
              const selected = choice.pkg === pkg;
              return (
                <Card.Root
                  key={key}
                  variant="outline"
                  borderColor={selected ? 'blue.solid' : undefined}
                  borderWidth={selected ? '2px' : '1px'}
                  aria-label={tr(`${K}.packages.${key}.name`)}
                  role="region"
                >
                  <Card.Header>
                    <HStack justify="space-between">
                      <Card.Title>{tr(`${K}.packages.${key}.name`)}</Card.Title>
                      {selected ? <Badge colorPalette="blue">{tr(`${K}.selected`)}</Badge> : null}
                    </HStack>
                    <Card.Description>{tr(`${K}.packages.${key}.summary`)}</Card.Description>
                  </Card.Header>
                  <Card.Body gap="3">
                    <Stack gap="1">
                      <Text fontSize="lg" fontWeight="semibold">
                        {tr(`${K}.acMonthly`, { price: dollars(plan?.acConnectorPrice) })}
                      </Text>
                      {pkg === FEATURE_PACKAGE.pro ? (
                        <Text fontSize="lg" fontWeight="semibold">
                          {tr(`${K}.dcMonthly`, { price: dollars(plan?.dcConnectorPrice) })}
                        </Text>
                      ) : null}
                    </Stack>
                    <List.Root fontSize="sm" color="fg.muted" ps="4">
                      {(pkg === FEATURE_PACKAGE.pro
                        ? ['ac', 'dc', 'export', 'smartCharging', 'fleets']
                        : ['ac']
                      ).map((feature) => (
                        <List.Item key={feature}>{tr(`${K}.features.${feature}`)}</List.Item>
                      ))}
                    </List.Root>
                  </Card.Body>
                  <Card.Footer>
                    <Button
                      variant={selected ? 'solid' : 'outline'}
                      colorPalette="blue"
                      aria-pressed={selected}
                      aria-label={tr(`${K}.selectPackage`, { name: tr(`${K}.packages.${key}.name`) })}
                      disabled={disabled}
                      onClick={() => change({ pkg })}
                    >
                      {tr(`${K}.select`)}
                    </Button>
                  </Card.Footer>
                </Card.Root>
              );
            })}
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root required invalid={Boolean(errors.ac)} disabled={disabled}>
              <Field.Label>
                {tr(`${K}.acCount`)}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                max={2000}
                value={choice.ac}
                onChange={(e) => change({ ac: e.currentTarget.value })}
              />
              <Field.HelperText>{tr(`${K}.countHelp`)}</Field.HelperText>
              {err('ac') ? <Field.ErrorText>{err('ac')}</Field.ErrorText> : null}
            </Field.Root>
            <Field.Root required={pro} invalid={Boolean(errors.dc)} disabled={disabled || !pro}>
              <Field.Label>
                {tr(`${K}.dcCount`)}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                max={2000}
                value={pro ? choice.dc : '0'}
                onChange={(e) => change({ dc: e.currentTarget.value })}
              />
              <Field.HelperText>{tr(pro ? `${K}.countHelp` : `${K}.dcBasicHelp`)}</Field.HelperText>
              {err('dc') ? <Field.ErrorText>{err('dc')}</Field.ErrorText> : null}
            </Field.Root>
          </SimpleGrid>
        </>
      ) : (
        <Field.Root required invalid={Boolean(errors.planNo)} disabled={disabled} maxW="md">
          <Field.Label>
            {tr(`${K}.planNo`)}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            value={choice.planNo}
            maxLength={64}
            autoComplete="off"
            onChange={(e) => change({ planNo: e.currentTarget.value })}
          />
          <Field.HelperText>{tr(`${K}.planNoHelp`)}</Field.HelperText>
          {err('planNo') ? <Field.ErrorText>{err('planNo')}</Field.ErrorText> : null}
        </Field.Root>
      )}
    </Stack>
  );
}

export function OverviewStep({ price }: { price: PriceResult }) {
  const tr = useTr();
  const billed = price.list[0]?.planType === PLAN_TYPE.custom;
  const monthly = monthlyAndTotal(price.list);
  const pkgName = (type: number) =>
    tr(`${K}.packages.${type === FEATURE_PACKAGE.pro ? 'pro' : 'basic'}.name`);
  return (
    <Stack gap="4">
      <Table.ScrollArea borderWidth="1px" rounded="l2">
        <Table.Root size="sm" aria-label={tr(`${K}.overviewTable`)}>
          <Table.Header>
            <Table.Row>
              {['planType', 'acPrice', 'acNumber', 'acFee', 'dcPrice', 'dcNumber', 'dcFee', 'validDays'].map(
                (col) => (
                  <Table.ColumnHeader key={col}>{tr(`${K}.columns.${col}`)}</Table.ColumnHeader>
                ),
              )}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {price.list.map((row, index) => (
              <Table.Row key={index}>
                <Table.Cell>
                  {pkgName(row.featurePackageType)}
                  {row.planType === PLAN_TYPE.custom ? (
                    <Badge ms="2" colorPalette="purple">
                      {tr(`${K}.custom`)}
                    </Badge>
                  ) : null}
                </Table.Cell>
                <Table.Cell>{dollars(row.acConnectorPrice)}</Table.Cell>
                <Table.Cell>{row.acConnectorNumber}</Table.Cell>
                <Table.Cell>{`${row.acTransactionFee}%`}</Table.Cell>
                <Table.Cell>{dollars(row.dcConnectorPrice)}</Table.Cell>
                <Table.Cell>{row.dcConnectorNumber}</Table.Cell>
                <Table.Cell>{`${row.dcTransactionFee}%`}</Table.Cell>
                <Table.Cell>{periodText(tr, row.validDays)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Stack gap="1" alignItems="flex-end" aria-label={tr(`${K}.totals`)} role="group">
        {monthly ? (
          <Text color="fg.muted" data-testid="monthly-times">
            {tr(`${K}.monthlyTimes`, {
              monthly: dollars(monthly.monthly),
              months: BILLING_MONTHS,
              total: dollars(monthly.total),
            })}
          </Text>
        ) : null}
        <Text>
          {tr(`${K}.subtotal`)}: <strong>{dollars(price.totalFee)}</strong>
          {billed ? (
            <Text as="span" color="fg.muted" ms="2">
              {tr(`${K}.billed`)}
            </Text>
          ) : null}
        </Text>
        {price.refundFlag ? (
          <Text>
            {tr(`${K}.refund`)}: <strong>{dollars(price.refundFee)}</strong>
          </Text>
        ) : null}
        <Text fontSize="lg">
          {tr(`${K}.toPay`)}: <strong>{dollars(price.toPayFee)}</strong>
        </Text>
      </Stack>
      {price.refundFlag ? (
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">
            {tr(`${K}.refundNote`, { amount: dollars(price.refundFee) })}
          </Alert.Title>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}

/** Which card fields the page shows: its own (the local stand-in), or the provider's element (hosted). */
type CardMode =
  { kind: 'loading' } | { kind: 'own' } | { kind: 'provider' } | { kind: 'failed'; message: string };

function useCardMode(purchase: Purchase, needed: boolean, element: RefObject<HTMLDivElement | null>) {
  const [mode, setMode] = useState<CardMode>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { provider } = purchase;
  useEffect(() => {
    if (!needed) return;
    let live = true;
    let unmount: (() => void) | undefined;
    setMode({ kind: 'loading' });
    provider().then(
      async (cards) => {
        if (!live) return;
        if (!cards.providerFields) return setMode({ kind: 'own' });
        setMode({ kind: 'provider' });
        if (element.current) unmount = await cards.mountCardElement(element.current);
        if (!live) unmount?.();
      },
      (error: unknown) => live && setMode({ kind: 'failed', message: serverMessage(error) }),
    );
    return () => {
      live = false;
      unmount?.();
    };
  }, [provider, needed, element, attempt]);
  return { mode, retry: () => setAttempt((n) => n + 1) };
}

export function PaymentStep({ purchase }: { purchase: Purchase }) {
  const tr = useTr();
  const { card, changeCard, cardErrs: errors, payState, price } = purchase;
  const busy = payState.status === 'busy';
  const refused = payState.status === 'cardError' ? payState : null;
  const err = (name: string) =>
    errors[name] ? tr(errors[name]!) : refused?.field === name ? refused.message : undefined;
  const providerError = refused && !refused.field ? refused.message : '';
  const free = nothingToPay(price);
  const element = useRef<HTMLDivElement | null>(null);
  const { mode, retry } = useCardMode(purchase, !free, element);
  return (
    <Stack gap="4">
      <Text>
        {tr(`${K}.toPay`)}: <strong>{dollars(price?.toPayFee)}</strong>
      </Text>
      {free ? (
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{tr(`${K}.nothingToPay`)}</Alert.Title>
        </Alert.Root>
      ) : (
        <Fieldset.Root invalid={Boolean(providerError)} disabled={busy} maxW="lg">
          <Fieldset.Legend fontSize="sm" fontWeight="medium">
            {tr(`${K}.card`)}
          </Fieldset.Legend>
          <Fieldset.Content>
            {mode.kind === 'loading' ? <LoadingState label={tr('admin.common.loading')} /> : null}
            {mode.kind === 'failed' ? (
              <ErrorState
                title={tr(`${K}.card`)}
                message={
                  mode.message
                    ? `${tr('admin.common.getError')}: ${tr(mode.message)}`
                    : tr('admin.common.getError')
                }
                retryLabel={tr(`${K}.retry`)}
                onRetry={retry}
              />
            ) : null}
            {/* Hosted: Stripe's card element is mounted here; the card never touches this page. */}
            <Box
              ref={element}
              display={mode.kind === 'provider' ? 'block' : 'none'}
              borderWidth="1px"
              rounded="l2"
              p="3"
              data-testid="card-element"
            />
            {mode.kind === 'own' ? (
              <>
                <CardInput
                  label={tr(`${K}.cardNumber`)}
                  error={err('number')}
                  value={card.number}
                  autoComplete="cc-number"
                  placeholder="0000 0000 0000 0000"
                  maxLength={19}
                  onChange={(text) => changeCard({ number: formatCardNumber(text) })}
                />
                <HStack gap="4" alignItems="flex-start">
                  <CardInput
                    label={tr(`${K}.expiry`)}
                    error={err('expiry')}
                    value={card.expiry}
                    autoComplete="cc-exp"
                    placeholder="MM/YY"
                    maxLength={5}
                    onChange={(text) => changeCard({ expiry: formatExpiry(text) })}
                  />
                  <CardInput
                    label={tr(`${K}.cvc`)}
                    error={err('cvc')}
                    value={card.cvc}
                    autoComplete="cc-csc"
                    maxLength={4}
                    onChange={(text) => changeCard({ cvc: text.replace(/\D/g, '').slice(0, 4) })}
                  />
                </HStack>
              </>
            ) : null}
          </Fieldset.Content>
          {providerError ? <Fieldset.ErrorText role="alert">{providerError}</Fieldset.ErrorText> : null}
        </Fieldset.Root>
      )}
      {payState.status === 'failed' ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{payState.message || tr(`${K}.payFailed`)}</Alert.Title>
        </Alert.Root>
      ) : null}
      {/* The card provider's extra authentication (3-D Secure) shows here when the payment needs it. */}
      <Box ref={purchase.mountRef} role="region" aria-label={tr(`${K}.authentication`)} />
    </Stack>
  );
}

/** Fewer connectors than already added: some will not work; asks before going on. */
export function RiskDialog(props: { purchase: Purchase; onConfirm: () => Promise<void> | void }) {
  const tr = useTr();
  const { risk, clearRisk } = props.purchase;
  return (
    <ConfirmDialog
      open={risk !== null}
      title={tr(`${K}.riskTitle`)}
      message={tr(`${K}.riskText`, { ac: risk?.acAdded ?? 0, dc: risk?.dcAdded ?? 0 })}
      confirmLabel={tr(`${K}.riskConfirm`)}
      cancelLabel={tr('admin.common.cancel')}
      danger
      onConfirm={async () => {
        clearRisk();
        await props.onConfirm();
      }}
      onClose={clearRisk}
    />
  );
}

/** After paying: log in again for the new permissions (docs/product.md section 4). */
export function SuccessDialog(props: { open: boolean; onConfirm: () => void }) {
  const tr = useTr();
  return (
    <Dialog.Root
      // Named by its title from the first render, before Chakra links the title (aria-labelledby).
      aria-label={tr(`${K}.successTitle`)}
      role="alertdialog"
      open={props.open}
      placement="center"
      closeOnInteractOutside={false}
      closeOnEscape={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{tr(`${K}.successTitle`)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{tr(`${K}.successText`)}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="blue" onClick={props.onConfirm}>
                {tr(`${K}.toLogin`)}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** One of the page's own card inputs (numeric, required, the provider's or the form's message below it). */
function CardInput(props: {
  label: string;
  error?: string;
  value: string;
  autoComplete: string;
  placeholder?: string;
  maxLength: number;
  onChange: (text: string) => void;
}) {
  return (
    <Field.Root required invalid={Boolean(props.error)}>
      <Field.Label>
        {props.label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        value={props.value}
        inputMode="numeric"
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
      {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
