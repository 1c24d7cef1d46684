/**
 * Choosing a pile and one of its connectors to command: the searchable pile list with each pile's online
 * state, and the connector select. Shared by the command page and the device pages that send a command
 * themselves, which load this module without the command page.
 */
import { protocolName } from '@shared/ocpp/protocol-name.ts';
import { API } from '@shared/api/paths.ts';
import { Box, Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Section } from '@web/components/ui/section.tsx';
import { errorMessage, fetchPage } from '@web/resources/api.ts';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import type { Row } from '@web/resources/types.ts';
import { useEffect, useState, type KeyboardEvent } from 'react';
import useSWR from 'swr';
import {
  OnlineBadge,
  PILE_LIST_URL,
  stateLabel,
  type ConnectorView,
} from '@web/resources/decls/site/common.tsx';

export const COMMAND_SEND_URL = API.biz.command.send;
const C = 'commandConsole';
const SEARCH_DELAY_MS = 300;
export const PILE_PAGE = 10;

export interface PileRow extends Row {
  chargePointId: string;
  name?: string;
  online?: boolean;
  protocol?: string;
  protocolConnected?: string;
  connectorStates?: ConnectorView[];
}

export const protocolOf = (pile: PileRow) => String(pile.protocolConnected ?? pile.protocol ?? '');
export { protocolName };

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
    <Section title={tr(`${C}.pile.title`)}>
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
              {tr('messages.cannotFetch')}
            </Text>
            <Text color="fg.muted" fontSize="xs">
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
        {data && rows.length > PILE_PAGE && data.total <= rows.length ? (
          <Text fontSize="xs" color="fg.muted" role="status">
            {tr('messages.noMore')}
          </Text>
        ) : null}
      </Stack>
    </Section>
  );
}
