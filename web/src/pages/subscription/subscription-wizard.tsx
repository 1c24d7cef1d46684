/**
 * The first-time subscription wizard of /subsplan (docs/product.md section 2), in a 1000 px panel: company
 * info → subscription → overview → payment card (hidden when the first-time price row has a receipt pdfUrl,
 * whose overview then ends with Finish). Paying shows "pay success", clears what docs/product.md section 4
 * lists and opens the success dialog, whose confirmation goes to /charge/login.
 */
import { API } from '@shared/api/paths.ts';
import { Box, Button, Field, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { PERMISSION } from '@shared/permissions/menus.ts';
import { mailResource } from '@shared/resources/system/mail.ts';
import { payResource } from '@shared/resources/system/pay.ts';
import { storedPermissions } from '@web/auth/session.ts';
import { RemoteSelect } from '@web/components/ui/remote-select.tsx';
import { ErrorState, LoadingState } from '@web/components/ui/state-views.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { loadRemote } from '@web/resources/form-fields.tsx';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import type { RemoteSource } from '@web/resources/types.ts';
import { useLoad } from '@web/resources/use-load.ts';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadOperator, saveOperator, type OperatorRecord } from './api.ts';
import { K, paysOffline, serverMessage, usePurchase } from './purchase.ts';
import {
  OverviewStep,
  PaymentStep,
  RiskDialog,
  StepIndicator,
  SubscriptionStep,
  SuccessDialog,
} from './steps.tsx';
import { clearAfterPaying, LOGIN_PATH } from './success.ts';

/** "get error", with the server's msg when it sent one (docs/product.md section 8). */
export function getError(tr: Translate, error: unknown): string {
  const msg = serverMessage(error);
  return msg ? `${tr('admin.common.getError')}: ${tr(msg)}` : tr('admin.common.getError');
}

/** Pay success: the message, then exactly the listed keys cleared; the dialog follows. */
export function usePaidFlow() {
  const tr = useTr();
  const navigate = useNavigate();
  const [paid, setPaid] = useState(false);
  return {
    paid,
    done: () => {
      showMessage('success', tr(`${K}.paySuccess`));
      clearAfterPaying();
      setPaid(true);
    },
    dialog: <SuccessDialog open={paid} onConfirm={() => navigate(LOGIN_PATH, { replace: true })} />,
  };
}

export function SubscriptionWizard({ agentId }: { agentId: string }) {
  const tr = useTr();
  const loaded = useLoad(`operator:${agentId}`, () => loadOperator(agentId));
  if (loaded.error)
    return (
      <WizardPanel>
        <ErrorState
          title={tr(`${K}.companyInfo`)}
          message={getError(tr, loaded.error)}
          retryLabel={tr(`${K}.retry`)}
          onRetry={loaded.retry}
        />
      </WizardPanel>
    );
  if (!loaded.data)
    return (
      <WizardPanel>
        <LoadingState label={tr('admin.common.loading')} />
      </WizardPanel>
    );
  return <WizardSteps operator={{ ...loaded.data, id: loaded.data.id ?? agentId }} />;
}

function WizardPanel(props: { children: ReactNode }) {
  return (
    <Box
      w="1000px"
      maxW="full"
      mx="auto"
      bg="bg.panel"
      borderWidth="1px"
      rounded="l2"
      p={{ base: '4', md: '8' }}
      data-testid="subscription-wizard"
    >
      {props.children}
    </Box>
  );
}

