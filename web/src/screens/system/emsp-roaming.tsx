/**
 * The OCPI side of an eMsp link (/emsp row action): whether the handshake is done, the version and
 * the eMsp's modules, the last exchange and its error, every failed exchange kept (when, the call, the answer;
 * docs/decisions/437), the platform's versions URL to give the eMsp; and "Register" (or "Update
 * registration"), which runs the handshake from the platform's side, and "Pull tokens".
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  DataList,
  Dialog,
  Heading,
  Portal,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { API } from '@shared/api/paths.ts';
import { CODE } from '@shared/permissions/menus.ts';
import { call } from '@web/lib/api.ts';
import { errorMessage } from '@web/resources/api.ts';
import { useTr } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import type { RowDialogProps } from '@web/resources/types.ts';
import { useCallback, useEffect, useState } from 'react';

const E = 'systemRes.emsp';

/** A failed exchange with the eMsp: when, the call (method and URL; empty if none was made) and the answer. */
interface RoamingFailure {
  at: string;
  call: string;
  answer: string;
}

interface RoamingState {
  registerFlag: number;
  version: string;
  modules: string[];
  lastExchangeAt: string;
  lastError: string;
  /** The newest first. */
  failures: RoamingFailure[];
  versionsUrl: string;
  stationCount: number;
}

export function EmspRoamingDialog(props: RowDialogProps) {
  const tr = useTr();
  const can = useCan();
  const id = String(props.row.id ?? '');
  const [state, setState] = useState<RoamingState | null>(null);
  const [problem, setProblem] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setState(await call<RoamingState>(API.admin.emsp.roaming, { id }));
    } catch (error) {
      setProblem(errorMessage(tr, error));
    }
  }, [id, tr]);
  useEffect(() => {
    void load();
  }, [load]);

  const register = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await call<{ registered: boolean; error?: string; state: RoamingState }>(
        API.admin.emsp.register,
        { id },
      );
      setState(answer.state);
      setOutcome(
        answer.error
          ? { ok: false, text: tr(`${E}.registerFailed`, { error: answer.error }) }
          : { ok: true, text: tr(`${E}.registerDone`) },
      );
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(tr, error) });
    } finally {
      setBusy(false);
    }
  };

  const pullTokens = async () => {
    setOutcome(null);
    try {
      await call(API.admin.emsp.pullTokens, { id });
      setOutcome({ ok: true, text: tr(`${E}.pullTokensQueued`) });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(tr, error) });
    }
  };

  // After a registration the list shows the new register flag: closing reloads it.
  const close = () => (outcome ? props.onDone(outcome.text) : props.onClose());
  const when = (iso: string) => (iso ? new Date(iso).toLocaleString() : tr(`${E}.none`));
  const rows = state
    ? [
        {
          key: 'registerFlag',
          label: tr(`${E}.registerFlag`),
          value: (
            <Badge colorPalette={state.registerFlag === 1 ? 'green' : 'gray'}>
              {tr(state.registerFlag === 1 ? `${E}.registered` : `${E}.unregistered`)}
            </Badge>
          ),
        },
        { key: 'version', label: tr(`${E}.version`), value: state.version || tr(`${E}.none`) },
        {
          key: 'modules',
          label: tr(`${E}.modules`),
          value: state.modules.length ? state.modules.join(', ') : tr(`${E}.none`),
        },
        { key: 'lastExchange', label: tr(`${E}.lastExchange`), value: when(state.lastExchangeAt) },
        {
          key: 'lastError',
          label: tr(`${E}.lastError`),
          value: state.lastError ? <Text color="fg.error">{state.lastError}</Text> : tr(`${E}.none`),
        },
        {
          key: 'versionsUrl',
          label: tr(`${E}.versionsUrl`),
          value: (
            <Code p="1" wordBreak="break-all">
              {state.versionsUrl}
            </Code>
          ),
        },
      ]
    : [];

  return (
    <Dialog.Root
      // Named by its title from the first render, before Chakra links the title (aria-labelledby).
      aria-label={`${tr(`${E}.roaming`)}: ${String(props.row.name ?? '')}`}
      open
      size="lg"
      onOpenChange={(e) => (e.open ? undefined : close())}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="emsp-roaming">
            <Dialog.Header>
              <Dialog.Title>
                {tr(`${E}.roaming`)}: {String(props.row.name ?? '')}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {problem && (
                <Alert.Root status="error" mb="4">
                  <Alert.Indicator />
                  <Alert.Title fontWeight="normal">{problem}</Alert.Title>
                </Alert.Root>
              )}
              {!state && !problem && <Spinner />}
              {outcome && (
                <Alert.Root
                  status={outcome.ok ? 'success' : 'error'}
                  mb="4"
                  data-testid="emsp-register-outcome"
                >
                  <Alert.Indicator />
                  <Alert.Title fontWeight="normal">{outcome.text}</Alert.Title>
                </Alert.Root>
              )}
              <DataList.Root orientation="horizontal" gap="3">
                {rows.map((row) => (
                  <DataList.Item key={row.key} data-testid={`emsp-roaming-${row.key}`}>
                    <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
                    <DataList.ItemValue>{row.value}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
              {state && <Failures failures={state.failures ?? []} when={when} />}
            </Dialog.Body>
            <Dialog.Footer>
              {state?.registerFlag === 1 && can(CODE.emspEdit) && (
                <Button variant="outline" onClick={() => void pullTokens()}>
                  {tr(`${E}.pullTokens`)}
                </Button>
              )}
              {state && can(CODE.emspEdit) && (
                <Button colorPalette="blue" loading={busy} onClick={() => void register()}>
                  {tr(state.registerFlag === 1 ? `${E}.registerAgain` : `${E}.register`)}
                </Button>
              )}
              <Button variant="outline" onClick={close}>
                {tr('admin.common.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The eMsp's failed exchanges, the newest first: when, the call and what came back (or why it was refused). */
function Failures(props: { failures: RoamingFailure[]; when: (iso: string) => string }) {
  const tr = useTr();
  return (
    <Box mt="6" data-testid="emsp-roaming-failures">
      <Heading size="sm">{tr(`${E}.failures`)}</Heading>
      <Text textStyle="xs" color="fg.muted" mb="2">
        {tr(`${E}.failuresHelp`)}
      </Text>
      {props.failures.length === 0 ? (
        <Text>{tr(`${E}.noFailures`)}</Text>
      ) : (
        <Stack as="ol" gap="3" maxH="72" overflowY="auto" listStyleType="none">
          {props.failures.map((failure, i) => (
            <Box as="li" key={`${failure.at}-${i}`} borderLeftWidth="2px" borderColor="border.error" ps="3">
              <Text textStyle="xs" color="fg.muted">
                {props.when(failure.at)}
              </Text>
              {failure.call && (
                <Text textStyle="sm" wordBreak="break-all">
                  <Text as="span" fontWeight="medium" me="2">
                    {tr(`${E}.failureCall`)}
                  </Text>
                  <Code>{failure.call}</Code>
                </Text>
              )}
              <Text textStyle="sm" color="fg.error" wordBreak="break-word">
                <Text as="span" fontWeight="medium" me="2">
                  {tr(`${E}.failureAnswer`)}
                </Text>
                {failure.answer}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
