/**
 * Charger control (/command): "Charge point control" (2257) sends the pile's commands and
 * "Connector control" (2258) a connector's. Exactly one pile is chosen from a searchable list with its online
 * state (`?chargePointId=` preselects one, as the charger page's "Commands" does), then, for a connector
 * command, one of its connectors; the commands offered are those of the catalogue the user holds the button
 * code for and the pile's protocol has. The parameter form is built from the command's schema and checked
 * with it before sending; the server's field errors land on the fields. A command that stops, unlocks,
 * resets, changes availability or replaces firmware asks first, naming the charger and the connector
 * (docs/decisions/451-charger-actions-confirmed.md). The answer of the command just sent shows under the form,
 * as labelled fields (docs/decisions/452-no-raw-values-in-the-console.md); the results list sits below.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  Field,
  HStack,
  NativeSelect,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { COMMANDS, variantFor, type CommandDef } from '@shared/commands/catalogue.ts';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { Section } from '@web/components/ui/section.tsx';
import { WarningNotice } from '@web/components/ui/state-views.tsx';
import { request } from '@web/lib/api.ts';
import { errorMessage, fetchPage } from '@web/resources/api.ts';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import type { Row } from '@web/resources/types.ts';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { OnlineBadge, PILE_LIST_URL } from '@web/resources/decls/site/common.tsx';
import { CommandResults } from './command-results.tsx';
import { SentCommandResult } from './sent-result.tsx';
import { COMMAND_LIST_URL } from './result-text.ts';
import { commandName } from './labels.ts';
import { CONFIRMED_COMMANDS, confirmationText, confirmationTitle } from './confirmation.ts';
import {
  COMMAND_SEND_URL,
  ConnectorSelect,
  PILE_PAGE,
  PilePicker,
  protocolName,
  protocolOf,
  type PileRow,
} from './pile-picker.tsx';

import {
  checkParams,
  describeParams,
  initialValues,
  ParamFields,
  type FormValues,
  type ParamErrors,
} from './param-form.tsx';
import { CODE } from '@shared/permissions/menus.ts';
import { useMonitoringLimits } from './monitoring-limits.tsx';

const C = 'commandConsole';

export type ControlMode = 'pile' | 'connector';
/** The tab of each kind of command: its code (shared/permissions/menus.ts) and menu name. */
export const MODE_CODE: Record<ControlMode, string> = {
  pile: CODE.chargePointControl,
  connector: CODE.connectorControl,
};
/**
 * Commands that change what a charger does for its drivers at once: each asks for a confirmation naming the
 * charger (and the connector) before it is sent (docs/decisions/451-charger-actions-confirmed.md).
 */
export { CONFIRMED_COMMANDS };

/** The results list. */
export const RESULTS_CODE = CODE.commandResults;

/** The commands of a tab the user may send to the pile (every permitted one while no pile is chosen). */
export function commandsFor(
  mode: ControlMode,
  can: (code: string) => boolean,
  pile: PileRow | null,
): CommandDef[] {
  return COMMANDS.filter(
    (def) =>
      def.scope === mode && can(def.code) && (!pile || variantFor(def, protocolOf(pile)) !== undefined),
  );
}

