/**
 * The station wizard (docs/product.md section 2): 1 basic information — name, status, address, position, time
 * zone, location type, type, hotline, owner and opening hours (all day, or chosen week days with periods); 2
 * settings and fee — how fees are set and, with the Pro code 2105, the reservation switch and pictures. The
 * position is typed or picked on a map below the fields (a click sets the latitude and longitude, typing them
 * moves the marker; docs/decisions/456-sites-map-on-google-maps.md); without a maps key or network the map
 * says so and the fields work alone.
 * Validation is the shared station schema (the API's own); each step checks its fields before moving on. Edit
 * loads the station afresh and sends its version.
 */
import { API } from '@shared/api/paths.ts';
import { Alert, Box, Checkbox, CheckboxGroup, Fieldset, Stack, Wrap } from '@chakra-ui/react';
import { OPEN_FLAG, PROFIT_SHARES_MAX, SITE_CODE, stationSchema } from '@shared/resources/site/station.ts';
import { chargingFeeSource, useChargingFeeNames } from '@web/resources/decls/fee/common.ts';
import { reserveFeeSource } from '@web/resources/decls/reservation/common.tsx';
import { call } from '@web/lib/api.ts';
import { FormField } from '@web/resources/form-fields.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import { RowsEditor } from '@web/resources/rows-editor.tsx';
import type { Field, Row, RowsSpec } from '@web/resources/types.ts';
import { cellErrors, fromInput, toInput } from '@web/resources/values.ts';
import { useMemo, useState } from 'react';
import {
  check,
  FEE_SET_MODE_OPTIONS,
  LOCATION_TYPE_OPTIONS,
  OPEN_FLAG_OPTIONS,
  OWNER_TYPE_OPTIONS,
  STATION_STATUS_OPTIONS,
  STATION_TYPE_OPTIONS,
  timeZoneOptions,
  WEEKDAYS,
} from '@web/resources/decls/site/common.tsx';
import { PositionPicker } from './map-parts.tsx';
import { StationPictures } from './station-pictures.tsx';
import { EditWizard, type WizardForm, type WizardProps, useWizardSteps, WizardDialog } from './wizard.tsx';

const S = 'siteConsole.station';
const STATION = API.biz.station;

function basicFields(): Field[] {
  return [
    { name: 'name', label: `${S}.name`, kind: 'text', required: true },
    { name: 'status', label: `${S}.status`, kind: 'select', required: true, options: STATION_STATUS_OPTIONS },
    { name: 'address', label: `${S}.address`, kind: 'text', required: true },
    { name: 'country', label: `${S}.country`, kind: 'text', required: true },
    { name: 'countryCode', label: `${S}.countryCode`, kind: 'text', help: `${S}.countryCodeHelp` },
    { name: 'city', label: `${S}.city`, kind: 'text', required: true },
    { name: 'postalCode', label: `${S}.postalCode`, kind: 'text' },
    { name: 'longitude', label: `${S}.longitude`, kind: 'number' },
    { name: 'latitude', label: `${S}.latitude`, kind: 'number' },
    { name: 'timeZone', label: `${S}.timeZone`, kind: 'select', required: true, options: timeZoneOptions() },
    {
      name: 'locationType',
      label: `${S}.locationType`,
      kind: 'select',
      required: true,
      options: LOCATION_TYPE_OPTIONS,
    },
    { name: 'type', label: `${S}.type`, kind: 'select', required: true, options: STATION_TYPE_OPTIONS },
    { name: 'serviceHotline', label: `${S}.serviceHotline`, kind: 'text', required: true },
    {
      name: 'ownerType',
      label: `${S}.ownerType`,
      kind: 'select',
      required: true,
      options: OWNER_TYPE_OPTIONS,
    },
    { name: 'openFlag', label: `${S}.openFlag`, kind: 'select', required: true, options: OPEN_FLAG_OPTIONS },
  ];
}

