/**
 * Energy boxes (/energyBox): the declared list with each box's linked piles (a box linked to none is flagged
 * "Not linked": it cannot be upgraded, docs/product.md section 5), whether it reports (online within a minute
 * of its last report), the per-phase load and usable currents, firmware and faults. Rows open the detail page
 * and set the load limit (1 to 100, checked before sending; published to the box); the toolbar upgrades the
 * chosen boxes (2702) and says which were sent and which were flagged.
 */
import { API, resourcePaths } from '@shared/api/paths.ts';
import { Alert, Badge, Box, Button, Checkbox, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import {
  EBOX_CODE,
  eboxUpgradeSchema,
  energyBoxResource,
  energyBoxSchema,
  loadLimitSchema,
} from '@shared/resources/device/energy-box.ts';
import { AppLink } from '@web/components/ui/link.tsx';
import { StatusBadge } from '@web/components/ui/status-badge.tsx';
import { call } from '@web/lib/api.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { asPage } from '@web/resources/api.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import { FormField } from '@web/resources/form-fields.tsx';
import { ActionDialog } from '@web/resources/action-dialog.tsx';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import { LoadStates } from '@web/resources/load-states.tsx';
import { useCan } from '@web/resources/permissions.ts';
import type {
  Column,
  EnumOption,
  Field,
  FieldsForm,
  ListContext,
  ResourceDecl,
  Row,
} from '@web/resources/types.ts';
import { useLoad } from '@web/resources/use-load.ts';
import { fromInput, validate } from '@web/resources/values.ts';
import { knownFields, useSubmit } from '@web/resources/use-submit.ts';
import { useState } from 'react';
import { pileOptions } from './card.tsx';
import { updateSchema } from './common.ts';

const { permissions: p } = energyBoxResource;
const E = 'energyBoxRes';
export const EBOX_LIST_URL = API.biz.energyBox.list;
/** A box reports every 10 seconds; without a report for a minute it counts as offline. */
export const EBOX_ONLINE_MS = 60_000;

export const energyBoxDetailPath = (code: unknown) =>
  `/energyBoxDetail/${encodeURIComponent(String(code ?? ''))}`;

export const PHASE_OPTIONS: readonly EnumOption[] = [
  { value: 1, label: `${E}.phaseOptions.one` },
  { value: 3, label: `${E}.phaseOptions.three` },
];

/** The latest report of a box, or null before its first one. */
export const reportOf = (row: Row): Row | null =>
  row.state && typeof row.state === 'object' ? (row.state as Row) : null;

/** Whether a box reported within the last minute. */
export function isOnline(report: Row | null, now = Date.now()): boolean {
  const at = Date.parse(String(report?.updatedAt ?? ''));
  return Number.isFinite(at) && now - at <= EBOX_ONLINE_MS;
}

/** The phases a box measures: L1 for a single-phase box, else L1 to L3. */
export const phasesOf = (row: Row): ('l1' | 'l2' | 'l3')[] =>
  Number(row.phases) === 1 ? ['l1'] : ['l1', 'l2', 'l3'];

export const phaseName = (phase: string) => phase.toUpperCase();

const isUnlinked = (row: Row) =>
  row.unlinked === true || (Array.isArray(row.chargePointIds) && row.chargePointIds.length === 0);
const pileCountOf = (row: Row) =>
  typeof row.pileCount === 'number'
    ? row.pileCount
    : Array.isArray(row.chargePointIds)
      ? row.chargePointIds.length
      : 0;
const boxName = (row: Row) => String(row.name || row.code || row.id || '');
const amps = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '-');

/** Wi-Fi or Bluetooth as reported: a state word or a flag. */
export function linkLabel(tr: Translate, value: unknown): string {
  if (value === true) return tr(`${E}.link.on`);
  if (value === false) return tr(`${E}.link.off`);
  if (value === null || value === undefined || value === '') return tr(`${E}.link.unknown`);
  const key = `${E}.link.${String(value)}`;
  const label = tr(key);
  return label === key ? String(value) : label;
}

/** The "Not linked" flag (the colour is never the only signal: it has its words). */
export function UnlinkedFlag() {
  const tr = useTr();
  return <StatusBadge tone="warning" size="sm" label={tr(`${E}.unlinked`)} />;
}

