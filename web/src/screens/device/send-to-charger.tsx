/**
 * "Send to chargers": a stored record (a firmware file, a local list, a display message, a network
 * configuration) sent to one pile from its screen. One pile is chosen (docs/product.md section 5: one pile at
 * a time for command and local-list actions) with the charger control screen's picker, a connector when the
 * command needs one, the command's other parameters with its generic form; the record's id is a fixed
 * parameter the server loads (CommandDef `load`). A command that changes what the charger does for its drivers
 * at once (a firmware update, an unlock) asks first, naming the charger, like the charger control screen
 * (docs/decisions/451-charger-actions-confirmed.md). After sending, the command's status and answer are shown
 * and refreshed from the results list while it is pending; for firmware the progress the charger reports
 * (Downloading, Installed...) until it ends.
 */
import { Alert, Badge, Box, Code, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { COMMANDS, variantFor, type CommandDef } from '@shared/commands/catalogue.ts';
import { storedUser } from '@web/auth/session.ts';
import { useCurrentUser } from '@web/auth/user-context.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { FormDialog } from '@web/components/ui/form-dialog.tsx';
import { request } from '@web/lib/api.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { errorMessage, fetchPage } from '@web/resources/api.ts';
import {
  COMMAND_SEND_URL,
  ConnectorSelect,
  PilePicker,
  protocolOf,
  type PileRow,
} from '@web/screens/command/pile-picker.tsx';
import { COMMAND_LIST_URL, isPending, resultText } from '@web/screens/command/result-text.ts';
import { commandName, ocppResultText, statusText } from '@web/screens/command/labels.ts';
import {
  CONFIRMED_COMMANDS,
  confirmationText,
  confirmationTitle,
} from '@web/screens/command/confirmation.ts';
import {
  checkParams,
  describeParams,
  initialValues,
  ParamFields,
  type FormValues,
  type ParamErrors,
} from '@web/screens/command/param-form.tsx';
import { PILE_LIST_URL } from '@web/resources/decls/site/common.tsx';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import type { Row, RowAction, RowDialogProps } from '@web/resources/types.ts';
import { useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';

const S = 'deviceSend';
const CC = 'commandConsole';
/** How often a sent command is looked up again while it is pending or reporting progress. */
export const SEND_REFRESH_MS = 3_000;

/** Firmware statuses after which nothing more comes (OCPP 1.6 with its security extension and 2.0.1). */
const FIRMWARE_ENDS = new Set([
  'Installed',
  'InstallationFailed',
  'DownloadFailed',
  'InstallVerificationFailed',
  'InvalidSignature',
  'Idle',
]);

/** A company account (docs/product.md section 5: non-company accounts cannot send a local whitelist). */
export function isCompanyUser(user: { agentId?: unknown } | null | undefined): boolean {
  return user?.agentId !== undefined && user.agentId !== null && user.agentId !== '';
}

export const defOf = (key: string): CommandDef | undefined => COMMANDS.find((c) => c.key === key);

/** Is the command still going: queued or sent, or a firmware update whose last progress is not an end. */
export function stillGoing(row: Row | undefined, def: CommandDef | undefined): boolean {
  if (!row) return true;
  if (isPending(row)) return true;
  if (row.status !== 'answered' || def?.progress !== 'firmware') return false;
  const result = row.result as Row | undefined;
  if (result && typeof result.status === 'string' && result.status !== 'Accepted') return false;
  const progress = Array.isArray(row.progress) ? (row.progress as Row[]) : [];
  const last = progress[progress.length - 1];
  return !last || !FIRMWARE_ENDS.has(String(last.status));
}

/** The sent command as the results list has it, looked up again while it is going. */
export function useSentCommand(sent: { chargePointId: string; command: string; commandId: string } | null) {
  const def = sent ? defOf(sent.command) : undefined;
  const body = sent
    ? { current: 1, size: 10, chargePointId: sent.chargePointId, command: sent.command }
    : null;
  const { data, error } = useSWR(
    body && sent ? [COMMAND_LIST_URL, 'sent', sent.commandId] : null,
    async () => {
      const page = await fetchPage(COMMAND_LIST_URL, body!);
      return page.records.find((r) => String(r.commandId ?? r.id) === sent!.commandId) ?? null;
    },
    {
      refreshInterval: (row) => (stillGoing(row ?? undefined, def) ? SEND_REFRESH_MS : 0),
    },
  );
  return { row: data ?? undefined, error, going: stillGoing(data ?? undefined, def) };
}

export type SendOutcome =
  { ok: true; text: string; commandId: string } | { ok: false; text: string; errors: ParamErrors };

/** Sends one command to one pile; the server's field errors come back by parameter path. */
export async function sendToPile(
  tr: Translate,
  body: { chargePointId: string; connectorNo?: number; command: string; params: Record<string, unknown> },
): Promise<SendOutcome> {
  try {
    const answer = await request<Row>(COMMAND_SEND_URL, { body });
    if (answer.code === 0) {
      const data = (answer.data ?? {}) as Row;
      return {
        ok: true,
        text: answer.msg || tr('commandRes.server.issued'),
        commandId: String(data.commandId ?? ''),
      };
    }
    const fields = answer.data && typeof answer.data === 'object' ? (answer.data as Row) : {};
    const errors: ParamErrors = {};
    for (const [key, message] of Object.entries(fields))
      if (typeof message === 'string') errors[key.replace(/^params\./, '')] = message;
    return { ok: false, text: answer.msg ? tr(answer.msg) : tr(`${CC}.sendFailed`), errors };
  } catch (error) {
    return { ok: false, text: errorMessage(tr, error), errors: {} };
  }
}

/** The sent command: status, answer and (firmware, logs) the progress the charger reported. */
export function SentCommand(props: { chargePointId: string; command: string; commandId: string }) {
  const tr = useTr();
  const { row, error, going } = useSentCommand(props);
  const def = defOf(props.command);
  const progress = row && Array.isArray(row.progress) ? (row.progress as Row[]) : [];
  return (
    <Stack gap="2" data-testid="sent-command" aria-live="polite">
      {error ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {errorMessage(tr, error)}
        </Text>
      ) : null}
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm" fontWeight="medium">
          {tr(`${S}.status`)}:
        </Text>
        <Badge data-testid="sent-status">{row ? statusText(tr, row.status) : statusText(tr, 'queued')}</Badge>
        <Text fontSize="sm" fontWeight="medium">
          {tr(`${S}.answer`)}:
        </Text>
        <Text fontSize="sm" data-testid="sent-result">
          {row ? resultText(tr, row) : tr('commandConsole.results.waiting')}
        </Text>
      </HStack>
      {def?.progress ? (
        <Box>
          <Text fontSize="sm" fontWeight="medium">
            {tr(`${S}.progress`)}
          </Text>
          {progress.length ? (
            <Box as="ol" pl="5" listStyleType="decimal" data-testid="sent-progress">
              {progress.map((p, i) => (
                <li key={i}>
                  <Text as="span" fontSize="sm">
                    {ocppResultText(tr, String(p.status))}
                  </Text>{' '}
                  <Text as="span" fontSize="xs" color="fg.muted">
                    {formatDateTime(p.at)}
                  </Text>
                </li>
              ))}
            </Box>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {tr(`${S}.noProgress`)}
            </Text>
          )}
        </Box>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        {going ? tr(`${S}.refreshing`, { seconds: SEND_REFRESH_MS / 1000 }) : tr(`${S}.ended`)}
      </Text>
    </Stack>
  );
}

export interface SendDialogProps {
  /** The dialog's title (already translated). */
  title: string;
  /** The commands that send the record, in order of preference (updateFirmware, signedUpdateFirmware). */
  commands: readonly string[];
  /** The parameters the record fixes (its id); not shown in the form. */
  fixed: Record<string, string>;
  /** Parameters the record already holds (left out of the form so the record's own values are sent). */
  hide?: readonly string[];
  /** Only company accounts may send it (a local list): refused here for a platform account. */
  companyOnly?: boolean;
  onClose: () => void;
}

/** One pile, the command (when several fit), a connector when needed, the other parameters; Send. */
export function SendToChargerDialog(props: SendDialogProps) {
  const { title, commands, fixed, onClose } = props;
  const tr = useTr();
  const can = useCan();
  const company = useIsCompany();
  const refused = props.companyOnly && !company;
  const { mutate } = useSWRConfig();
  const [pile, setPile] = useState<PileRow | null>(null);
  const [connectorNo, setConnectorNo] = useState('');
  const available = useMemo(
    () =>
      commands
        .map(defOf)
        .filter(
          (def): def is CommandDef =>
            def !== undefined && can(def.code) && (!pile || variantFor(def, protocolOf(pile)) !== undefined),
        ),
    [commands, can, pile],
  );
  const [commandKey, setCommandKey] = useState('');
  const def = available.find((d) => d.key === commandKey) ?? available[0];
  const specs = useMemo(() => (def ? describeParams(def.params) : []), [def]);
  const hide = props.hide;
  const shown = useMemo(
    () => specs.filter((s) => !(s.name in fixed) && !hide?.includes(s.name)),
    [specs, fixed, hide],
  );
  const [valuesByCommand, setValuesByCommand] = useState<Record<string, FormValues>>({});
  const values = def ? (valuesByCommand[def.key] ?? initialValues(shown)) : {};
  const [errors, setErrors] = useState<ParamErrors>({});
  const [failure, setFailure] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ chargePointId: string; command: string; commandId: string } | null>(
    null,
  );
  const [issued, setIssued] = useState('');
  /** Checked parameters of a command waiting for its confirmation (docs/decisions/451-charger-actions-confirmed.md). */
  const [asking, setAsking] = useState<Record<string, unknown> | null>(null);

  const choose = (row: PileRow) => {
    setPile(row);
    setConnectorNo('');
    setErrors({});
    setFailure('');
  };

  const submit = async () => {
    if (sending) return;
    setFailure('');
    setIssued('');
    if (refused) return setFailure(tr(`${S}.companyOnly`));
    if (!pile) return setFailure(tr(`${CC}.selectPile`));
    if (!def) return setFailure(tr(`${S}.noCommand`));
    if (def.scope === 'connector' && !connectorNo) {
      setErrors({ connectorNo: `${CC}.selectConnector` });
      return setFailure(tr(`${CC}.selectConnector`));
    }
    const checked = checkParams(def.params, specs, { ...values, ...fixed });
    if (!checked.ok) {
      setErrors(checked.errors);
      const other = Object.keys(checked.errors).filter((k) => !shown.some((s) => k.split('.')[0] === s.name));
      if (other.length) setFailure(other.map((k) => tr(checked.errors[k]!)).join(' '));
      return;
    }
    setErrors({});
    if (CONFIRMED_COMMANDS.has(def.key)) setAsking(checked.params);
    else await send(pile, def, checked.params);
  };

  const send = async (pile: PileRow, def: CommandDef, params: Record<string, unknown>) => {
    setSending(true);
    const outcome = await sendToPile(tr, {
      chargePointId: pile.chargePointId,
      ...(connectorNo ? { connectorNo: Number(connectorNo) } : {}),
      command: def.key,
      params,
    });
    setSending(false);
    void mutate((key) => Array.isArray(key) && (key[0] === COMMAND_LIST_URL || key[0] === PILE_LIST_URL));
    if (outcome.ok) {
      setIssued(outcome.text);
      setSent(
        outcome.commandId
          ? { chargePointId: pile.chargePointId, command: def.key, commandId: outcome.commandId }
          : null,
      );
    } else {
      setErrors(outcome.errors);
      setFailure(outcome.text);
    }
  };

  return (
    <FormDialog
      title={title}
      submitLabel={tr(`${S}.send`)}
      cancelLabel={tr(`${S}.close`)}
      closeLabel={tr('admin.common.close')}
      busy={sending}
      onClose={onClose}
      onSubmit={() => void submit()}
      size="lg"
    >
      <Stack gap="4">
        {refused ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {tr(`${S}.companyOnly`)}
          </Text>
        ) : null}
        <Text fontSize="sm" color="fg.muted">
          {tr(`${S}.onePile`)}
        </Text>
        <PilePicker tr={tr} selected={pile} onSelect={choose} onFresh={setPile} />
        {pile ? (
          <HStack gap="2" data-testid="send-pile">
            <Text fontSize="sm">{tr(`${CC}.pile.selected`)}</Text>
            <Code>{pile.chargePointId}</Code>
          </HStack>
        ) : null}
        {pile && available.length === 0 ? (
          <Text color="fg.warning" fontSize="sm" role="alert">
            {tr(`${S}.noCommand`)}
          </Text>
        ) : null}
        {available.length > 1 ? (
          <Field.Root>
            <Field.Label>{tr(`${S}.command`)}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={def?.key ?? ''}
                onChange={(e) => {
                  setCommandKey(e.currentTarget.value);
                  setErrors({});
                }}
              >
                {available.map((d) => (
                  <option key={d.key} value={d.key}>
                    {commandName(tr, d.key)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ) : def ? (
          <Text fontSize="sm">
            {tr(`${S}.command`)}: {commandName(tr, def.key)}
          </Text>
        ) : null}
        {def?.scope === 'connector' ? (
          <ConnectorSelect
            pile={pile}
            value={connectorNo}
            error={errors.connectorNo ? tr(errors.connectorNo) : undefined}
            onChange={setConnectorNo}
          />
        ) : null}
        {def && shown.length ? (
          <ParamFields
            tr={tr}
            specs={shown}
            values={values}
            errors={errors}
            disabled={sending}
            onChange={(next) => setValuesByCommand((prev) => ({ ...prev, [def.key]: next }))}
          />
        ) : null}
        {failure ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title fontWeight="normal">{failure}</Alert.Title>
          </Alert.Root>
        ) : null}
        {issued ? (
          <Alert.Root status="success" role="status" data-testid="send-outcome">
            <Alert.Indicator />
            <Alert.Title fontWeight="normal">{issued}</Alert.Title>
          </Alert.Root>
        ) : null}
        {sent ? <SentCommand key={sent.commandId} {...sent} /> : null}
      </Stack>
      {asking && pile && def ? (
        <ConfirmDialog
          open
          danger
          title={confirmationTitle(tr, def.key)}
          message={confirmationText(tr, {
            command: def.key,
            pile,
            connectorNo: def.scope === 'connector' ? connectorNo : undefined,
            specs,
            params: asking,
          })}
          confirmLabel={tr(`${S}.send`)}
          cancelLabel={tr(`${CC}.form.cancel`)}
          onConfirm={async () => {
            const params = asking;
            setAsking(null);
            await send(pile, def, params);
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </FormDialog>
  );
}

/**
 * A row action opening the dialog for the row's record: shown to users holding any of its commands' codes
 * (the dialog offers only those they hold); `visible` may hide it further.
 */
export function sendAction(options: {
  key: string;
  label: string;
  commands: readonly string[];
  /** The parameters the row fixes (`{ firmwareId: row.id }`). */
  fixed: (row: Row) => Record<string, string>;
  nameField: string;
  visible?: (row: Row) => boolean;
  companyOnly?: boolean;
  hide?: readonly string[];
}): RowAction {
  const codes = options.commands.flatMap((name) => defOf(name)?.code ?? []);
  function Dialog(props: RowDialogProps) {
    const tr = useTr();
    return (
      <SendToChargerDialog
        title={tr(`${S}.title`, { name: String(props.row[options.nameField] ?? '') })}
        commands={options.commands}
        fixed={options.fixed(props.row)}
        companyOnly={options.companyOnly}
        hide={options.hide}
        onClose={props.onClose}
      />
    );
  }
  return {
    key: options.key,
    label: () => options.label,
    permission: codes,
    ...(options.visible ? { visible: options.visible } : {}),
    dialog: Dialog,
  };
}

/** The signed-in user is a company account (the layout's user, else the stored copy). */
export function useIsCompany(): boolean {
  const current = useCurrentUser();
  return isCompanyUser(current?.user ?? storedUser());
}
