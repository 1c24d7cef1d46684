/**
 * Charger control (/command, issue 6): "Charge point control" (2257) sends the pile's commands and
 * "Connector control" (2258) a connector's. Exactly one pile is chosen from a searchable list with its online
 * state (`?chargePointId=` preselects one, as the charger page's "Commands" does), then, for a connector
 * command, one of its connectors; the commands offered are those of the catalogue the user holds the button
 * code for and the pile's protocol has. The parameter form is built from the command's schema and checked
 * with it before sending; the server's field errors land on the fields. The results list sits below.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { COMMANDS, variantFor, type CommandDef } from '@shared/commands/catalogue.ts';
import { WarningNotice } from '@web/components/ui/state-views.tsx';
import { request } from '@web/lib/api.ts';
import { errorMessage, fetchPage } from '@web/resources/api.ts';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import type { Row } from '@web/resources/types.ts';
import { useEffect, useMemo, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { OnlineBadge, PILE_LIST_URL, stateLabel, type ConnectorView } from '../site/common.tsx';
import { COMMAND_LIST_URL, CommandResults } from './command-results.tsx';
import { commandName } from './labels.ts';
import {
  checkParams,
  describeParams,
  initialValues,
  ParamFields,
  type FormValues,
  type ParamErrors,
} from './param-form.tsx';
import { CODE } from '@shared/permissions/menus.ts';

export const COMMAND_SEND_URL = '/biz/command/send';
const C = 'commandConsole';
const SEARCH_DELAY_MS = 300;
const PILE_PAGE = 10;

export type ControlMode = 'pile' | 'connector';
/** The tab of each kind of command: its code (shared/permissions/menus.ts) and menu name. */
export const MODE_CODE: Record<ControlMode, string> = {
  pile: CODE.chargePointControl,
  connector: CODE.connectorControl,
};
/** The results list. */
export const RESULTS_CODE = CODE.commandResults;

export interface PileRow extends Row {
  chargePointId: string;
  name?: string;
  online?: boolean;
  protocol?: string;
  protocolConnected?: string;
  connectorStates?: ConnectorView[];
}

export const protocolOf = (pile: PileRow) => String(pile.protocolConnected ?? pile.protocol ?? '');
export const protocolName = (protocol: string) =>
  protocol === 'ocpp1.6' ? 'OCPP 1.6' : protocol === 'ocpp2.0.1' ? 'OCPP 2.0.1' : protocol;

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

function Panel(props: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Box as="section" aria-label={props.title} bg="bg.panel" borderWidth="1px" rounded="l2" p="4" minW="0">
      <HStack justify="space-between" mb="3" wrap="wrap">
        <Heading as="h2" size="md">
          {props.title}
        </Heading>
        {props.aside}
      </HStack>
      {props.children}
    </Box>
  );
}

// ---- Choosing the pile ------------------------------------------------------------------------------------