function CodeCell({ row }: { row: Row }) {
  return <AppLink to={energyBoxDetailPath(row.code ?? row.id)}>{String(row.code ?? row.id ?? '')}</AppLink>;
}

function PilesCell({ row }: { row: Row }) {
  return (
    <HStack gap="2" wrap="wrap">
      <Text as="span">{pileCountOf(row)}</Text>
      {isUnlinked(row) ? <UnlinkedFlag /> : null}
    </HStack>
  );
}

export function ReportBadge({ report }: { report: Row | null }) {
  const tr = useTr();
  if (!report) return <StatusBadge tone="neutral" size="sm" label={tr(`${E}.noReport`)} />;
  return isOnline(report) ? (
    <StatusBadge tone="success" size="sm" label={tr(`${E}.online`)} />
  ) : (
    <StatusBadge tone="neutral" size="sm" label={tr(`${E}.offline`)} />
  );
}

function ReportCell({ row }: { row: Row }) {
  const report = reportOf(row);
  return (
    <Stack gap="0.5">
      <ReportBadge report={report} />
      {report ? (
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          {formatDateTime(report.updatedAt)}
        </Text>
      ) : null}
    </Stack>
  );
}

function CurrentsCell({ row }: { row: Row }) {
  const tr = useTr();
  const report = reportOf(row);
  if (!report) return <Text color="fg.subtle">-</Text>;
  return (
    <Stack gap="0" fontSize="sm" whiteSpace="nowrap">
      {phasesOf(row).map((phase) => (
        <Text key={phase}>
          {tr(`${E}.phaseLine`, {
            phase: phaseName(phase),
            load: amps(report[`${phase}Load`]),
            usable: amps(report[`${phase}Usable`]),
          })}
        </Text>
      ))}
    </Stack>
  );
}

export function FirmwareCell({ row }: { row: Row }) {
  const tr = useTr();
  const report = reportOf(row);
  if (!report?.firmwareVersion) return <Text color="fg.subtle">-</Text>;
  return (
    <HStack gap="2" wrap="wrap">
      <Text as="span">{String(report.firmwareVersion)}</Text>
      {report.upgrading === true ? <StatusBadge tone="info" size="sm" label={tr(`${E}.upgrading`)} /> : null}
    </HStack>
  );
}

export function FaultsCell({ row }: { row: Row }) {
  const tr = useTr();
  const report = reportOf(row);
  if (!report) return <Text color="fg.subtle">-</Text>;
  const faults = [
    ...(report.samplingFault === true ? [`${E}.samplingFault`] : []),
    ...(report.hardwareFault === true ? [`${E}.hardwareFault`] : []),
  ];
  if (!faults.length) return <StatusBadge tone="success" size="sm" label={tr(`${E}.noFaults`)} />;
  return (
    <Stack gap="1">
      {faults.map((key) => (
        <StatusBadge key={key} tone="danger" size="sm" label={tr(key)} />
      ))}
    </Stack>
  );
}

const columns: Column[] = [
  { key: 'code', label: `${E}.code`, sortable: true, render: (row) => <CodeCell row={row} /> },
  { key: 'name', label: `${E}.name`, sortable: true },
  { key: 'ratedCurrent', label: `${E}.ratedCurrent`, kind: 'number', sortable: true },
  { key: 'loadLimit', label: `${E}.loadLimit`, kind: 'number', sortable: true },
  { key: 'phases', label: `${E}.phases`, kind: 'enum', options: PHASE_OPTIONS },
  { key: 'pileCount', label: `${E}.piles`, render: (row) => <PilesCell row={row} /> },
  { key: 'lastReportAt', label: `${E}.report`, render: (row) => <ReportCell row={row} /> },
  { key: 'currents', label: `${E}.currents`, render: (row) => <CurrentsCell row={row} /> },
  { key: 'firmwareVersion', label: `${E}.firmware`, render: (row) => <FirmwareCell row={row} /> },
  { key: 'faults', label: `${E}.faults`, render: (row) => <FaultsCell row={row} /> },
  { key: 'remark', label: `${E}.remark`, hidden: true },
  { ...createTimeColumn, hidden: true },
];

