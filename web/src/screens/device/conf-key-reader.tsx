/**
 * "Read a charger's keys" on /confKey: one pile is chosen and asked for its configuration
 * (getConfiguration: GetConfiguration in OCPP 1.6, GetVariables with named Component/Variable keys in 2.0.1;
 * a 2.0.1 charger asked for no key in particular gets a GetBaseReport, and the keys are read from the
 * report it sends afterwards in parts, POST /biz/command/report);
 * the answered keys are listed with their values and read-only flags, a writable one can be changed
 * (changeConfiguration: ChangeConfiguration / SetVariables) and the charger's answer (Accepted, Rejected,
 * RebootRequired, NotSupported...) is shown. Reading needs the getConfiguration code, changing the
 * changeConfiguration code, besides the screen's own.
 */
import { API } from '@shared/api/paths.ts';
import { Button, Code, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { deviceKey } from '@shared/commands/catalogue.ts';
import { request } from '@web/lib/api.ts';
import { FormDialog } from '@web/components/ui/form-dialog.tsx';
import { PilePicker, protocolOf, type PileRow } from '@web/screens/command/pile-picker.tsx';
import { ocppResultText } from '@web/screens/command/labels.ts';
import {
  checkParams,
  describeParams,
  initialValues,
  ParamFields,
  type FormValues,
  type ParamErrors,
} from '@web/screens/command/param-form.tsx';
import { DataTable } from '@web/resources/data-table.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import type { Row } from '@web/resources/types.ts';
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { defOf, sendToPile, SentCommand, useSentCommand } from './send-to-charger.tsx';

const K = 'deviceSend.keys';
export const READ_COMMAND = 'getConfiguration';
export const CHANGE_COMMAND = 'changeConfiguration';
/** 2.0.1, no key named: the whole device model. */
export const REPORT_COMMAND = 'getBaseReport';
const REPORT_URL = API.biz.command.report;
const REPORT_REFRESH_MS = 1000;

export interface ChargerKey {
  key: string;
  value?: string;
  readonly?: boolean;
  /** 2.0.1: the attribute status of the read (Accepted, UnknownVariable...). */
  status?: string;
}

const textOf = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
const nameOf = (v: unknown) => (v && typeof v === 'object' ? textOf((v as Row).name) : undefined);

/** The keys of a getConfiguration answer: 1.6 configurationKey[] / unknownKey[], 2.0.1 getVariableResult[]. */
export function keysOf(result: unknown): { keys: ChargerKey[]; unknown: string[] } {
  const r = (result && typeof result === 'object' ? result : {}) as Row;
  const keys: ChargerKey[] = [];
  const unknown: string[] = Array.isArray(r.unknownKey) ? r.unknownKey.map(String) : [];
  if (Array.isArray(r.configurationKey)) {
    for (const k of r.configurationKey as Row[])
      keys.push({ key: String(k.key ?? ''), value: textOf(k.value), readonly: k.readonly === true });
  }
  if (Array.isArray(r.getVariableResult)) {
    for (const v of r.getVariableResult as Row[]) {
      const component = nameOf(v.component);
      const variable = nameOf(v.variable) ?? '';
      const key = component ? `${component}/${variable}` : variable;
      const status = textOf(v.attributeStatus);
      if (status === 'UnknownComponent' || status === 'UnknownVariable') unknown.push(key);
      else keys.push({ key, value: textOf(v.attributeValue), status });
    }
  }
  return { keys, unknown };
}

/** A variable of an assembled 2.0.1 report (functions/commands/reports.ts). */
export interface ReportVariable {
  component: string;
  evse?: number;
  connector?: number;
  variable: string;
  instance?: string;
  value?: string;
  mutability?: string;
}

/** The keys of a report: WriteOnly values are not shown, ReadOnly ones cannot be changed. */
export function reportKeys(variables: readonly ReportVariable[]): ChargerKey[] {
  return variables.map((v) => ({
    key: deviceKey(v),
    value: v.mutability === 'WriteOnly' ? undefined : v.value,
    readonly: v.mutability === 'ReadOnly',
  }));
}

/** The status a change was answered with: 1.6 `status`, 2.0.1 the first setVariableResult's. */
export function changeStatus(result: unknown): string | undefined {
  const r = (result && typeof result === 'object' ? result : {}) as Row;
  if (typeof r.status === 'string') return r.status;
  const first = Array.isArray(r.setVariableResult) ? (r.setVariableResult[0] as Row | undefined) : undefined;
  return textOf(first?.attributeStatus);
}

type Sent = { chargePointId: string; command: string; commandId: string };

/** The toolbar button of /confKey (getConfiguration code) and its dialog. */
export function ConfKeyToolbar() {
  const tr = useTr();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can(defOf(READ_COMMAND)?.code)) return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {tr(`${K}.open`)}
      </Button>
      {open ? <ChargerKeysDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

export function ChargerKeysDialog(props: { onClose: () => void }) {
  const tr = useTr();
  const can = useCan();
  const def = defOf(READ_COMMAND)!;
  const specs = useMemo(() => describeParams(def.params), [def]);
  const [pile, setPile] = useState<PileRow | null>(null);
  const [values, setValues] = useState<FormValues>(() => initialValues(specs));
  const [errors, setErrors] = useState<ParamErrors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);

  const read = async () => {
    if (busy) return;
    setFailure('');
    if (!pile) return setFailure(tr('commandConsole.selectPile'));
    const checked = checkParams(def.params, specs, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    const named = (checked.params.configKeys as unknown[] | undefined)?.length ?? 0;
    const command =
      protocolOf(pile) === 'ocpp2.0.1' && named === 0 && can(defOf(REPORT_COMMAND)?.code)
        ? REPORT_COMMAND
        : READ_COMMAND;
    const outcome = await sendToPile(tr, {
      chargePointId: pile.chargePointId,
      command,
      params: command === REPORT_COMMAND ? { reportBase: 'FullInventory' } : checked.params,
    });
    setBusy(false);
    if (outcome.ok) {
      setSent(
        outcome.commandId
          ? { chargePointId: pile.chargePointId, command, commandId: outcome.commandId }
          : null,
      );
    } else {
      setErrors(outcome.errors);
      setFailure(outcome.text);
    }
  };

  const protocol = pile ? protocolOf(pile) : '';
  return (
    <FormDialog
      title={tr(`${K}.title`)}
      submitLabel={tr(`${K}.read`)}
      cancelLabel={tr('deviceSend.close')}
      closeLabel={tr('admin.common.close')}
      busy={busy}
      onClose={props.onClose}
      onSubmit={() => void read()}
      size="lg"
    >
      <Stack gap="4">
        <PilePicker
          tr={tr}
          selected={pile}
          onSelect={(row) => {
            setPile(row);
            setSent(null);
            setFailure('');
          }}
          onFresh={setPile}
        />
        {pile ? (
          <HStack gap="2" data-testid="keys-pile">
            <Text fontSize="sm">{tr('commandConsole.pile.selected')}</Text>
            <Code>{pile.chargePointId}</Code>
          </HStack>
        ) : null}
        <ParamFields tr={tr} specs={specs} values={values} errors={errors} onChange={setValues} />
        <Text fontSize="xs" color="fg.muted">
          {tr(protocol === 'ocpp2.0.1' ? `${K}.help201` : `${K}.help16`)}
        </Text>
        {failure ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {failure}
          </Text>
        ) : null}
        {sent ? <ReadKeys key={sent.commandId} sent={sent} /> : null}
      </Stack>
    </FormDialog>
  );
}

/** The answer to a read: the command's status while waiting, then the keys. */
function ReadKeys(props: { sent: Sent }) {
  const { row } = useSentCommand(props.sent);
  if (!row || row.status !== 'answered') return <SentCommand {...props.sent} />;
  if (props.sent.command === REPORT_COMMAND) {
    const accepted = (row.result as Row | undefined)?.status === 'Accepted';
    return accepted ? <ReportKeys sent={props.sent} /> : <SentCommand {...props.sent} />;
  }
  return <KeyTable sent={props.sent} {...keysOf(row.result)} />;
}

/** A base report arrives in parts after the command was accepted: read until the last part is in. */
function ReportKeys(props: { sent: Sent }) {
  const tr = useTr();
  const { data } = useSWR(
    [REPORT_URL, props.sent.commandId],
    async () => {
      const answer = await request<{ complete: boolean; variables: ReportVariable[] }>(REPORT_URL, {
        query: { id: props.sent.commandId },
      });
      return answer.code === 0 ? answer.data : undefined;
    },
    { refreshInterval: (report) => (report?.complete ? 0 : REPORT_REFRESH_MS) },
  );
  if (!data?.complete)
    return (
      <Text fontSize="sm" color="fg.muted" role="status">
        {data?.variables.length
          ? tr(`${K}.waitingReport`, { count: data.variables.length })
          : tr(`${K}.reportMissing`)}
      </Text>
    );
  return <KeyTable sent={props.sent} keys={reportKeys(data.variables)} unknown={[]} />;
}

function KeyTable(props: { sent: Sent; keys: ChargerKey[]; unknown: string[] }) {
  const tr = useTr();
  const { keys, unknown } = props;
  return (
    <Stack gap="2">
      {keys.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {tr(`${K}.none`)}
        </Text>
      ) : (
        <DataTable
          label={tr(`${K}.title`)}
          headings={[tr(`${K}.key`), tr(`${K}.value`), tr(`${K}.readonly`), '']}
        >
          {keys.map((k) => (
            <KeyLine key={k.key} item={k} chargePointId={props.sent.chargePointId} />
          ))}
        </DataTable>
      )}
      {unknown.length ? (
        <Text fontSize="sm" color="fg.warning">
          {tr(`${K}.unknown`, { keys: unknown.join(', ') })}
        </Text>
      ) : null}
    </Stack>
  );
}

