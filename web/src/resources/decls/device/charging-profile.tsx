/**
 * Charging profiles (/powerProfile): the stored profiles' list (name, ids, stack level, purpose,
 * kind, unit, number of periods, validity); an editor with the profile's fields and a periods table (rows
 * added and removed, start, end, limit and phases), checked with the shared schema; "Send to connectors"
 * (one pile, one or more connectors: SetChargingProfile per connector with the stored profile as its
 * parameters, each answer shown); and the composite schedule of a connector drawn as a step chart.
 */
import { resourcePaths } from '@shared/api/paths.ts';
import { Checkbox, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import {
  CHARGING_PROFILE_PURPOSES,
  CHARGING_RATE_UNITS,
  PROFILE_KINDS,
  RECURRENCY_KINDS,
} from '@shared/commands/catalogue.ts';
import {
  chargingProfileResource,
  chargingProfileSchema,
  profileParams,
} from '@shared/resources/device/charging-profile.ts';
import { FormDialog } from '@web/components/ui/form-dialog.tsx';
import { LoadingState } from '@web/components/ui/state-views.tsx';
import { call } from '@web/lib/api.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { errorMessage, fetchPage } from '@web/resources/api.ts';
import { COMMAND_SEND_URL, type PileRow } from '@web/screens/command/pile-picker.tsx';
import { COMMAND_LIST_URL, isPending, resultText } from '@web/screens/command/result-text.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import { PILE_LIST_URL } from '@web/resources/decls/site/common.tsx';
import { FormField } from '@web/resources/form-fields.tsx';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import { RowsEditor } from '@web/resources/rows-editor.tsx';
import type {
  Column,
  Field as FieldDecl,
  ResourceDecl,
  Row,
  RowDialogProps,
  RowsSpec,
} from '@web/resources/types.ts';
import { fromInput, toInput } from '@web/resources/values.ts';
import { fieldErrorsInto } from '@web/resources/use-fields-submit.ts';
import { useSubmit } from '@web/resources/use-submit.ts';
import { lazy, Suspense, useState } from 'react';
import useSWR from 'swr';
import { optionsOf, updateSchema } from './common.ts';
import { COMMAND_CODE } from '@shared/permissions/menus.ts';

export const P = 'profileRes';
const PATHS = resourcePaths(chargingProfileResource);
const { permissions: p } = chargingProfileResource;
/** The command codes: SetChargingProfile and GetCompositeSchedule. */
export const SEND_CODE = COMMAND_CODE.setChargingProfile;
export const COMPOSITE_CODE = COMMAND_CODE.getCompositeSchedule;
const POLL_MS = 2_000;
const POLL_TRIES = 30;

const PURPOSE_OPTIONS = optionsOf(CHARGING_PROFILE_PURPOSES, `${P}.purposes`);
const KIND_OPTIONS = optionsOf(PROFILE_KINDS, `${P}.kinds`);
const RECURRENCY_OPTIONS = optionsOf(RECURRENCY_KINDS, `${P}.recurrencies`);
const UNIT_OPTIONS = optionsOf(CHARGING_RATE_UNITS, `${P}.units`);

const periodsOf = (row: Row) => (Array.isArray(row.periods) ? (row.periods as Row[]) : []);

/** "from – to", either side open; "Always" when neither is set. */
export function validityText(tr: Translate, row: Row): string {
  if (!row.validFrom && !row.validTo) return tr(`${P}.always`);
  const side = (v: unknown) => (v ? formatDateTime(v) : '…');
  return `${side(row.validFrom)} – ${side(row.validTo)}`;
}

function ValidityCell({ row }: { row: Row }) {
  const tr = useTr();
  return <>{validityText(tr, row)}</>;
}

const columns: Column[] = [
  { key: 'name', label: `${P}.name`, sortable: true },
  { key: 'chargingProfileId', label: `${P}.chargingProfileId`, kind: 'number', sortable: true },
  { key: 'stackLevel', label: `${P}.stackLevel`, kind: 'number', sortable: true },
  { key: 'purpose', label: `${P}.purpose`, kind: 'enum', options: PURPOSE_OPTIONS, sortable: true },
  { key: 'kind', label: `${P}.kind`, kind: 'enum', options: KIND_OPTIONS, sortable: true },
  { key: 'chargingRateUnit', label: `${P}.chargingRateUnit`, kind: 'enum', options: UNIT_OPTIONS },
  { key: 'periodCount', label: `${P}.periodCount`, render: (row) => periodsOf(row).length },
  { key: 'validity', label: `${P}.validity`, render: (row) => <ValidityCell row={row} /> },
  { ...createTimeColumn, hidden: true },
];

// ---- Editor -----------------------------------------------------------------------------------------------

const fields: FieldDecl[] = [
  { name: 'name', label: `${P}.name`, kind: 'text', required: true },
  { name: 'chargingProfileId', label: `${P}.chargingProfileId`, kind: 'number', required: true },
  { name: 'stackLevel', label: `${P}.stackLevel`, kind: 'number', required: true },
  { name: 'purpose', label: `${P}.purpose`, kind: 'select', required: true, options: PURPOSE_OPTIONS },
  { name: 'kind', label: `${P}.kind`, kind: 'select', required: true, options: KIND_OPTIONS },
  { name: 'recurrencyKind', label: `${P}.recurrencyKind`, kind: 'select', options: RECURRENCY_OPTIONS },
  { name: 'startSchedule', label: `${P}.startSchedule`, kind: 'datetime' },
  { name: 'duration', label: `${P}.duration`, kind: 'number' },
  { name: 'validFrom', label: `${P}.validFrom`, kind: 'datetime' },
  { name: 'validTo', label: `${P}.validTo`, kind: 'datetime' },
  {
    name: 'chargingRateUnit',
    label: `${P}.chargingRateUnit`,
    kind: 'select',
    required: true,
    options: UNIT_OPTIONS,
  },
  { name: 'minChargingRate', label: `${P}.minChargingRate`, kind: 'number' },
];

type PeriodInput = { startPeriod: string; endPeriod: string; limit: string; numberPhases: string };
const PERIOD_KEYS = ['startPeriod', 'endPeriod', 'limit', 'numberPhases'] as const;
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** The periods table: start, end, limit and phases per row; a new row starts where the last one ends. */
const PERIOD_ROWS: RowsSpec = {
  columns: PERIOD_KEYS.map((key) => {
    const name = key === 'numberPhases' ? 'phases' : key;
    return { key, label: `${P}.${name}`, cellLabel: `${P}.cells.${name}`, inputMode: 'decimal' as const };
  }),
  newRow: (rows) => {
    const last = rows[rows.length - 1] as PeriodInput | undefined;
    const next = last ? (num(last.endPeriod) ?? (num(last.startPeriod) ?? 0) + 3600) : 0;
    return { startPeriod: String(next), endPeriod: '', limit: last?.limit ?? '', numberPhases: '' };
  },
  addLabel: `${P}.addPeriod`,
  removeLabel: `${P}.removePeriod`,
  emptyLabel: `${P}.noPeriods`,
};
const periodInput = (row: Row): PeriodInput => ({
  startPeriod: text(row.startPeriod),
  endPeriod: text(row.endPeriod),
  limit: text(row.limit),
  numberPhases: text(row.numberPhases),
});

const NEW_PROFILE: Row = {
  purpose: 'TxDefaultProfile',
  kind: 'Absolute',
  chargingRateUnit: 'A',
  stackLevel: 0,
};

/** The body the editor sends: its fields and the periods (blank cells left out). */
export function editorBody(values: Row, periods: readonly PeriodInput[]): Row {
  const body: Row = {};
  for (const field of fields) {
    const value = fromInput(field, values[field.name]);
    if (value !== undefined && value !== '') body[field.name] = value;
  }
  body.periods = periods.map((row) => {
    const period: Row = {};
    for (const key of PERIOD_KEYS) if (num(row[key]) !== undefined) period[key] = num(row[key]);
    return period;
  });
  return body;
}

/** Schema issues by their whole path (`periods.1.endPeriod`), each its first message. */
export function checkProfile(
  body: Row,
  editing: boolean,
): { ok: true; data: Row } | { ok: false; errors: Record<string, string> } {
  const schema = editing ? updateSchema(chargingProfileSchema) : chargingProfileSchema;
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data as Row };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { ok: false, errors };
}