const fields: Field[] = [
  {
    name: 'code',
    label: `${E}.code`,
    kind: 'text',
    required: true,
    modes: ['create'],
    help: `${E}.codeHelp`,
  },
  // The code is the box's id (its MQTT client and topic): shown, never changed.
  { name: 'code', label: `${E}.code`, kind: 'text', modes: ['edit'], readOnly: true, help: `${E}.codeHelp` },
  { name: 'name', label: `${E}.name`, kind: 'text', required: true },
  {
    name: 'ratedCurrent',
    label: `${E}.ratedCurrent`,
    kind: 'number',
    required: true,
    help: `${E}.ratedCurrentHelp`,
  },
  { name: 'loadLimit', label: `${E}.loadLimit`, kind: 'number', required: true, help: `${E}.loadLimitHelp` },
  { name: 'phases', label: `${E}.phases`, kind: 'select', required: true, options: PHASE_OPTIONS },
  {
    name: 'chargePointIds',
    label: `${E}.piles`,
    kind: 'multiselect',
    loadOptions: pileOptions,
    help: `${E}.pilesHelp`,
  },
  { name: 'remark', label: `${E}.remark`, kind: 'textarea' },
];

const loadLimitField: Field = {
  name: 'loadLimit',
  label: `${E}.loadLimit`,
  kind: 'number',
  required: true,
  help: `${E}.loadLimitAction.help`,
};

/** What is wrong with a load limit typed in (an i18n key), or null: a whole number from 1 to 100. */
export function loadLimitProblem(input: unknown): string | null {
  const value = fromInput(loadLimitField, input);
  if (value === undefined) return 'validation.required';
  const checked = validate(loadLimitSchema, { id: 'box', loadLimit: value });
  if (checked.ok) return null;
  const error = checked.errors.loadLimit;
  return error === 'validation.required' ? error : `${E}.loadLimitAction.range`;
}

/** The new load limit, checked before it is sent; the box gets it at once (and the record keeps it). */
export const loadLimitForm: FieldsForm = {
  title: (row) => ({ message: `${E}.loadLimitAction.title`, values: { name: boxName(row) } }),
  intro: (row) =>
    row.loadLimit !== undefined && row.ratedCurrent !== undefined
      ? {
          message: `${E}.loadLimitAction.current`,
          values: { loadLimit: row.loadLimit, ratedCurrent: row.ratedCurrent },
        }
      : null,
  fields: [loadLimitField],
  initial: (row) => ({
    loadLimit: row.loadLimit === undefined || row.loadLimit === null ? '' : String(row.loadLimit),
  }),
  fixed: (row) => ({ id: String(row.id ?? row.code ?? '') }),
  schema: loadLimitSchema,
  check: (body) => {
    const problem = loadLimitProblem(body.loadLimit);
    return problem ? { loadLimit: problem } : {};
  },
  url: API.biz.energyBox.loadLimit,
  submitLabel: `${E}.loadLimitAction.submit`,
  failureTitle: `${E}.loadLimitAction.failed`,
  done: (_, body) => ({ message: `${E}.loadLimitAction.saved`, values: { loadLimit: body.loadLimit } }),
  scope: 'eboxLoadLimit',
};

interface UpgradeResult {
  sent: string[];
  flagged: string[];
}

const boxId = (box: Row) => String(box.id ?? box.code ?? '');

/** Every box of a list filter, page by page. */
export async function loadBoxes(query: Row): Promise<Row[]> {
  const all: Row[] = [];
  for (let current = 1; ; current++) {
    const page = asPage(await call<unknown>(EBOX_LIST_URL, { ...query, current, size: 100 }));
    all.push(...page.records);
    if (page.records.length === 0 || all.length >= page.total) return all;
  }
}

/**
 * Upgrade: the boxes (those of the list's filter; the ticked rows start chosen), the firmware version and
 * its URL; then which boxes the upgrade was sent to and which were flagged (not linked to a pile).
 */