/** Who shares the operator's revenue of the station's orders, in percent (together at most 100). */
const PROFIT_SHARE_ROWS: RowsSpec = {
  columns: [
    { key: 'party', label: `${S}.party`, cellLabel: `${S}.partyOf`, maxLength: 64 },
    {
      key: 'percent',
      label: `${S}.percent`,
      cellLabel: `${S}.percentOf`,
      placeholder: '0.00',
      inputMode: 'decimal',
    },
  ],
  newRow: () => ({ party: '', percent: '' }),
  addLabel: `${S}.addShare`,
  removeLabel: `${S}.removeShare`,
  emptyLabel: `${S}.noShares`,
  max: PROFIT_SHARES_MAX,
};

const settingsFields: Field[] = [
  {
    name: 'feeSetMode',
    label: `${S}.feeSetMode`,
    kind: 'select',
    required: true,
    options: FEE_SET_MODE_OPTIONS,
  },
  {
    name: 'feeRuleId',
    label: `${S}.feeRule`,
    kind: 'remote',
    remote: chargingFeeSource,
    help: `${S}.feeRuleHelp`,
  },
  { name: 'reserveFlag', label: `${S}.reserveFlag`, kind: 'switch', permission: SITE_CODE.pro },
  {
    name: 'reserveFeeId',
    label: 'reservationRes.station.reserveFee',
    kind: 'remote',
    remote: reserveFeeSource,
    help: 'reservationRes.station.reserveFeeHelp',
    permission: SITE_CODE.pro,
  },
  {
    name: 'profitShares',
    label: `${S}.profitShares`,
    kind: 'rows',
    rows: PROFIT_SHARE_ROWS,
    help: `${S}.profitSharesHelp`,
  },
];

/** Fields of step 1, by the top-level name their errors carry. */
const STEP_FIELDS: readonly (readonly string[])[] = [
  [...basicFields().map((f) => f.name), 'workDays', 'openPeriods'],
  ['feeSetMode', 'feeRuleId', 'reserveFlag', 'reserveFeeId', 'profitShares', 'images'],
];

type Period = { start: string; end: string };

interface StationForm {
  values: Row;
  workDays: number[];
  openPeriods: Period[];
  images: string[];
}

const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** A new station starts open, public, run by the operator, open all day, one fee rule for the station. */
const NEW_STATION: Row = {
  status: 1,
  type: 1,
  ownerType: 0,
  openFlag: OPEN_FLAG.allDay,
  feeSetMode: 1,
  reserveFlag: false,
};

function initialForm(fields: Field[], record: Row | undefined): StationForm {
  const source = record ?? { ...NEW_STATION, timeZone: browserZone() };
  const values: Row = {};
  for (const field of [...fields, ...settingsFields]) values[field.name] = toInput(field, source[field.name]);
  return {
    values,
    workDays: Array.isArray(source.workDays) ? (source.workDays as unknown[]).map(Number) : [],
    openPeriods: Array.isArray(source.openPeriods)
      ? (source.openPeriods as Period[]).map((p) => ({ start: String(p.start), end: String(p.end) }))
      : [],
    images: Array.isArray(source.images) ? (source.images as unknown[]).map(String) : [],
  };
}

/** The body the schema checks (and the call takes): every station field, nothing else. */
export function stationBody(fields: Field[], form: StationForm, record: Row | undefined, pro: boolean): Row {
  const body: Row = {};
  for (const field of [...fields, ...settingsFields])
    body[field.name] = fromInput(field, form.values[field.name]);
  const specified = String(form.values.openFlag) === String(OPEN_FLAG.specified);
  body.workDays = specified ? [...form.workDays].sort((a, b) => a - b) : [];
  body.openPeriods = specified ? form.openPeriods : [];
  // Without the Pro code the pictures and the reservation switch stay what they were (the API does the same).
  body.images = pro ? form.images : ((record?.images as string[] | undefined) ?? []);
  if (!pro) body.reserveFlag = Boolean(record?.reserveFlag);
  if (!pro) body.reserveFeeId = record?.reserveFeeId;
  return body;
}

export function StationWizard(props: WizardProps) {
  const tr = useTr();
  const steps = [tr(`${S}.steps.basic`), tr(`${S}.steps.settings`)];
  return (
    <EditWizard {...props} prefix={S} kind="station" url={STATION.info} steps={steps}>
      {(form) => <StationWizardForm {...props} {...form} />}
    </EditWizard>
  );
}

