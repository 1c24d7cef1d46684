/**
 * The pile wizard (docs/product.md section 2): 1 binding — typed in (manual) or taken from an unused asset
 * (its code becomes the charge point id; the platform picks it from the asset list, which fills in its
 * protocol and power; a company, which may not list the platform's assets, types the asset's code and secret
 * key and the server checks the pair, decision 150); 2 pile information; 3 fee — by the station's fee-set
 * mode, the station's rule, the pile's, or one per connector (every connector needs one; the server checks it
 * too); 4 details — the connectors, each gun number a whole number 0 to 999 and unique, at least one kept.
 * The shared charge point schema validates each step. Edit uses the same wizard with the id read-only.
 *
 * A rule is asked for where it can be given (docs/decisions/457-pile-fee-rule-at-the-fee-step.md): when
 * the station's rule does not cover the pile (it has none), Next on the fee step needs the pile's rule (or,
 * fees per connector, each connector's on the last step) before anything is sent; a station rule that
 * covers the pile is named as the default.
 */
import { API } from '@shared/api/paths.ts';
import {
  Alert,
  Box,
  Button,
  Field as ChakraField,
  HStack,
  IconButton,
  Input,
  RadioGroup,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { BIND_MODES, chargePointSchema, GUN_NUMBER } from '@shared/resources/site/charge-point.ts';
import { boundRuleId, FEE_SET_MODE } from '@shared/resources/site/station.ts';
import { LoadingState } from '@web/components/ui/state-views.tsx';
import { call, request } from '@web/lib/api.ts';
import { brandSource, modelSource } from '@web/resources/decls/device/common.ts';
import { chargingFeeSource, useChargingFeeNames } from '@web/resources/decls/fee/common.ts';
import { FormField } from '@web/resources/form-fields.tsx';
import { useTr } from '@web/resources/i18n.ts';
import type { Field, RemoteSource, Row } from '@web/resources/types.ts';
import { fromInput, toInput } from '@web/resources/values.ts';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import {
  check,
  FORMAT_OPTIONS,
  POWER_TYPE_OPTIONS,
  PROTOCOL_OPTIONS,
  STANDARD_OPTIONS,
  stationSource,
} from '@web/resources/decls/site/common.tsx';
import type { Credentials } from './pile-credentials.tsx';
import { EditWizard, type WizardForm, type WizardProps, useWizardSteps, WizardDialog } from './wizard.tsx';

const W = 'siteConsole.pile';
/** The message of a fee rule asked for (the server's own for the same refusal). */
const FEE_REQUIRED = 'siteRes.validation.feeRuleRequired';

export const ASSET_LIST_URL = API.admin.asset.list;
const STATION_INFO = API.biz.station.info;
const PILE = API.biz.chargePoint;

/** Unused assets (useFlag 0), searched by code; picking one fills the id, protocol and power. */
const assetSource: RemoteSource = {
  url: ASSET_LIST_URL,
  search: 'code',
  value: 'code',
  label: 'code',
  body: { useFlag: 0 },
  assign: (asset) =>
    asset
      ? {
          chargePointId: String(asset.code ?? ''),
          ...(asset.protocolType ? { protocol: String(asset.protocolType).toLowerCase() } : {}),
          ...(asset.power !== undefined ? { maxPower: String(Math.round(Number(asset.power))) } : {}),
        }
      : {},
};

const infoFields: Field[] = [
  { name: 'chargePointId', label: `${W}.chargePointId`, kind: 'text', required: true, help: `${W}.idHelp` },
  { name: 'name', label: `${W}.name`, kind: 'text', required: true },
  { name: 'stationId', label: `${W}.station`, kind: 'remote', required: true, remote: stationSource },
  { name: 'protocol', label: `${W}.protocol`, kind: 'select', required: true, options: PROTOCOL_OPTIONS },
  { name: 'brandId', label: `${W}.brand`, kind: 'remote', remote: brandSource },
  { name: 'modelId', label: `${W}.model`, kind: 'remote', remote: modelSource },
  { name: 'maxPower', label: `${W}.maxPower`, kind: 'number', required: true, help: `${W}.maxPowerHelp` },
  { name: 'minPower', label: `${W}.minPower`, kind: 'number' },
  { name: 'voltage', label: `${W}.voltage`, kind: 'number' },
  { name: 'maxCurrent', label: `${W}.maxCurrent`, kind: 'number' },
  { name: 'powerType', label: `${W}.powerType`, kind: 'select', required: true, options: POWER_TYPE_OPTIONS },
  {
    name: 'connectorStandard',
    label: `${W}.connectorStandard`,
    kind: 'select',
    required: true,
    options: STANDARD_OPTIONS,
  },
  { name: 'format', label: `${W}.format`, kind: 'select', required: true, options: FORMAT_OPTIONS },
  { name: 'tcu', label: `${W}.tcu`, kind: 'text' },
  { name: 'reserveFlag', label: `${W}.reserveFlag`, kind: 'switch' },
  { name: 'personalFlag', label: `${W}.personalFlag`, kind: 'switch' },
];

const STEP_FIELDS: readonly (readonly string[])[] = [
  ['bindMode', 'assetCode', 'assetSecretKey'],
  infoFields.map((f) => f.name),
  ['feeRuleId'],
  ['connectors'],
];

interface ConnectorRow {
  connectorNo: string;
  name: string;
  feeRuleId?: string;
}

type AssetAccess = 'checking' | 'allowed' | 'refused';

/** Whether the caller may list assets (a platform menu): a refusal, of any kind, means manual binding only. */
function useAssetAccess(enabled: boolean): AssetAccess {
  const [access, setAccess] = useState<AssetAccess>(enabled ? 'checking' : 'refused');
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    request(ASSET_LIST_URL, { body: { current: 1, size: 1, useFlag: 0 }, silent: true }).then(
      (answer) => live && setAccess(answer.code === 0 ? 'allowed' : 'refused'),
      () => live && setAccess('refused'),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return access;
}

/** onDone comes after an edit; after an add, onCreated with the credentials to show once. */
type PileWizardProps = WizardProps & { onCreated?: (credentials: Credentials) => void };

export function PileWizard(props: PileWizardProps) {
  const tr = useTr();
  const steps = ['binding', 'info', 'fee', 'details'].map((s) => tr(`${W}.steps.${s}`));
  return (
    <EditWizard {...props} prefix={W} kind="pile" url={PILE.info} steps={steps}>
      {(form) => <PileWizardForm {...props} {...form} />}
    </EditWizard>
  );
}

/** A new pile: manual binding, AC three-phase Type 2 socket, one connector numbered 1. */
const NEW_PILE: Row = {
  bindMode: 'manual',
  protocol: 'ocpp1.6',
  powerType: 'AC_3_PHASE',
  connectorStandard: 'IEC_62196_T2',
  format: 'SOCKET',
  reserveFlag: false,
  personalFlag: false,
};

function PileWizardForm(props: PileWizardProps & WizardForm) {
  const tr = useTr();
  const { record, mode } = props;
  const access = useAssetAccess(mode === 'create');
  const [values, setValues] = useState<Row>(() => {
    const source = record ?? NEW_PILE;
    return {
      ...Object.fromEntries(infoFields.map((f) => [f.name, toInput(f, source[f.name])])),
      bindMode: String(source.bindMode ?? 'manual'),
      assetCode: String(source.assetCode ?? ''),
      feeRuleId: String(source.feeRuleId ?? ''),
    };
  });
  const [connectors, setConnectors] = useState<ConnectorRow[]>(() =>
    Array.isArray(record?.connectors)
      ? (record.connectors as Row[]).map((c) => ({
          connectorNo: String(c.connectorNo ?? ''),
          name: String(c.name ?? ''),
          ...(c.feeRuleId ? { feeRuleId: String(c.feeRuleId) } : {}),
        }))
      : [{ connectorNo: '1', name: '' }],
  );
  const [labels, setLabels] = useState<Record<string, string>>({});
  // Sent with the add only (never part of the pile's record).
  const [assetKey, setAssetKey] = useState('');
  const wizard = useWizardSteps(STEP_FIELDS);
  const { step, setStep, errors, setErrors, setProblem, busy, err } = wizard;
  const byAsset = values.bindMode === 'asset';
  const feeNames = useChargingFeeNames();
  const stationId = String(values.stationId ?? '');
  const { data: stationRead, error: stationError } = useSWR(
    stationId ? [STATION_INFO, stationId] : null,
    () => call<Row>(STATION_INFO, undefined, { id: stationId }),
  );
  // A station that could not be read counts as one without a rule (the pile's own is then asked for).
  const station = stationRead ?? (stationError ? {} : undefined);
  const feeMode = Number(station?.feeSetMode ?? FEE_SET_MODE.station);

  const setValue = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: '' } : e));
  };

  const body = (): Row => {
    const out: Row = Object.fromEntries(infoFields.map((f) => [f.name, fromInput(f, values[f.name])]));
    out.bindMode = values.bindMode;
    if (byAsset) out.assetCode = values.assetCode;
    if (values.feeRuleId) out.feeRuleId = values.feeRuleId;
    out.connectors = connectors.map((c) => ({
      connectorNo: c.connectorNo.trim(),
      name: c.name,
      ...(c.feeRuleId ? { feeRuleId: c.feeRuleId } : {}),
    }));
    return out;
  };

  /** The first step up to `upTo` with errors gets them shown; true when none up to there. */
  const passes = (upTo: number): boolean => {
    const checked = check(chargePointSchema, body());
    return checked.ok || wizard.passes(checked.errors, upTo);
  };

  const next = () => {
    setProblem('');
    // The schema's cross-field rules (the asset of an asset binding) run only once every field parses.
    if (step === 0 && byAsset && !String(values.assetCode ?? '').trim())
      return setErrors({ assetCode: 'validation.required' });
    if (step === 0 && byAsset && access === 'refused' && !assetKey)
      return setErrors({ assetSecretKey: 'validation.required' });
    if (!passes(step)) return;
    if (step === 2 && feeMissing()) return setErrors({ feeRuleId: FEE_REQUIRED });
    setErrors({});
    setStep((s) => s + 1);
  };

  /**
   * The pile's own rule is needed: no station rule covers it and fees are not set per connector (whose rules
   * come on the last step). Until the station is read nothing is judged (Next waits for it).
   */
  const feeMissing = () =>
    feeMode !== FEE_SET_MODE.connector &&
    !boundRuleId(station ?? {}, { feeRuleId: values.feeRuleId }, undefined);

  /** The connectors no rule covers (their own, the pile's or the station's), as field errors. */
  const connectorFeesMissing = (): Record<string, string> =>
    Object.fromEntries(
      connectors.flatMap((c, i) =>
        boundRuleId(station ?? {}, { feeRuleId: values.feeRuleId }, { feeRuleId: c.feeRuleId })
          ? []
          : [[`connectors.${i}.feeRuleId`, FEE_REQUIRED]],
      ),
    );

  const save = async () => {
    setProblem('');
    const checked = check(chargePointSchema, body());
    if (!checked.ok) {
      if (passes(STEP_FIELDS.length - 1))
        setProblem(tr(Object.values(checked.errors)[0] ?? 'admin.common.invalid'));
      return;
    }
    // What the server would refuse for want of a fee rule, on the step that asks for it.
    if (!station) return;
    if (feeMissing()) {
      setErrors({ feeRuleId: FEE_REQUIRED });
      setStep(2);
      return;
    }
    const uncovered = connectorFeesMissing();
    if (Object.keys(uncovered).length) return setErrors(uncovered);
    await wizard.save(async () => {
      if (mode === 'create') {
        const typed = byAsset && access === 'refused';
        const created = await call<Row>(PILE.add, {
          ...checked.data,
          ...(typed ? { assetSecretKey: assetKey } : {}),
        });
        props.onCreated?.({
          chargePointId: String(created.chargePointId ?? created.id ?? values.chargePointId),
          ocppPassword: String(created.ocppPassword ?? ''),
        });
      } else {
        await call(PILE.update, { ...checked.data, id: record?.id, version: record?.version });
        props.onDone(tr('admin.common.saved'));
      }
    });
  };

  const renderField = (field: Field) => (
    <FormField
      key={field.name}
      field={field}
      scope="pileWizard"
      value={values[field.name]}
      onChange={(v) => setValue(field.name, v)}
      onAssign={(more) => setValues((v) => ({ ...v, ...more }))}
      error={err(field.name)}
      record={record}
      pickedLabel={labels[field.name]}
      onPicked={(label) => setLabels((l) => ({ ...l, [field.name]: label }))}
      disabled={busy || (field.name === 'chargePointId' && (mode === 'edit' || byAsset))}
    />
  );

  return (
    <WizardDialog
      title={props.title}
      steps={props.steps}
      {...wizard.dialog}
      disabled={
        (mode === 'create' && step === 0 && access === 'checking') ||
        // The fee step and the save judge the fee rules by the station's: not before it is read.
        (step >= 2 && !station)
      }
      onNext={next}
      onSave={() => void save()}
      onClose={props.onClose}
    >
      {step === 0 ? (
        <BindingStep
          mode={mode}
          access={access}
          bindMode={String(values.bindMode)}
          assetCode={String(values.assetCode ?? '')}
          assetError={err('assetCode')}
          assetKey={assetKey}
          assetKeyError={err('assetSecretKey')}
          onAssetKey={(key) => {
            setAssetKey(key);
            setErrors((e) => ({ ...e, assetSecretKey: '' }));
          }}
          onBindMode={(bindMode) => {
            setValues((v) => ({ ...v, bindMode, ...(bindMode === 'manual' ? { assetCode: '' } : {}) }));
            if (bindMode === 'manual') setAssetKey('');
            setErrors({});
          }}
          onAsset={(code, more) => {
            setValues((v) => ({ ...v, assetCode: code, ...more }));
            setErrors((e) => ({ ...e, assetCode: '' }));
          }}
        />
      ) : null}
      {step === 1 ? (
        <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          {infoFields
            .map((f) =>
              f.name === 'chargePointId' && mode === 'edit' ? { ...f, help: `${W}.idReadOnly` } : f,
            )
            .map(renderField)}
        </Box>
      ) : null}
      {step === 2 ? (
        <FeeStep
          mode={feeMode}
          loading={!station}
          stationRule={station?.feeRuleId ? (feeNames.get(String(station.feeRuleId)) ?? '') : undefined}
          value={String(values.feeRuleId ?? '')}
          valueLabel={feeNames.get(String(values.feeRuleId ?? ''))}
          error={err('feeRuleId')}
          disabled={busy}
          onChange={(v) => setValue('feeRuleId', v)}
        />
      ) : null}
      {step === 3 ? (
        <ConnectorsEditor
          rows={connectors}
          feeNames={feeMode === FEE_SET_MODE.connector ? feeNames : undefined}
          errors={errors}
          disabled={busy}
          onChange={(rows) => {
            setConnectors(rows);
            setErrors({});
          }}
          onRefuse={(message) => setErrors({ connectors: message })}
        />
      ) : null}
    </WizardDialog>
  );
}