export function UpgradeDialog(props: { query: Row; preselected: readonly string[]; onClose: () => void }) {
  const tr = useTr();
  const loaded = useLoad(`ebox:upgrade:${JSON.stringify(props.query)}`, () => loadBoxes(props.query));
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(props.preselected));
  const [form, setForm] = useState({ firmwareVersion: '', url: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, failure, setFailure, run } = useSubmit();
  const [result, setResult] = useState<UpgradeResult | null>(null);
  const boxes = loaded.data ?? [];
  const names = new Map(boxes.map((b) => [boxId(b), b]));

  const submit = async () => {
    setFailure('');
    const ids = boxes.map(boxId).filter((id) => chosen.has(id));
    const checked = validate(eboxUpgradeSchema, { ids, ...form });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    await run(async () => setResult(await call<UpgradeResult>(API.biz.energyBox.upgrade, checked.data)), {
      stay: true,
      onFields: (fields) => {
        const known = knownFields(['ids', 'firmwareVersion', 'url'], fields);
        if (Object.keys(known).length) setErrors(known);
        return Object.keys(known).length > 0;
      },
    });
  };

  if (result) return <UpgradeResultDialog result={result} boxes={names} onClose={props.onClose} />;

  const textField = (name: 'firmwareVersion' | 'url', help?: string) => (
    <FormField
      field={{ name, label: `${E}.upgrade.${name}`, kind: 'text', required: true, help }}
      scope="eboxUpgrade"
      value={form[name]}
      onChange={(next) => {
        setForm((f) => ({ ...f, [name]: String(next ?? '') }));
        setErrors(({ [name]: _gone, ...rest }) => rest);
      }}
      onAssign={() => undefined}
      error={errors[name] ? tr(errors[name]) : undefined}
      disabled={busy}
    />
  );

  return (
    <ActionDialog
      title={tr(`${E}.upgrade.title`)}
      submitLabel={tr(`${E}.upgrade.submit`)}
      busy={busy}
      failure={failure}
      failureTitle={tr(`${E}.upgrade.failed`)}
      disabled={!loaded.data || boxes.length === 0}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      size="lg"
    >
      <Stack gap="4">
        {textField('firmwareVersion')}
        {textField('url', `${E}.upgrade.urlHelp`)}
        <Box as="fieldset" aria-label={tr(`${E}.upgrade.boxes`)}>
          <Text as="legend" fontWeight="medium" mb="1">
            {tr(`${E}.upgrade.boxes`)}
          </Text>
          <Text fontSize="sm" color="fg.muted" mb="2">
            {tr(`${E}.upgrade.boxesHelp`)}
          </Text>
          <LoadStates error={loaded.error} loading={loaded.loading} onRetry={loaded.retry} />
          {loaded.data && boxes.length === 0 ? (
            <Text color="fg.muted">{tr(`${E}.upgrade.noBoxes`)}</Text>
          ) : null}
          {boxes.length ? (
            <Stack gap="2">
              <HStack justify="space-between" wrap="wrap">
                <Text fontSize="sm" color="fg.muted">
                  {tr(`${E}.upgrade.chosen`, {
                    count: boxes.filter((b) => chosen.has(boxId(b))).length,
                    total: boxes.length,
                  })}
                </Text>
                <HStack gap="1">
                  <Button
                    size="xs"
                    variant="ghost"
                    disabled={busy}
                    onClick={() => setChosen(new Set(boxes.map(boxId)))}
                  >
                    {tr(`${E}.upgrade.chooseAll`)}
                  </Button>
                  <Button size="xs" variant="ghost" disabled={busy} onClick={() => setChosen(new Set())}>
                    {tr(`${E}.upgrade.chooseNone`)}
                  </Button>
                </HStack>
              </HStack>
              <Stack gap="1" maxH="64" overflowY="auto">
                {boxes.map((box) => {
                  const id = boxId(box);
                  return (
                    <HStack key={id} gap="2">
                      <Checkbox.Root
                        size="sm"
                        disabled={busy}
                        checked={chosen.has(id)}
                        onCheckedChange={(e) => {
                          setChosen((prev) => {
                            const next = new Set(prev);
                            if (e.checked === true) next.add(id);
                            else next.delete(id);
                            return next;
                          });
                          setErrors(({ ids: _gone, ...rest }) => rest);
                        }}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>
                          {box.name && box.name !== id ? `${String(box.name)} (${id})` : id}
                        </Checkbox.Label>
                      </Checkbox.Root>
                      {isUnlinked(box) ? <UnlinkedFlag /> : null}
                    </HStack>
                  );
                })}
              </Stack>
            </Stack>
          ) : null}
          {errors.ids ? (
            <Text role="alert" fontSize="sm" color="fg.error" mt="2">
              {errors.ids === 'validation.required' ? tr(`${E}.upgrade.chooseBox`) : tr(errors.ids)}
            </Text>
          ) : null}
        </Box>
      </Stack>
    </ActionDialog>
  );
}

