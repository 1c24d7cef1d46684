/**
 * The fleet wizard (docs/product.md section 2: create fleet, settings, create account), the Add of /fleets:
 * 1 the fleet: name, administrator e-mail, manager, address; 2 settings: warning balance (above the overdraft
 * amount), overdraft amount, opening balance, status; 3 the administrator's account: it signs in on the
 * fleet tab with the e-mail and a password of the password rules. One call makes the fleet and the account
 * together (POST /biz/fleet/activate); any refusal reads "Fleet activation failure" and nothing is left.
 */
import { API } from '@shared/api/paths.ts';
import { Button, Stack, Text } from '@chakra-ui/react';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { useCan } from '@web/resources/permissions.ts';
import { useSWRConfig } from 'swr';
import {
  FLEET_CODE,
  fleetActivationSchema,
  FLEET_STATUS,
  warnAboveOverdraft,
} from '@shared/resources/fleet/fleet.ts';
import { encryptPassword } from '@web/auth/crypto.ts';
import { call } from '@web/lib/api.ts';
import { FormField } from '@web/resources/form-fields.tsx';
import { useTr } from '@web/resources/i18n.ts';
import type { Field, Row } from '@web/resources/types.ts';
import { fromInput, toInput } from '@web/resources/values.ts';
import { useState } from 'react';
import { check } from '@web/resources/decls/site/common.tsx';
import { useWizardSteps, WizardDialog } from '../site/wizard.tsx';
import { FLEET_LIMIT_FIELDS, FLEET_STATUS_OPTIONS } from '@web/resources/decls/fleet/common.ts';

const F = 'fleetRes.fleet';
const W = 'fleetWizard';

const fleetFields: Field[] = [
  { name: 'name', label: `${F}.name`, kind: 'text', required: true },
  { name: 'admin', label: `${F}.admin`, kind: 'text', required: true, help: `${W}.adminHelp` },
  { name: 'manager', label: `${F}.manager`, kind: 'text' },
  { name: 'address', label: `${F}.address`, kind: 'text' },
];

const settingsFields: Field[] = [
  ...FLEET_LIMIT_FIELDS,
  { name: 'balance', label: `${F}.openingBalance`, kind: 'number', help: `${F}.openingHelp` },
  { name: 'status', label: `${F}.status`, kind: 'select', required: true, options: FLEET_STATUS_OPTIONS },
];

const accountFields: Field[] = [
  { name: 'password', label: `${W}.password`, kind: 'password', required: true, help: `${W}.passwordHelp` },
  { name: 'confirm', label: `${W}.confirm`, kind: 'password', required: true },
];

/** A new fleet starts enabled, with nothing in it and no overdraft. */
const NEW_FLEET: Row = { status: FLEET_STATUS.enabled, balance: 0, overdraftAmount: 0 };

const STEPS = [fleetFields, settingsFields, accountFields];
const STEP_FIELDS = STEPS.map((fields) => fields.map((f) => f.name));

/** The checks of every step: the API's schema, the warning rule and the repeated password. */
function checkAll(values: Row) {
  const body: Row = {};
  for (const field of [...fleetFields, ...settingsFields, accountFields[0]!])
    body[field.name] = fromInput(field, values[field.name]);
  const checked = check(fleetActivationSchema, body);
  const errors: Record<string, string> = checked.ok ? {} : { ...checked.errors };
  if (!errors.warnBalance && !errors.overdraftAmount && !warnAboveOverdraft(body))
    errors.warnBalance = 'server.fleetWarnBalance';
  if (!errors.password && values.confirm !== values.password) errors.confirm = `${W}.mismatch`;
  return { body: checked.ok ? (checked.data as Row) : body, errors };
}

export function FleetWizard(props: { onClose: () => void; onDone: (message: string) => void }) {
  const tr = useTr();
  const [values, setValues] = useState<Row>(() =>
    Object.fromEntries(STEPS.flat().map((f) => [f.name, toInput(f, NEW_FLEET[f.name])])),
  );
  const wizard = useWizardSteps(STEP_FIELDS);
  const { step, setStep, setErrors, setProblem, busy, err } = wizard;

  const setValue = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: '' } : e));
  };

  const next = () => {
    setProblem('');
    if (wizard.passes(checkAll(values).errors, step)) {
      setErrors({});
      setStep((s) => s + 1);
    }
  };

  const save = async () => {
    setProblem('');
    const { body, errors } = checkAll(values);
    if (!wizard.passes(errors, STEPS.length - 1)) return;
    await wizard.save(
      async () => {
        await call(API.biz.fleet.activate, {
          ...body,
          password: await encryptPassword(String(body.password)),
        });
        props.onDone(tr(`${W}.done`, { name: body.name, email: body.admin }));
      },
      { stay: true },
    );
  };

  return (
    <WizardDialog
      title={tr(`${W}.title`)}
      steps={[tr(`${W}.steps.fleet`), tr(`${W}.steps.settings`), tr(`${W}.steps.account`)]}
      {...wizard.dialog}
      problem={wizard.problem ? `${tr(`${W}.failed`)}: ${wizard.problem}` : undefined}
      saveLabel={tr(`${W}.create`)}
      onNext={next}
      onSave={() => void save()}
      onClose={props.onClose}
    >
      <Stack gap="4">
        {step === 2 ? <Text>{tr(`${W}.signInAs`, { email: String(values.admin ?? '') })}</Text> : null}
        {STEPS[step]!.map((field) => (
          <FormField
            key={field.name}
            field={field}
            scope="fleetWizard"
            value={values[field.name]}
            onChange={(v) => setValue(field.name, v)}
            onAssign={() => undefined}
            error={err(field.name)}
            disabled={busy}
          />
        ))}
      </Stack>
    </WizardDialog>
  );
}

/** The toolbar's Add of /fleets: the wizard; the list reads itself again once the fleet exists. */
export function FleetToolbar() {
  const tr = useTr();
  const can = useCan();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  if (!can(FLEET_CODE.view)) return null;
  return (
    <>
      <Button colorPalette="blue" size="sm" onClick={() => setOpen(true)}>
        {tr(`${W}.open`)}
      </Button>
      {open ? (
        <FleetWizard
          onClose={() => setOpen(false)}
          onDone={(message) => {
            setOpen(false);
            showMessage('success', message);
            void mutate((key) => Array.isArray(key) && key[0] === API.biz.fleet.list);
          }}
        />
      ) : null}
    </>
  );
}