function WizardSteps({ operator }: { operator: OperatorRecord }) {
  const tr = useTr();
  const purchase = usePurchase(true);
  const paidFlow = usePaidFlow();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  const offline = paysOffline(purchase.price);
  const steps = [
    tr(`${K}.steps.company`),
    tr(`${K}.steps.subscription`),
    tr(`${K}.steps.overview`),
    ...(offline ? [] : [tr(`${K}.steps.bank`)]),
  ];

  const run = async (work: () => Promise<void>) => {
    setProblem('');
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const save = () =>
    run(async () => {
      try {
        await saveOperator(operator);
        showMessage('success', tr('admin.common.saved'));
      } catch (error) {
        setProblem(serverMessage(error) || tr('admin.common.saveError'));
      }
    });

  /** Step 0 → 1: the universal plan list (Basic and Pro prices). */
  const toSubscription = () =>
    run(async () => {
      try {
        await purchase.loadPlans();
        setStep(1);
      } catch (error) {
        setProblem(getError(tr, error));
      }
    });

  const price = async () => {
    try {
      await purchase.calculate();
      setStep(2);
    } catch (error) {
      setProblem(getError(tr, error));
    }
  };

  /** Step 1 → 2: validate, confirm fewer connectors, then the price calculation; on only when it works. */
  const toOverview = () =>
    run(async () => {
      if (!purchase.validate()) return;
      try {
        if (!(await purchase.checkRisk())) return; // the confirmation continues
      } catch (error) {
        setProblem(getError(tr, error));
        return;
      }
      await price();
    });

  const finish = () =>
    run(async () => {
      if (await purchase.finish()) paidFlow.done();
    });

  const payNow = () =>
    run(async () => {
      if (await purchase.payByCard()) paidFlow.done();
    });

  const failure = purchase.payState.status === 'failed' && step === 2 ? purchase.payState.message : '';
  const working = busy || purchase.payState.status === 'busy';

  return (
    <WizardPanel>
      <Stack gap="6">
        <StepIndicator steps={steps} step={step} />
        {problem || failure ? <ErrorState title={tr(`${K}.failed`)} message={problem || failure} /> : null}
        {step === 0 ? <CompanyStep operator={operator} /> : null}
        {step === 1 ? <SubscriptionStep purchase={purchase} disabled={working} /> : null}
        {step === 2 && purchase.price ? <OverviewStep price={purchase.price} /> : null}
        {step === 3 ? <PaymentStep purchase={purchase} /> : null}
        <HStack justify="flex-end" gap="3">
          {step === 0 ? (
            <Button variant="outline" onClick={() => void save()} loading={busy} disabled={busy}>
              {tr('admin.common.save')}
            </Button>
          ) : (
            <Button
              variant="outline"
              disabled={working || paidFlow.paid}
              onClick={() => {
                setProblem('');
                setStep((s) => s - 1);
              }}
            >
              {tr(`${K}.prev`)}
            </Button>
          )}
          {step === 0 ? (
            <NextButton busy={busy} onClick={toSubscription} />
          ) : step === 1 ? (
            <NextButton busy={working} onClick={toOverview} />
          ) : step === 2 ? (
            offline ? (
              <Button
                colorPalette="blue"
                loading={working}
                disabled={paidFlow.paid}
                onClick={() => void finish()}
              >
                {tr(`${K}.finish`)}
              </Button>
            ) : (
              <NextButton
                busy={working}
                onClick={async () => {
                  setProblem('');
                  setStep(3);
                }}
              />
            )
          ) : (
            <Button
              colorPalette="blue"
              loading={working}
              disabled={paidFlow.paid}
              onClick={() => void payNow()}
            >
              {tr(`${K}.pay`)}
            </Button>
          )}
        </HStack>
      </Stack>
      <RiskDialog purchase={purchase} onConfirm={() => run(price)} />
      {paidFlow.dialog}
    </WizardPanel>
  );
}

function NextButton(props: { busy: boolean; onClick: () => Promise<void> }) {
  const tr = useTr();
  return (
    <Button colorPalette="blue" loading={props.busy} onClick={() => void props.onClick()}>
      {tr(`${K}.next`)}
    </Button>
  );
}

const PAY_SOURCE: RemoteSource = {
  url: API.admin.pay.list,
  search: 'payName',
  value: 'id',
  label: 'payName',
};
const MAIL_SOURCE: RemoteSource = {
  url: API.admin.mail.list,
  search: 'name',
  value: 'id',
  label: 'userName',
};

/** Step 0: the company as the platform registered it, read-only, with its pay channel and mail server. */
function CompanyStep({ operator }: { operator: OperatorRecord }) {
  const tr = useTr();
  const fields: [keyof OperatorRecord, string][] = [
    ['operatorName', 'admin.operator.operatorName'],
    ['parentName', 'admin.operator.parent'],
    ['currency', 'admin.operator.currency'],
    ['contactMail', 'admin.operator.contactMail'],
    ['contactPerson', 'admin.operator.contactPerson'],
    ['contactPhone', 'admin.operator.contactPhone'],
    ['servicePhone', 'admin.operator.servicePhone'],
    ['address', 'admin.operator.address'],
    ['url', 'admin.operator.url'],
    ['postalCode', 'admin.operator.postalCode'],
  ];
  return (
    <Stack as="section" aria-label={tr(`${K}.companyInfo`)} gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {fields.map(([name, label]) => (
          <Field.Root key={name} readOnly>
            <Field.Label>{tr(label)}</Field.Label>
            <Input readOnly value={String(operator[name] ?? '')} />
          </Field.Root>
        ))}
        <PagedSelector
          label="admin.operator.payChannel"
          source={PAY_SOURCE}
          permission={PERMISSION.payChannelMgr}
          listCode={payResource.permissions.view}
          value={operator.payId}
          valueLabel={operator.payName}
        />
        <PagedSelector
          label="admin.operator.mail"
          source={MAIL_SOURCE}
          permission={PERMISSION.mailMgr}
          listCode={mailResource.permissions.view}
          value={operator.mailId}
          valueLabel={operator.mailName}
        />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * A disabled searchable paged selector (docs/product.md section 2). Its list (page size 10 from page 1) is
 * fetched only for holders of the permission (docs/product.md section 6) who may also read the list: the pay
 * channel and mail server lists are the platform's (6400, 6600), so a company, which the wizard is for, never
 * fetches them and sees the names its own record carries (docs/decisions/100-wizard-company-options.md). The
 * list names the current value when the record does not.
 */
function PagedSelector(props: {
  label: string;
  source: RemoteSource;
  permission: string;
  /** The code of the list's own route. */
  listCode: string;
  value?: string | null;
  valueLabel?: string | null;
}) {
  const tr = useTr();
  const codes = storedPermissions();
  const held = codes.includes(props.permission) && codes.includes(props.listCode);
  const list = useLoad(held ? `wizard:${props.source.url}` : null, () => loadRemote(props.source, 1, ''));
  const value = String(props.value ?? '');
  const named =
    props.valueLabel || list.data?.options.find((o) => o.value === value && value !== '')?.label || '';
  return (
    <Field.Root disabled>
      <Field.Label>{tr(props.label)}</Field.Label>
      <RemoteSelect
        value={value}
        valueLabel={named}
        disabled
        load={(page, search) => loadRemote(props.source, page, search)}
        onChange={() => undefined}
        labels={{
          placeholder: tr('admin.common.choose'),
          search: tr('admin.common.search'),
          loadMore: tr('admin.common.loadMore'),
          clear: tr('admin.common.clear'),
          empty: tr('admin.common.noOptions'),
          error: tr('admin.common.getError'),
        }}
      />
    </Field.Root>
  );
}