function UpgradeResultDialog(props: { result: UpgradeResult; boxes: Map<string, Row>; onClose: () => void }) {
  const tr = useTr();
  const label = (id: string) => {
    const name = props.boxes.get(id)?.name;
    return name && name !== id ? `${String(name)} (${id})` : id;
  };
  const { sent, flagged } = props.result;
  return (
    <Dialog.Root
      // Named by its title from the first render, before Chakra links the title (aria-labelledby).
      aria-label={tr(`${E}.upgrade.resultTitle`)}
      open
      onOpenChange={(e) => (e.open ? undefined : props.onClose())}
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{tr(`${E}.upgrade.resultTitle`)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Box as="section" aria-label={tr(`${E}.upgrade.sent`, { count: sent.length })}>
                  <Text fontWeight="medium" mb="1">
                    {sent.length
                      ? tr(`${E}.upgrade.sent`, { count: sent.length })
                      : tr(`${E}.upgrade.noneSent`)}
                  </Text>
                  <HStack as="ul" gap="1" wrap="wrap" listStyleType="none">
                    {sent.map((id) => (
                      <li key={id}>
                        <Badge colorPalette="green" variant="subtle">
                          {label(id)}
                        </Badge>
                      </li>
                    ))}
                  </HStack>
                </Box>
                {flagged.length ? (
                  <Alert.Root status="warning">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>{tr(`${E}.upgrade.flagged`, { count: flagged.length })}</Alert.Title>
                      <Alert.Description>
                        <HStack
                          as="ul"
                          gap="1"
                          wrap="wrap"
                          listStyleType="none"
                          mt="1"
                          aria-label={tr(`${E}.upgrade.flagged`, { count: flagged.length })}
                        >
                          {flagged.map((id) => (
                            <li key={id}>
                              <Badge colorPalette="orange" variant="subtle">
                                {label(id)}
                              </Badge>
                            </li>
                          ))}
                        </HStack>
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="blue" onClick={props.onClose}>
                {tr('admin.common.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The list toolbar's Upgrade (2702): opens the dialog with the ticked rows chosen. */
export function EnergyBoxToolbar({ query, selected }: ListContext) {
  const tr = useTr();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can(EBOX_CODE.upgrade)) return null;
  return (
    <>
      <Button size="sm" variant="outline" colorPalette="blue" onClick={() => setOpen(true)}>
        {tr(`${E}.upgrade.button`)}
        {selected?.length ? ` (${selected.length})` : ''}
      </Button>
      {open ? (
        <UpgradeDialog
          query={query}
          preselected={(selected ?? []).map(boxId)}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

export const energyBoxDecl: ResourceDecl = {
  id: 'energyBox',
  title: `${E}.title`,
  api: resourcePaths(energyBoxResource),
  idField: 'id',
  nameField: 'name',
  permissions: { view: p.view, add: p.add, edit: p.edit, delete: p.del },
  schemas: { create: energyBoxSchema, update: updateSchema(energyBoxSchema) },
  columns,
  filters: [
    { name: 'code', label: `${E}.code`, kind: 'text' },
    { name: 'name', label: `${E}.name`, kind: 'text' },
  ],
  fields,
  defaults: { phases: 3, loadLimit: 100, chargePointIds: [] },
  actions: [
    {
      key: 'detail',
      label: () => 'admin.common.detail',
      permission: p.view,
      run: (row, ctx) => ctx.navigate(energyBoxDetailPath(row.code ?? row.id)),
    },
    {
      key: 'loadLimit',
      label: () => `${E}.loadLimitAction.label`,
      permission: EBOX_CODE.edit,
      form: loadLimitForm,
    },
  ],
  toolbar: EnergyBoxToolbar,
  exportable: true,
};