export function ProfileEditor({
  record,
  onClose,
  onDone,
}: {
  record?: Row;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const tr = useTr();
  const start = record ?? NEW_PROFILE;
  const [values, setValues] = useState<Row>(() =>
    Object.fromEntries(fields.map((f) => [f.name, toInput(f, start[f.name])])),
  );
  const [periods, setPeriods] = useState<PeriodInput[]>(() =>
    record
      ? periodsOf(record).map((r) => ({
          startPeriod: text(r.startPeriod),
          endPeriod: text(r.endPeriod),
          limit: text(r.limit),
          numberPhases: text(r.numberPhases),
        }))
      : [{ startPeriod: '0', endPeriod: '', limit: '', numberPhases: '' }],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, failure, setFailure, run } = useSubmit();
  const msg = (key: string) => (errors[key] ? tr(errors[key]) : undefined);

  const submit = async () => {
    setFailure('');
    const body = editorBody(values, periods);
    if (record) Object.assign(body, { id: record.id, version: record.version });
    const checked = checkProfile(body, Boolean(record));
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    await run(
      async () => {
        await call(record ? PATHS.update : PATHS.add, checked.data);
        onDone(tr(`${P}.saved`));
      },
      { onFields: fieldErrorsInto(setErrors) },
    );
  };

  return (
    <FormDialog
      title={record ? tr(`${P}.editTitle`, { name: record.name }) : tr(`${P}.createTitle`)}
      submitLabel={tr(`${P}.save`)}
      cancelLabel={tr(`${P}.cancel`)}
      closeLabel={tr(`${P}.close`)}
      busy={busy}
      failure={failure}
      size="lg"
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        {fields.map((field) => (
          <FormField
            key={field.name}
            field={field}
            scope="chargingProfile"
            value={values[field.name]}
            onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
            onAssign={() => undefined}
            error={msg(field.name)}
            disabled={busy}
          />
        ))}
        <Field.Root invalid={Boolean(errors.periods)}>
          <Field.Label>{tr(`${P}.periods`)}</Field.Label>
          <RowsEditor
            spec={PERIOD_ROWS}
            rows={periods}
            label={tr(`${P}.periods`)}
            errors={Object.fromEntries(
              Object.entries(errors)
                .filter(([k]) => k.startsWith('periods.'))
                .map(([k, v]) => [k.slice('periods.'.length), v]),
            )}
            disabled={busy}
            onChange={(rows) => setPeriods(rows.map(periodInput))}
          />
          {msg('periods') ? <Field.ErrorText>{msg('periods')}</Field.ErrorText> : null}
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}

function EditDialog({ row, onClose, onDone }: RowDialogProps) {
  return <ProfileEditor record={row} onClose={onClose} onDone={onDone} />;
}

// ---- Pile and connectors ----------------------------------------------------------------------------------

/** The caller's piles (a first page of 100) for the pickers. */
function usePiles() {
  const { data, error } = useSWR([PILE_LIST_URL, 'chargingProfile'], () =>
    fetchPage(PILE_LIST_URL, { current: 1, size: 100 }),
  );
  return { piles: data ? (data.records as PileRow[]) : null, error: error as unknown };
}

function PileSelect(props: {
  piles: PileRow[];
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  const tr = useTr();
  return (
    <Field.Root>
      <Field.Label>{tr(`${P}.pile`)}</Field.Label>
      <NativeSelect.Root disabled={props.disabled}>
        <NativeSelect.Field
          aria-label={tr(`${P}.pile`)}
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        >
          <option value="">{tr(`${P}.choosePile`)}</option>
          {props.piles.map((pile) => (
            <option key={pile.chargePointId} value={pile.chargePointId}>
              {pile.name ? `${pile.name} (${pile.chargePointId})` : pile.chargePointId}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

const connectorsOf = (pile: PileRow | undefined) => (pile?.connectorStates ?? []).map((c) => c.connectorNo);

/** Waits for a command's end in the results list (bounded; the last row seen when it does not end). */
async function awaitCommand(chargePointId: string, commandId: string): Promise<Row | undefined> {
  let row: Row | undefined;
  for (let i = 0; i < POLL_TRIES; i++) {
    const page = await fetchPage(COMMAND_LIST_URL, { chargePointId, current: 1, size: 50 });
    row = page.records.find((r) => r.commandId === commandId);
    if (row && !isPending(row)) return row;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return row;
}

// ---- Send to connectors -----------------------------------------------------------------------------------

export function SendDialog({ row, onClose }: RowDialogProps) {
  const tr = useTr();
  const { piles, error } = usePiles();
  const [pileId, setPileId] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [results, setResults] = useState<Record<number, string>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const pile = piles?.find((x) => x.chargePointId === pileId);
  const connectors = [0, ...connectorsOf(pile)];

  const submit = async () => {
    if (!pileId || chosen.length === 0) return setProblem(tr(`${P}.chooseConnector`));
    setProblem('');
    setBusy(true);
    const params = profileParams(row);
    await Promise.all(
      chosen.map(async (connectorNo) => {
        const show = (text: string) => setResults((r) => ({ ...r, [connectorNo]: text }));
        try {
          const sent = await call<{ commandId: string }>(COMMAND_SEND_URL, {
            chargePointId: pileId,
            connectorNo,
            command: 'setChargingProfile',
            params,
          });
          show(tr('commandConsole.results.waiting'));
          const done = await awaitCommand(pileId, sent.commandId);
          show(done ? resultText(tr, done) : '-');
        } catch (e) {
          show(errorMessage(tr, e));
        }
      }),
    );
    setBusy(false);
  };

  return (
    <FormDialog
      title={tr(`${P}.sendTitle`, { name: row.name })}
      submitLabel={tr(`${P}.sendButton`)}
      cancelLabel={tr(`${P}.close`)}
      closeLabel={tr(`${P}.close`)}
      busy={busy}
      disabled={!piles}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        {error ? <Text color="fg.error">{errorMessage(tr, error)}</Text> : null}
        {!piles && !error ? <LoadingState label={tr('admin.common.loading')} /> : null}
        {piles ? (
          <PileSelect
            piles={piles}
            value={pileId}
            disabled={busy}
            onChange={(id) => {
              setPileId(id);
              setChosen([]);
              setResults({});
            }}
          />
        ) : null}
        {pile ? (
          <Stack gap="2" role="group" aria-label={tr(`${P}.connectors`)}>
            <Text fontSize="sm" fontWeight="medium">
              {tr(`${P}.connectors`)}
            </Text>
            {connectors.map((no) => (
              <Checkbox.Root
                key={no}
                checked={chosen.includes(no)}
                disabled={busy}
                onCheckedChange={(e) =>
                  setChosen((c) => (e.checked ? [...c, no].sort() : c.filter((x) => x !== no)))
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {no === 0 ? tr(`${P}.wholePile`) : tr(`${P}.connectorNo`, { no })}
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        ) : null}
        {problem ? <Text color="fg.error">{problem}</Text> : null}
        {Object.keys(results).length ? (
          <Stack gap="1" aria-live="polite">
            {Object.entries(results).map(([no, result]) => (
              <Text key={no} fontSize="sm">
                {tr(`${P}.sentTo`, { no, result })}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </FormDialog>
  );
}

// ---- Composite schedule -----------------------------------------------------------------------------------

const ScheduleChart = lazy(() => import('@web/screens/device/charging-profile-chart.tsx'));

export interface CompositeSchedule {
  unit: string;
  duration: number;
  periods: { startPeriod: number; limit: number }[];
}

/** The schedule in a GetCompositeSchedule answer (1.6 `chargingSchedule`, 2.0.1 `schedule`), or null. */
export function compositeOf(result: unknown, asked: number): CompositeSchedule | null {
  const answer = (result ?? {}) as Row;
  const schedule = (answer.chargingSchedule ?? answer.schedule) as Row | undefined;
  const periods = schedule?.chargingSchedulePeriod;
  if (!schedule || !Array.isArray(periods) || periods.length === 0) return null;
  return {
    unit: String(schedule.chargingRateUnit ?? ''),
    duration: Number(schedule.duration ?? asked),
    periods: (periods as Row[]).map((x) => ({ startPeriod: Number(x.startPeriod), limit: Number(x.limit) })),
  };
}

/** The chart in its container: loaded lazily, labelled for readers. */
export function ScheduleView({ schedule }: { schedule: CompositeSchedule }) {
  const tr = useTr();
  return (
    <Suspense fallback={<LoadingState label={tr('admin.common.loading')} />}>
      <ScheduleChart
        periods={schedule.periods}
        duration={schedule.duration}
        unit={schedule.unit}
        label={tr(`${P}.chartLabel`)}
      />
    </Suspense>
  );
}

export function CompositeDialog({ onClose }: { onClose: () => void }) {
  const tr = useTr();
  const { piles, error } = usePiles();
  const [pileId, setPileId] = useState('');
  const [connectorNo, setConnectorNo] = useState('');
  const [duration, setDuration] = useState('3600');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState('');
  const [schedule, setSchedule] = useState<CompositeSchedule | null>(null);
  const pile = piles?.find((x) => x.chargePointId === pileId);

  const submit = async () => {
    setOutcome('');
    setSchedule(null);
    const seconds = Number(duration);
    if (!pileId || connectorNo === '') return setOutcome(tr(`${P}.chooseConnector`));
    if (!Number.isInteger(seconds) || seconds < 1) return setOutcome(tr('commandRes.validation.range'));
    setBusy(true);
    try {
      const sent = await call<{ commandId: string }>(COMMAND_SEND_URL, {
        chargePointId: pileId,
        connectorNo: Number(connectorNo),
        command: 'getCompositeSchedule',
        params: { duration: seconds },
      });
      const done = await awaitCommand(pileId, sent.commandId);
      const found = done ? compositeOf(done.result, seconds) : null;
      setSchedule(found);
      setOutcome(done ? resultText(tr, done) : '-');
      if (done && !found && done.status === 'answered') setOutcome(tr(`${P}.noSchedule`));
    } catch (e) {
      setOutcome(errorMessage(tr, e));
    }
    setBusy(false);
  };

  return (
    <FormDialog
      title={tr(`${P}.compositeTitle`)}
      submitLabel={tr(`${P}.ask`)}
      cancelLabel={tr(`${P}.close`)}
      closeLabel={tr(`${P}.close`)}
      busy={busy}
      disabled={!piles}
      size="lg"
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        {error ? <Text color="fg.error">{errorMessage(tr, error)}</Text> : null}
        {piles ? (
          <PileSelect
            piles={piles}
            value={pileId}
            disabled={busy}
            onChange={(id) => {
              setPileId(id);
              setConnectorNo('');
            }}
          />
        ) : null}
        <HStack gap="4" align="end">
          <Field.Root>
            <Field.Label>{tr(`${P}.connectors`)}</Field.Label>
            <NativeSelect.Root disabled={busy || !pile}>
              <NativeSelect.Field
                aria-label={tr(`${P}.connectors`)}
                value={connectorNo}
                onChange={(e) => setConnectorNo(e.currentTarget.value)}
              >
                <option value="">-</option>
                {[0, ...connectorsOf(pile)].map((no) => (
                  <option key={no} value={String(no)}>
                    {no === 0 ? tr(`${P}.wholePile`) : tr(`${P}.connectorNo`, { no })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{tr(`${P}.compositeDuration`)}</Field.Label>
            <Input
              inputMode="numeric"
              value={duration}
              disabled={busy}
              onChange={(e) => setDuration(e.currentTarget.value)}
            />
          </Field.Root>
        </HStack>
        {outcome ? <Text fontSize="sm">{outcome}</Text> : null}
        {schedule ? <ScheduleView schedule={schedule} /> : null}
      </Stack>
    </FormDialog>
  );
}

// ---- Declaration ------------------------------------------------------------------------------------

export const chargingProfileDecl: ResourceDecl = {
  exportable: true,
  id: 'chargingProfile',
  title: `${P}.title`,
  api: PATHS,
  idField: 'id',
  nameField: 'name',
  // Adding and editing are the editor's (the periods table); the generic form is not used.
  permissions: { view: p.view, delete: p.del },
  schemas: { create: chargingProfileSchema, update: updateSchema(chargingProfileSchema) },
  columns,
  filters: [
    { name: 'name', label: `${P}.name`, kind: 'text' },
    { name: 'purpose', label: `${P}.purpose`, kind: 'select', options: PURPOSE_OPTIONS },
    { name: 'kind', label: `${P}.kind`, kind: 'select', options: KIND_OPTIONS },
  ],
  // The editor's fields (the periods are its table's); the schemas check the whole profile.
  fields,
  defaults: { ...NEW_PROFILE, periods: [] },
  actions: [
    { key: 'edit', label: () => `${P}.edit`, permission: p.edit, dialog: EditDialog },
    { key: 'send', label: () => `${P}.send`, permission: SEND_CODE, dialog: SendDialog },
  ],
  detail: columns.map(({ sortable: _s, hidden: _h, ...c }) => c),
};