function KeyLine(props: { item: ChargerKey; chargePointId: string }) {
  const { item, chargePointId } = props;
  const tr = useTr();
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(item.value ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [sent, setSent] = useState<Sent | null>(null);
  const mayChange = !item.readonly && can(defOf(CHANGE_COMMAND)?.code);

  const change = async () => {
    setFailure('');
    setBusy(true);
    const outcome = await sendToPile(tr, {
      chargePointId,
      command: CHANGE_COMMAND,
      params: { configKey: item.key, configValue: value },
    });
    setBusy(false);
    if (outcome.ok) {
      setEditing(false);
      setSent(
        outcome.commandId ? { chargePointId, command: CHANGE_COMMAND, commandId: outcome.commandId } : null,
      );
    } else {
      const fieldText = Object.values(outcome.errors).map((m) => tr(m));
      setFailure([outcome.text, ...fieldText].join(' '));
    }
  };

  return (
    <Table.Row data-testid={`key-${item.key}`}>
      <Table.Cell fontFamily="mono">{item.key}</Table.Cell>
      <Table.Cell>
        {editing ? (
          <Input
            size="sm"
            aria-label={tr(`${K}.newValue`, { key: item.key })}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
          />
        ) : (
          <Text as="span" wordBreak="break-all">
            {item.value ?? '-'}
          </Text>
        )}
        {failure ? (
          <Text color="fg.error" fontSize="xs" role="alert">
            {failure}
          </Text>
        ) : null}
        {sent ? <ChangeAnswer sent={sent} keyName={item.key} /> : null}
      </Table.Cell>
      <Table.Cell>
        {item.readonly === undefined
          ? item.status
            ? ocppResultText(tr, item.status)
            : '-'
          : tr(item.readonly ? `${K}.yes` : `${K}.no`)}
      </Table.Cell>
      <Table.Cell textAlign="end">
        {mayChange ? (
          editing ? (
            <HStack gap="1" justify="end">
              <Button size="xs" colorPalette="blue" loading={busy} onClick={() => void change()}>
                {tr(`${K}.sendChange`)}
              </Button>
              <Button size="xs" variant="ghost" disabled={busy} onClick={() => setEditing(false)}>
                {tr(`${K}.cancel`)}
              </Button>
            </HStack>
          ) : (
            <Button
              size="xs"
              variant="outline"
              aria-label={`${tr(`${K}.change`)} ${item.key}`}
              onClick={() => {
                setValue(item.value ?? '');
                setEditing(true);
              }}
            >
              {tr(`${K}.change`)}
            </Button>
          )
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
}

function ChangeAnswer(props: { sent: Sent; keyName: string }) {
  const tr = useTr();
  const { row } = useSentCommand(props.sent);
  if (!row || row.status !== 'answered') return <SentCommand {...props.sent} />;
  const status = changeStatus(row.result);
  return (
    <Text fontSize="sm" role="status" data-testid="change-answer">
      {tr(`${K}.changeAnswer`, { key: props.keyName, result: status ? ocppResultText(tr, status) : '-' })}
    </Text>
  );
}