/** One pile from a searchable list with its online state (also the device screens' "Send to charger"). */
/** The connector of the chosen pile a command goes to, with each connector's live state. */
export function ConnectorSelect(props: {
  pile: PileRow | null | undefined;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const tr = useTr();
  return (
    <Field.Root invalid={Boolean(props.error)} required disabled={!props.pile}>
      <Field.Label>
        {tr(`${C}.connector.label`)}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
          <option value="" disabled>
            {tr(`${C}.connector.choose`)}
          </option>
          {(props.pile?.connectorStates ?? []).map((c) => (
            <option key={c.connectorNo} value={String(c.connectorNo)}>
              {tr(`${C}.connector.option`, { no: c.connectorNo, state: stateLabel(tr, c.state) })}
              {c.name ? ` · ${c.name}` : ''}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {props.pile && (props.pile.connectorStates ?? []).length === 0 ? (
        <Field.HelperText>{tr(`${C}.connector.none`)}</Field.HelperText>
      ) : null}
      {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

export function PilePicker(props: {
  tr: Translate;
  selected: PileRow | null;
  onSelect: (row: PileRow) => void;
  /** A newer copy of the chosen pile (online state, connectors) from the list. */
  onFresh: (row: PileRow) => void;
}) {
  const { tr, selected, onSelect, onFresh } = props;
  const [text, setText] = useState('');
  const [searchFor, setSearchFor] = useState('');
  const [size, setSize] = useState(PILE_PAGE);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearchFor(text.trim());
      setSize(PILE_PAGE);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const body = { current: 1, size, ...(searchFor ? { chargePointId: searchFor } : {}) };
  const { data, error, isLoading, mutate } = useSWR(
    [PILE_LIST_URL, 'command', JSON.stringify(body)],
    () => fetchPage(PILE_LIST_URL, body),
    { keepPreviousData: true },
  );
  const rows = (data?.records ?? []) as PileRow[];
  const selectedId = selected ? String(selected.chargePointId) : '';
  const fresh = rows.find((r) => String(r.chargePointId) === selectedId);
  useEffect(() => {
    if (fresh && selected && JSON.stringify(fresh) !== JSON.stringify(selected)) onFresh(fresh);
  }, [fresh, selected, onFresh]);
  const keyPick = (row: PileRow) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(row);
    }
  };
  return (
    <Panel title={tr(`${C}.pile.title`)}>
      <Stack gap="3">
        <Input
          type="search"
          size="sm"
          aria-label={tr(`${C}.pile.search`)}
          placeholder={tr(`${C}.pile.search`)}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        {error ? (
          <Stack gap="1">
            <Text color="fg.error" fontSize="sm" role="alert">
              {errorMessage(tr, error)}
            </Text>
            <Box>
              <Button size="xs" variant="outline" onClick={() => void mutate()}>
                {tr('actions.retry')}
              </Button>
            </Box>
          </Stack>
        ) : null}
        {!data && isLoading ? (
          <Text color="fg.muted" fontSize="sm" role="status">
            {tr('admin.common.loading')}
          </Text>
        ) : null}
        {data && rows.length === 0 ? <Text color="fg.muted">{tr(`${C}.pile.none`)}</Text> : null}
        {rows.length ? (
          <Stack
            role="listbox"
            aria-label={tr(`${C}.pile.list`)}
            gap="0"
            borderWidth="1px"
            rounded="l2"
            maxH="96"
            overflowY="auto"
          >
            {rows.map((row) => {
              const id = String(row.chargePointId ?? row.id ?? '');
              const isSelected = id === selectedId;
              return (
                <HStack
                  key={id}
                  role="option"
                  aria-selected={isSelected}
                  tabIndex={0}
                  cursor="pointer"
                  justify="space-between"
                  gap="3"
                  px="3"
                  py="2"
                  borderBottomWidth="1px"
                  _last={{ borderBottomWidth: 0 }}
                  bg={isSelected ? 'blue.subtle' : undefined}
                  _hover={{ bg: isSelected ? 'blue.subtle' : 'bg.muted' }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing' }}
                  onClick={() => onSelect(row)}
                  onKeyDown={keyPick(row)}
                >
                  <Stack gap="0" minW="0">
                    <Text
                      fontFamily="mono"
                      fontSize="sm"
                      fontWeight={isSelected ? 'semibold' : 'normal'}
                      truncate
                    >
                      {id}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" truncate>
                      {[row.name === id ? '' : row.name, protocolName(protocolOf(row))]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                  <OnlineBadge tr={tr} online={row.online} />
                </HStack>
              );
            })}
          </Stack>
        ) : null}
        {data && data.total > rows.length ? (
          <Box>
            <Button size="xs" variant="ghost" onClick={() => setSize((s) => s + PILE_PAGE)}>
              {tr('admin.common.loadMore')}
            </Button>
          </Box>
        ) : null}
      </Stack>
    </Panel>
  );
}

// ---- The command ------------------------------------------------------------------------------------------

type Outcome = { ok: true; text: string } | { ok: false; text: string };

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
  const [errors, setErrors] = useState<ParamErrors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sending, setSending] = useState(false);

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
    const checked = checkParams(def.params, specs, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await request<Row>(COMMAND_SEND_URL, {
        body: {
          chargePointId: pile.chargePointId,
          ...(mode === 'connector' ? { connectorNo: Number(connectorNo) } : {}),
          command: def.key,
          params: checked.params,
        },
      });
      if (answer.code === 0) {
        setOutcome({ ok: true, text: answer.msg || tr('commandRes.server.issued') });
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
  const errorOf = (key: string) => (errors[key] ? tr(errors[key]) : undefined);
  const formTitle = tr(`menu.m${MODE_CODE[mode]}`);

  return (
    <Panel title={tr(`${C}.form.title`)}>
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
                <ParamFields tr={tr} specs={specs} values={values} errors={errors} onChange={setValues} />
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
        </Stack>
      </form>
    </Panel>
  );
}