function StationWizardForm(props: WizardProps & WizardForm) {
  const tr = useTr();
  const can = useCan();
  const pro = can(SITE_CODE.pro);
  const fields = useMemo(basicFields, []);
  const [form, setForm] = useState<StationForm>(() => initialForm(fields, props.record));
  const wizard = useWizardSteps(STEP_FIELDS);
  const { step, setStep, errors, setErrors, setProblem, busy, err } = wizard;
  const feeNames = useChargingFeeNames();
  const [labels, setLabels] = useState<Record<string, string>>({});

  const setValue = (name: string, value: unknown) => {
    setForm((f) => ({ ...f, values: { ...f.values, [name]: value } }));
    setErrors((e) =>
      Object.keys(e).some((k) => k === name || k.startsWith(`${name}.`))
        ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== name && !k.startsWith(`${name}.`)))
        : e,
    );
  };
  const specified = String(form.values.openFlag) === String(OPEN_FLAG.specified);
  /** A typed coordinate as a number ('' or not a number: none). */
  const coordinate = (name: 'latitude' | 'longitude') => {
    const text = String(form.values[name] ?? '').trim();
    return text === '' || !Number.isFinite(Number(text)) ? undefined : Number(text);
  };

  /** The first step up to `upTo` with errors gets them shown; true when none up to there. */
  const passes = (upTo: number): boolean => {
    const checked = check(stationSchema, stationBody(fields, form, props.record, pro));
    return checked.ok || wizard.passes(checked.errors, upTo);
  };

  const next = () => {
    setProblem('');
    if (passes(step)) {
      setErrors({});
      setStep((s) => s + 1);
    }
  };

  const save = async () => {
    setProblem('');
    const checked = check(stationSchema, stationBody(fields, form, props.record, pro));
    if (!checked.ok) {
      if (passes(STEP_FIELDS.length - 1)) setProblem(tr('admin.common.invalid'));
      return;
    }
    await wizard.save(
      async () => {
        const body = checked.data as Row;
        if (props.mode === 'create') await call(STATION.add, body);
        else
          await call(STATION.update, {
            ...body,
            id: props.record?.id,
            version: props.record?.version,
          });
        props.onDone(tr(props.mode === 'create' ? `${S}.added` : 'admin.common.saved'));
      },
      { stay: true },
    );
  };

  return (
    <WizardDialog
      title={props.title}
      steps={props.steps}
      {...wizard.dialog}
      onNext={next}
      onSave={() => void save()}
      onClose={props.onClose}
    >
      {step === 0 ? (
        <Stack gap="4">
          <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            {fields.map((field) => (
              <FormField
                key={field.name}
                field={field}
                scope="stationWizard"
                value={form.values[field.name]}
                onChange={(v) => setValue(field.name, v)}
                onAssign={() => undefined}
                error={err(field.name)}
                disabled={busy}
              />
            ))}
          </Box>
          <PositionPicker
            latitude={coordinate('latitude')}
            longitude={coordinate('longitude')}
            disabled={busy}
            onPick={({ latitude, longitude }) => {
              setValue('latitude', String(latitude));
              setValue('longitude', String(longitude));
            }}
          />
          {specified ? (
            <OpeningHours
              workDays={form.workDays}
              periods={form.openPeriods}
              errors={errors}
              disabled={busy}
              onWorkDays={(workDays) => {
                setForm((f) => ({ ...f, workDays }));
                setErrors((e) => ({ ...e, workDays: '' }));
              }}
              onPeriods={(openPeriods) => {
                setForm((f) => ({ ...f, openPeriods }));
                setErrors((e) =>
                  Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('openPeriods'))),
                );
              }}
            />
          ) : null}
        </Stack>
      ) : (
        <Stack gap="4">
          {settingsFields
            .filter((f) => can(f.permission))
            .map((field) => (
              <FormField
                key={field.name}
                field={field}
                scope="stationWizard"
                value={form.values[field.name]}
                onChange={(v) => setValue(field.name, v)}
                onAssign={() => undefined}
                error={
                  field.kind === 'rows' && Object.keys(cellErrors(errors, field.name)).length
                    ? undefined
                    : err(field.name)
                }
                errors={field.kind === 'rows' ? cellErrors(errors, field.name) : undefined}
                pickedLabel={
                  labels[field.name] ??
                  (field.name === 'feeRuleId' ? feeNames.get(String(form.values.feeRuleId)) : undefined)
                }
                onPicked={(label) => setLabels((l) => ({ ...l, [field.name]: label }))}
                disabled={busy}
              />
            ))}
          {pro ? (
            <StationPictures
              images={form.images}
              error={errors.images}
              disabled={busy}
              onChange={(images) => {
                setForm((f) => ({ ...f, images }));
                setErrors((e) => ({ ...e, images: '' }));
              }}
            />
          ) : null}
          <Alert.Root status="info" size="sm">
            <Alert.Indicator />
            <Alert.Title fontWeight="normal">{tr(`${S}.feeNote`)}</Alert.Title>
          </Alert.Root>
        </Stack>
      )}
    </WizardDialog>
  );
}