export function CommandPage() {
  const tr = useTr();
  const can = useCan();
  const [search] = useSearchParams();
  const modes = (['pile', 'connector'] as const).filter((m) => can(MODE_CODE[m]));
  const [mode, setMode] = useState<ControlMode>(modes[0] ?? 'pile');
  const [pile, setPile] = useState<PileRow | null>(null);
  const [connectorNo, setConnectorNo] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const preselect = search.get('chargePointId') ?? '';

  // ?chargePointId= picks that pile (the charger page's "Commands").
  useEffect(() => {
    if (!preselect) return;
    let live = true;
    fetchPage(PILE_LIST_URL, { current: 1, size: PILE_PAGE, chargePointId: preselect }).then(
      (page) => {
        if (!live) return;
        const found = page.records.find((r) => String(r.chargePointId ?? r.id) === preselect);
        if (found) {
          setPile(found as PileRow);
          setConnectorNo('');
          setMissing(null);
        } else setMissing(preselect);
      },
      () => live && setMissing(preselect),
    );
    return () => {
      live = false;
    };
  }, [preselect]);

  const choose = (row: PileRow | null) => {
    setPile(row);
    setConnectorNo('');
    setMissing(null);
  };

  return (
    <Stack gap="4">
      {missing ? <WarningNotice>{tr(`${C}.pile.preselectMissing`, { id: missing })}</WarningNotice> : null}
      {modes.length === 0 ? (
        <WarningNotice>{tr(`${C}.noModes`)}</WarningNotice>
      ) : (
        <Tabs.Root
          value={modes.includes(mode) ? mode : modes[0]}
          onValueChange={(e) => setMode(e.value as ControlMode)}
          variant="enclosed"
          lazyMount
          unmountOnExit
        >
          <Tabs.List aria-label={tr(`${C}.modes`)}>
            {modes.map((m) => (
              <Tabs.Trigger key={m} value={m}>
                {tr(`menu.m${MODE_CODE[m]}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {modes.map((m) => (
            <Tabs.Content key={m} value={m}>
              <Box
                display="grid"
                gridTemplateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }}
                gap="4"
              >
                <PilePicker tr={tr} selected={pile} onSelect={choose} onFresh={setPile} />
                <CommandForm
                  tr={tr}
                  mode={m}
                  pile={pile}
                  connectorNo={connectorNo}
                  onConnector={setConnectorNo}
                />
              </Box>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
      {can(RESULTS_CODE) ? <CommandResults /> : null}
    </Stack>
  );
}

// ---- The command ------------------------------------------------------------------------------------------

/** A sent command names itself, so its answer is shown beside the form (decision 452). */
type Outcome =
  | { ok: true; text: string; sent?: { commandId: string; chargePointId: string; command: string } }
  | { ok: false; text: string };

function CommandForm(props: {
  tr: Translate;
  mode: ControlMode;
  pile: PileRow | null;
  connectorNo: string;
  onConnector: (no: string) => void;
}) {
  const { tr, mode, pile, connectorNo, onConnector } = props;
  const can = useCan();
  const { mutate } = useSWRConfig();
  const available = useMemo(() => commandsFor(mode, can, pile), [mode, can, pile]);
  const [commandKey, setCommandKey] = useState('');
  const def = available.find((c) => c.key === commandKey);
  const specs = useMemo(() => (def ? describeParams(def.params) : []), [def]);
  const [values, setValues] = useState<FormValues>({});
  // Variable monitoring: the charger's reported limits shape the threshold and the check (decision 462).
  const monitoring = useMonitoringLimits(def, pile?.chargePointId, values, specs, tr);
  const [errors, setErrors] = useState<ParamErrors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sending, setSending] = useState(false);
  /** Checked parameters of a command waiting for its confirmation. */
  const [asking, setAsking] = useState<Record<string, unknown> | null>(null);

  // A command the newly chosen pile's protocol lacks is dropped.
  useEffect(() => {
    if (commandKey && !available.some((c) => c.key === commandKey)) setCommandKey('');
  }, [available, commandKey]);
  useEffect(() => {
    setErrors({});
    setOutcome(null);
  }, [pile?.chargePointId]);

  const pickCommand = (key: string) => {
    setCommandKey(key);
    const next = available.find((c) => c.key === key);
    setValues(next ? initialValues(describeParams(next.params)) : {});
    setErrors({});
    setOutcome(null);
  };

  const refuse = (text: string, fieldErrors: ParamErrors = {}) => {
    setErrors(fieldErrors);
    setOutcome({ ok: false, text });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setOutcome(null);
    if (!pile) return refuse(tr(`${C}.selectPile`), { chargePointId: `${C}.selectPile` });
    if (mode === 'connector' && !connectorNo)
      return refuse(tr(`${C}.selectConnector`), { connectorNo: `${C}.selectConnector` });
    if (!def) return refuse(tr(`${C}.selectCommand`), { command: `${C}.selectCommand` });
    const checked = checkParams(monitoring.schema ?? def.params, monitoring.specs, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (CONFIRMED_COMMANDS.has(def.key)) setAsking(checked.params);
    else await send(checked.params);
  };

  const send = async (params: Record<string, unknown>) => {
    if (!pile || !def) return;
    setSending(true);
    try {
      const answer = await request<Row>(COMMAND_SEND_URL, {
        body: {
          chargePointId: pile.chargePointId,
          ...(mode === 'connector' ? { connectorNo: Number(connectorNo) } : {}),
          command: def.key,
          params,
        },
      });
      if (answer.code === 0) {
        const commandId = String((answer.data as Row | undefined)?.commandId ?? '');
        setOutcome({
          ok: true,
          text: answer.msg || tr('commandRes.server.issued'),
          ...(commandId ? { sent: { commandId, chargePointId: pile.chargePointId, command: def.key } } : {}),
        });
      } else {
        const fields =
          answer.data && typeof answer.data === 'object' ? (answer.data as Record<string, unknown>) : {};
        const byPath: ParamErrors = {};
        for (const [key, message] of Object.entries(fields)) {
          if (typeof message === 'string') byPath[key.replace(/^params\./, '')] = message;
        }
        refuse(answer.msg ? tr(answer.msg) : tr(`${C}.sendFailed`), byPath);
      }
    } catch (error) {
      refuse(errorMessage(tr, error));
    } finally {
      setSending(false);
      // The attempt is on the results list whatever came of it (an offline pile is recorded too), and the
      // pile's online state may have changed.
      void mutate((key) => Array.isArray(key) && (key[0] === COMMAND_LIST_URL || key[0] === PILE_LIST_URL));
    }
  };

  const protocol = pile ? protocolOf(pile) : '';
  // What the confirmation names: the charger (and its name), the connector, the options chosen.
  const confirmText = () =>
    def && pile && asking
      ? confirmationText(tr, {
          command: def.key,
          pile,
          connectorNo: mode === 'connector' ? connectorNo : undefined,
          specs,
          params: asking,
        })
      : '';
  const errorOf = (key: string) => (errors[key] ? tr(errors[key]) : undefined);
  const formTitle = tr(`menu.m${MODE_CODE[mode]}`);

  return (
    <Section title={tr(`${C}.form.title`)}>
      <form onSubmit={(e: FormEvent) => void submit(e)} aria-label={formTitle} noValidate>
        <Stack gap="4">
          <Box>
            <Text fontSize="sm" fontWeight="medium" mb="1">
              {tr(`${C}.pile.selected`)}
            </Text>
            {pile ? (
              <HStack gap="2" wrap="wrap" data-testid="selected-pile">
                <Code>{pile.chargePointId}</Code>
                {pile.name && pile.name !== pile.chargePointId ? (
                  <Text fontSize="sm">{pile.name}</Text>
                ) : null}
                {protocol ? <Badge size="sm">{protocolName(protocol)}</Badge> : null}
                <OnlineBadge tr={tr} online={pile.online} />
              </HStack>
            ) : (
              <Text color={errors.chargePointId ? 'fg.error' : 'fg.muted'} fontSize="sm">
                {tr(`${C}.selectPile`)}
              </Text>
            )}
            {pile && !pile.online ? (
              <Text fontSize="sm" color="fg.warning" mt="1">
                {tr(`${C}.pile.offline`)}
              </Text>
            ) : null}
          </Box>

          {mode === 'connector' ? (
            <ConnectorSelect
              pile={pile}
              value={connectorNo}
              error={errorOf('connectorNo')}
              onChange={onConnector}
            />
          ) : null}

          <Field.Root invalid={Boolean(errors.command)} required>
            <Field.Label>
              {tr(`${C}.form.command`)}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={def ? commandKey : ''}
                onChange={(e) => pickCommand(e.currentTarget.value)}
              >
                <option value="" disabled>
                  {tr(`${C}.form.choose`)}
                </option>
                {available.map((c) => (
                  <option key={c.key} value={c.key}>
                    {commandName(tr, c.key)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {available.length === 0 ? (
              <Field.HelperText>{tr(`${C}.form.noCommands`)}</Field.HelperText>
            ) : null}
            {!pile && available.length ? (
              <Field.HelperText>{tr(`${C}.form.pickPileFirst`)}</Field.HelperText>
            ) : null}
            {errorOf('command') ? <Field.ErrorText>{errorOf('command')}</Field.ErrorText> : null}
          </Field.Root>

          {def ? (
            <Box as="fieldset" aria-label={tr(`${C}.form.params`)}>
              <Text as="legend" fontSize="sm" fontWeight="semibold" mb="2">
                {tr(`${C}.form.params`)}
              </Text>
              {specs.length ? (
                <>
                  <ParamFields
                    tr={tr}
                    specs={monitoring.specs}
                    values={values}
                    errors={errors}
                    onChange={setValues}
                  />
                  {monitoring.panel}
                </>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  {tr(`${C}.form.noParams`)}
                </Text>
              )}
              {errors._ ? (
                <Text fontSize="sm" color="fg.error" mt="2">
                  {tr(errors._)}
                </Text>
              ) : null}
            </Box>
          ) : null}

          <HStack>
            <Button type="submit" colorPalette="blue" loading={sending}>
              {tr(`${C}.form.send`)}
            </Button>
          </HStack>

          {asking && def ? (
            <ConfirmDialog
              open
              danger
              title={confirmationTitle(tr, def.key)}
              message={confirmText()}
              confirmLabel={tr(`${C}.form.send`)}
              cancelLabel={tr(`${C}.form.cancel`)}
              onConfirm={async () => {
                const params = asking;
                setAsking(null);
                await send(params);
              }}
              onClose={() => setAsking(null)}
            />
          ) : null}

          {outcome ? (
            <Alert.Root
              status={outcome.ok ? 'success' : 'error'}
              role={outcome.ok ? 'status' : 'alert'}
              data-testid="command-outcome"
            >
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">{outcome.text}</Alert.Title>
            </Alert.Root>
          ) : null}
          {outcome?.ok && outcome.sent ? (
            <SentCommandResult key={outcome.sent.commandId} tr={tr} {...outcome.sent} />
          ) : null}
        </Stack>
      </form>
    </Section>
  );
}