/** Step 3: where this pile's connectors get their fee rule, by the station's fee-set mode. */
function FeeStep(props: {
  mode: number;
  /** The station is still being read. */
  loading?: boolean;
  /** The name of the station's rule; undefined when it has none. */
  stationRule?: string;
  value: string;
  valueLabel?: string;
  error?: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  const tr = useTr();
  if (props.loading) return <LoadingState label={tr('admin.common.loading')} />;
  const byStation = props.mode === FEE_SET_MODE.station;
  const byConnector = props.mode === FEE_SET_MODE.connector;
  const hasStationRule = props.stationRule !== undefined;
  // Without a station rule, the pile's rule is needed (per connector, each connector's on the next step).
  const required = !byConnector && !hasStationRule;
  const note = byConnector
    ? tr(`${W}.feeByConnector`)
    : !hasStationRule
      ? tr(`${W}.feeStationMissing`)
      : byStation
        ? tr(`${W}.feeByStation`, { name: props.stationRule })
        : tr(`${W}.feeByPile`, { name: props.stationRule });
  return (
    <Stack gap="4">
      <Alert.Root status={required ? 'warning' : 'info'}>
        <Alert.Indicator />
        <Alert.Title fontWeight="normal">{note}</Alert.Title>
      </Alert.Root>
      {!byStation || props.stationRule === undefined ? (
        <FormField
          field={{
            name: 'feeRuleId',
            label: `${W}.feeRule`,
            kind: 'remote',
            required,
            remote: chargingFeeSource,
          }}
          scope="pileWizard:fee"
          value={props.value}
          onChange={(v) => props.onChange(String(v ?? ''))}
          onAssign={() => undefined}
          pickedLabel={props.valueLabel}
          error={props.error}
          disabled={props.disabled}
        />
      ) : null}
    </Stack>
  );
}

function BindingStep(props: {
  mode: 'create' | 'edit';
  access: AssetAccess;
  bindMode: string;
  assetCode: string;
  assetError?: string;
  assetKey: string;
  assetKeyError?: string;
  onAssetKey: (key: string) => void;
  onBindMode: (mode: string) => void;
  onAsset: (code: string, more: Row) => void;
}) {
  const tr = useTr();
  const [picked, setPicked] = useState('');
  if (props.mode === 'edit')
    return (
      <Stack gap="2">
        <Text>
          {tr(`${W}.bindMode`)}: <strong>{tr(`${W}.bindModes.${props.bindMode}`)}</strong>
        </Text>
        {props.assetCode ? (
          <Text>
            {tr(`${W}.asset`)}: <strong>{props.assetCode}</strong>
          </Text>
        ) : null}
        <Text color="fg.muted" fontSize="sm">
          {tr(`${W}.bindFixed`)}
        </Text>
      </Stack>
    );
  if (props.access === 'checking') return <LoadingState label={tr('admin.common.loading')} />;
  // Without the asset list (a company): the asset's code and secret key, typed in.
  const typed = props.access === 'refused';
  return (
    <Stack gap="4">
      <RadioGroup.Root
        value={props.bindMode}
        onValueChange={(e) => props.onBindMode(e.value ?? 'manual')}
        aria-label={tr(`${W}.bindMode`)}
      >
        <Stack gap="3">
          {BIND_MODES.map((mode) => (
            <RadioGroup.Item key={mode} value={mode}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>
                {tr(`${W}.bindModes.${mode}`)}
                <Text as="span" display="block" color="fg.muted" fontSize="sm">
                  {tr(mode === 'asset' && typed ? `${W}.assetByKey` : `${W}.bindHelp.${mode}`)}
                </Text>
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      {props.bindMode === 'asset' && typed ? (
        <>
          <FormField
            field={{ name: 'assetCode', label: `${W}.assetCode`, kind: 'text', required: true }}
            scope="pileWizard:asset"
            value={props.assetCode}
            onChange={(code) => props.onAsset(String(code ?? ''), { chargePointId: String(code ?? '') })}
            onAssign={() => undefined}
            error={props.assetError}
          />
          <FormField
            field={{ name: 'assetSecretKey', label: `${W}.assetSecretKey`, kind: 'password', required: true }}
            scope="pileWizard:asset"
            value={props.assetKey}
            onChange={(key) => props.onAssetKey(String(key ?? ''))}
            onAssign={() => undefined}
            error={props.assetKeyError}
          />
        </>
      ) : null}
      {props.bindMode === 'asset' && !typed ? (
        <FormField
          field={{
            name: 'assetCode',
            label: `${W}.asset`,
            kind: 'remote',
            required: true,
            remote: assetSource,
          }}
          scope="pileWizard:asset"
          value={props.assetCode}
          onChange={(code) => props.onAsset(String(code ?? ''), {})}
          onAssign={(more) => props.onAsset(String(more.chargePointId ?? props.assetCode), more)}
          pickedLabel={picked || props.assetCode}
          onPicked={setPicked}
          error={props.assetError}
        />
      ) : null}
    </Stack>
  );
}

/** The connectors (guns): a row each, added and removed; the last one cannot be removed. */
function ConnectorsEditor(props: {
  rows: ConnectorRow[];
  /** Fees set per connector: a rule picker per row (names of the company's rules by id). */
  feeNames?: Map<string, string>;
  errors: Record<string, string>;
  disabled?: boolean;
  onChange: (rows: ConnectorRow[]) => void;
  /** A refused change, with its message key. */
  onRefuse: (message: string) => void;
}) {
  const tr = useTr();
  const { rows, errors } = props;
  const set = (index: number, patch: Partial<ConnectorRow>) =>
    props.onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const nextNumber = () => {
    const used = rows.map((r) => Number(r.connectorNo)).filter((n) => Number.isInteger(n));
    const next = used.length ? Math.max(...used) + 1 : 1;
    return String(Math.min(next, GUN_NUMBER.max));
  };
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {tr(`${W}.connectorsHelp`, { min: GUN_NUMBER.min, max: GUN_NUMBER.max })}
      </Text>
      <Table.Root size="sm" aria-label={tr(`${W}.connectors`)}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{tr(`${W}.connectorNo`)}</Table.ColumnHeader>
            <Table.ColumnHeader>{tr(`${W}.connectorName`)}</Table.ColumnHeader>
            {props.feeNames ? <Table.ColumnHeader>{tr(`${W}.feeRule`)}</Table.ColumnHeader> : null}
            <Table.ColumnHeader textAlign="end">{tr('admin.common.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, index) => {
            const noError = errors[`connectors.${index}.connectorNo`];
            const nameError = errors[`connectors.${index}.name`];
            return (
              <Table.Row key={index}>
                <Table.Cell verticalAlign="top">
                  <ChakraField.Root invalid={Boolean(noError)}>
                    <Input
                      size="sm"
                      type="number"
                      inputMode="numeric"
                      min={GUN_NUMBER.min}
                      max={GUN_NUMBER.max}
                      aria-label={tr(`${W}.connectorNoOf`, { n: index + 1 })}
                      value={row.connectorNo}
                      disabled={props.disabled}
                      onChange={(e) => set(index, { connectorNo: e.currentTarget.value })}
                    />
                    {noError ? <ChakraField.ErrorText>{tr(noError)}</ChakraField.ErrorText> : null}
                  </ChakraField.Root>
                </Table.Cell>
                <Table.Cell verticalAlign="top">
                  <ChakraField.Root invalid={Boolean(nameError)}>
                    <Input
                      size="sm"
                      aria-label={tr(`${W}.connectorNameOf`, { n: index + 1 })}
                      value={row.name}
                      disabled={props.disabled}
                      onChange={(e) => set(index, { name: e.currentTarget.value })}
                    />
                    {nameError ? <ChakraField.ErrorText>{tr(nameError)}</ChakraField.ErrorText> : null}
                  </ChakraField.Root>
                </Table.Cell>
                {props.feeNames ? (
                  <Table.Cell verticalAlign="top" minW="48">
                    <FormField
                      field={{
                        name: `connectors.${index}.feeRuleId`,
                        // Translated here: the label names its row.
                        label: tr(`${W}.connectorFee`, { n: index + 1 }),
                        kind: 'remote',
                        remote: chargingFeeSource,
                      }}
                      scope={`pileWizard:fee:${index}`}
                      value={row.feeRuleId ?? ''}
                      onChange={(v) => set(index, { feeRuleId: String(v ?? '') || undefined })}
                      onAssign={() => undefined}
                      pickedLabel={props.feeNames.get(row.feeRuleId ?? '')}
                      error={
                        errors[`connectors.${index}.feeRuleId`]
                          ? tr(errors[`connectors.${index}.feeRuleId`]!)
                          : undefined
                      }
                      disabled={props.disabled}
                    />
                  </Table.Cell>
                ) : null}
                <Table.Cell textAlign="end" verticalAlign="top">
                  <IconButton
                    size="sm"
                    variant="ghost"
                    colorPalette="red"
                    disabled={props.disabled}
                    aria-label={tr(`${W}.removeConnector`, { n: index + 1 })}
                    onClick={() =>
                      rows.length <= 1
                        ? props.onRefuse('siteRes.validation.connectorRequired')
                        : props.onChange(rows.filter((_, i) => i !== index))
                    }
                  >
                    ✕
                  </IconButton>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      {errors.connectors ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          {tr(errors.connectors)}
        </Text>
      ) : null}
      <HStack>
        <Button
          size="sm"
          variant="outline"
          disabled={props.disabled}
          onClick={() => props.onChange([...rows, { connectorNo: nextNumber(), name: '' }])}
        >
          {tr(`${W}.addConnector`)}
        </Button>
      </HStack>
    </Stack>
  );
}