/** The opening periods (the console's shared rows editor): start and end per row, HH:mm up to 24:00. */
const OPEN_PERIOD_ROWS: RowsSpec = {
  columns: [
    { key: 'start', cellLabel: `${S}.periodStart`, placeholder: 'HH:mm', inputMode: 'numeric', maxLength: 5 },
    { key: 'end', cellLabel: `${S}.periodEnd`, placeholder: 'HH:mm', inputMode: 'numeric', maxLength: 5 },
  ],
  newRow: () => ({ start: '', end: '' }),
  addLabel: `${S}.addPeriod`,
  removeLabel: `${S}.removePeriod`,
  emptyLabel: `${S}.noPeriods`,
};

/** Week days (1 Monday … 7 Sunday) and a list of opening periods (HH:mm, up to 24:00). */
function OpeningHours(props: {
  workDays: number[];
  periods: Period[];
  errors: Record<string, string>;
  disabled?: boolean;
  onWorkDays: (days: number[]) => void;
  onPeriods: (periods: Period[]) => void;
}) {
  const tr = useTr();
  const { errors } = props;
  return (
    <Stack gap="4" borderWidth="1px" rounded="l2" p="4">
      <Fieldset.Root invalid={Boolean(errors.workDays)} disabled={props.disabled}>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {tr(`${S}.workDays`)}
        </Fieldset.Legend>
        <Fieldset.Content mt="1">
          <CheckboxGroup
            value={props.workDays.map(String)}
            onValueChange={(next) => props.onWorkDays(next.map(Number))}
          >
            <Wrap gap="4">
              {WEEKDAYS.map((day) => (
                <Checkbox.Root key={day} value={String(day)} size="sm">
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{tr(`${S}.weekdays.${day}`)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Wrap>
          </CheckboxGroup>
        </Fieldset.Content>
        {errors.workDays ? <Fieldset.ErrorText>{tr(errors.workDays)}</Fieldset.ErrorText> : null}
      </Fieldset.Root>

      <Fieldset.Root invalid={Boolean(errors.openPeriods)} disabled={props.disabled}>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {tr(`${S}.openPeriods`)}
        </Fieldset.Legend>
        <Fieldset.HelperText>{tr(`${S}.timeHelp`)}</Fieldset.HelperText>
        <Fieldset.Content mt="1">
          <RowsEditor
            spec={OPEN_PERIOD_ROWS}
            rows={props.periods}
            label={tr(`${S}.openPeriods`)}
            errors={Object.fromEntries(
              Object.entries(errors)
                .filter(([k]) => k.startsWith('openPeriods.'))
                .map(([k, v]) => [k.slice('openPeriods.'.length), v]),
            )}
            disabled={props.disabled}
            onChange={(rows) =>
              props.onPeriods(rows.map((r) => ({ start: String(r.start ?? ''), end: String(r.end ?? '') })))
            }
          />
        </Fieldset.Content>
        {errors.openPeriods ? <Fieldset.ErrorText>{tr(errors.openPeriods)}</Fieldset.ErrorText> : null}
      </Fieldset.Root>
    </Stack>
  );
}
