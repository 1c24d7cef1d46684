/**
 * The results of remote commands (`/biz/command/list`, code 2256): newest first, filtered by charge point,
 * command, status and a time range of at most 7 days (docs/product.md section 5; without a start, the last 7
 * days). Status and result read as text (the catalogue's statuses, OCPP answer statuses and CALLERROR texts);
 * the list refreshes every 5 seconds while a command on it is queued or sent. An answer reads as labelled
 * fields in its row and as fields and tables in its details; the payload sent and the raw answer are behind
 * the row's "Details" (docs/decisions/452-no-raw-values-in-the-console.md).
 */
import {
  Box,
  Button,
  Code,
  DataList,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { COMMAND_QUERY_DAYS, COMMANDS } from '@shared/commands/catalogue.ts';
import { protocolName } from '@shared/ocpp/protocol-name.ts';
import { StatusBadge } from '@web/components/ui/status-badge.tsx';
import { useToggleSet } from '@web/components/ui/use-toggle-set.ts';
import { formatDateTime, fromLocalInput, rangeProblem } from '@web/lib/format.ts';
import type { Tone } from '@web/lib/health.ts';
import { fetchPage } from '@web/resources/api.ts';
import { DataTable } from '@web/resources/data-table.tsx';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import { RangeSearch } from '@web/resources/range-search.tsx';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import type { Row } from '@web/resources/types.ts';
import { Fragment, useState } from 'react';
import useSWR from 'swr';
import { commandName, statusText } from './labels.ts';
import { ExpiryBadge, reportTimeText } from './expiry.tsx';
import { ResultView } from './result-view.tsx';
import { COMMAND_LIST_URL, isPending, resultText, type CommandError } from './result-text.ts';

export const RESULTS_REFRESH_MS = 5_000;
const PAGE_SIZE = 10;
const R = 'commandConsole.results';

export const COMMAND_STATUSES = [
  'queued',
  'sent',
  'answered',
  'rejected',
  'offline',
  'timeout',
  'failed',
] as const;

const STATUS_TONE: Record<string, Tone> = {
  queued: 'info',
  sent: 'info',
  answered: 'success',
  rejected: 'danger',
  offline: 'warning',
  timeout: 'warning',
  failed: 'danger',
};

const pretty = (value: unknown) => (value === undefined ? '-' : JSON.stringify(value, null, 2));

/** Why a result range cannot be asked for (key and values), or null. No start means the last 7 days. */
export function resultRangeProblem(from: string, to: string, now = Date.now()) {
  return rangeProblem(from, to, COMMAND_QUERY_DAYS, now);
}

interface Filters {
  chargePointId: string;
  command: string;
  status: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { chargePointId: '', command: '', status: '', from: '', to: '' };

export function CommandResults() {
  const tr = useTr();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [current, setCurrent] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, toggle] = useToggleSet();
  const body: Row = {
    current,
    size: PAGE_SIZE,
    ...(filters.chargePointId.trim() ? { chargePointId: filters.chargePointId.trim() } : {}),
    ...(filters.command ? { command: filters.command } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.from ? { startTime: fromLocalInput(filters.from) } : {}),
    ...(filters.to ? { endTime: fromLocalInput(filters.to) } : {}),
  };
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    [COMMAND_LIST_URL, JSON.stringify(body)],
    () => fetchPage(COMMAND_LIST_URL, body),
    {
      keepPreviousData: true,
      refreshInterval: (latest) => (latest?.records.some(isPending) ? RESULTS_REFRESH_MS : 0),
    },
  );
  const set = (name: keyof Filters) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setDraft((d) => ({ ...d, [name]: value }));
  };
  const submit = () => {
    const refusal = resultRangeProblem(draft.from, draft.to);
    setProblem(refusal ? tr(refusal.key, refusal.values) : null);
    if (refusal) return;
    setFilters({ ...draft });
    setCurrent(1);
  };
  const reset = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setProblem(null);
    setCurrent(1);
  };
  const records = data?.records ?? [];
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));

  return (
    <Box as="section" aria-label={tr(`${R}.title`)} bg="bg.panel" borderWidth="1px" rounded="l2" p="4">
      <HStack justify="space-between" mb="3" wrap="wrap">
        <Heading as="h2" size="md">
          {tr(`${R}.title`)}
        </Heading>
        <HStack gap="3">
          <Text fontSize="xs" color="fg.muted">
            {tr(`${R}.refreshNote`, { seconds: RESULTS_REFRESH_MS / 1000 })}
          </Text>
          <Button size="sm" variant="ghost" onClick={() => void mutate()} loading={isValidating && !!data}>
            {tr('admin.common.refresh')}
          </Button>
        </HStack>
      </HStack>

      <Stack gap="3">
        <RangeSearch
          label={tr('admin.common.search')}
          from={draft.from}
          to={draft.to}
          fromLabel={tr(`${R}.from`)}
          toLabel={tr(`${R}.to`)}
          onRange={(range) => setDraft((d) => ({ ...d, ...range }))}
          onSubmit={submit}
          onReset={reset}
          help={tr(`${R}.rangeHelp`, { days: COMMAND_QUERY_DAYS })}
          problem={problem}
        >
          <Field.Root w="auto">
            <Field.Label>{tr(`${R}.charger`)}</Field.Label>
            <Input size="sm" value={draft.chargePointId} onChange={set('chargePointId')} />
          </Field.Root>
          <Field.Root w="auto">
            <Field.Label>{tr(`${R}.command`)}</Field.Label>
            <NativeSelect.Root size="sm" minW="48">
              <NativeSelect.Field value={draft.command} onChange={set('command')}>
                <option value="">{tr(`${R}.all`)}</option>
                {COMMANDS.map((c) => (
                  <option key={c.key} value={c.key}>
                    {commandName(tr, c.key)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root w="auto">
            <Field.Label>{tr(`${R}.status`)}</Field.Label>
            <NativeSelect.Root size="sm" minW="40">
              <NativeSelect.Field value={draft.status} onChange={set('status')}>
                <option value="">{tr(`${R}.all`)}</option>
                {COMMAND_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusText(tr, s)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </RangeSearch>

        <LoadStates
          {...fromSwr({ data, error, isLoading, mutate })}
          empty={!!data && records.length === 0}
          emptyTitle={tr(`${R}.empty`)}
          errorTitle={tr('messages.cannotFetch')}
        />

        {records.length ? (
          <DataTable
            label={tr(`${R}.title`)}
            headings={[
              tr(`${R}.time`),
              tr(`${R}.charger`),
              tr(`${R}.connector`),
              tr(`${R}.command`),
              tr(`${R}.status`),
              tr('commandRes.fields.expireType'),
              tr('commandRes.fields.reportTime'),
              tr(`${R}.result`),
              tr(`${R}.createdBy`),
              tr(`${R}.details`),
            ]}
            scroll
          >
            {records.map((row) => {
              const id = String(row.commandId ?? '');
              const shown = open.has(id);
              const name = commandName(tr, row.command);
              return (
                <Fragment key={id}>
                  <Table.Row data-status={String(row.status ?? '')}>
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(row.createdAt) || '-'}</Table.Cell>
                    <Table.Cell fontFamily="mono" fontSize="xs">
                      {String(row.chargePointId ?? '')}
                    </Table.Cell>
                    <Table.Cell>{row.connectorNo ? String(row.connectorNo) : tr(`${R}.pile`)}</Table.Cell>
                    <Table.Cell>{name}</Table.Cell>
                    <Table.Cell>
                      <StatusBadge
                        tone={STATUS_TONE[String(row.status)] ?? 'neutral'}
                        size="sm"
                        label={statusText(tr, row.status)}
                      />
                    </Table.Cell>
                    <Table.Cell data-testid="command-expire-type">
                      <ExpiryBadge tr={tr} row={row} />
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap" data-testid="command-report-time">
                      {reportTimeText(row)}
                    </Table.Cell>
                    <Table.Cell
                      maxW="xs"
                      whiteSpace="normal"
                      wordBreak="break-all"
                      data-testid="command-result"
                    >
                      {resultText(tr, row)}
                    </Table.Cell>
                    <Table.Cell>{String(row.createdBy ?? '') || '-'}</Table.Cell>
                    <Table.Cell>
                      <Button
                        size="xs"
                        variant="ghost"
                        aria-expanded={shown}
                        aria-label={
                          shown
                            ? tr(`${R}.hideDetails`)
                            : tr(`${R}.showDetails`, { command: name, charger: row.chargePointId })
                        }
                        onClick={() => toggle(id)}
                      >
                        {tr(shown ? `${R}.hideDetails` : `${R}.details`)}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                  {shown ? (
                    <Table.Row>
                      <Table.Cell colSpan={10} bg="bg.subtle">
                        <Details tr={tr} row={row} />
                      </Table.Cell>
                    </Table.Row>
                  ) : null}
                </Fragment>
              );
            })}
          </DataTable>
        ) : null}

        {data && data.total > PAGE_SIZE ? (
          <HStack justify="flex-end" gap="2" aria-label={tr('admin.common.pagination')} role="navigation">
            <Text fontSize="sm" color="fg.muted">
              {tr('admin.common.total', { total: data.total })}
            </Text>
            <Button
              size="xs"
              variant="outline"
              disabled={current <= 1}
              onClick={() => setCurrent(current - 1)}
            >
              {tr('admin.common.prev')}
            </Button>
            <Text fontSize="sm">{tr('admin.common.pageOf', { page: current, pages })}</Text>
            <Button
              size="xs"
              variant="outline"
              disabled={current >= pages}
              onClick={() => setCurrent(current + 1)}
            >
              {tr('admin.common.next')}
            </Button>
          </HStack>
        ) : null}
      </Stack>
    </Box>
  );
}

function Details({ tr, row }: { tr: Translate; row: Row }) {
  const error = row.error as CommandError | undefined;
  const facts: { label: string; value: string }[] = [
    { label: tr(`${R}.commandId`), value: String(row.commandId ?? '') },
    { label: tr(`${R}.action`), value: String(row.action ?? '') },
    { label: tr(`${R}.protocol`), value: protocolName(row.protocol) },
    { label: tr(`${R}.sentAt`), value: formatDateTime(row.sentAt) },
    { label: tr(`${R}.answeredAt`), value: formatDateTime(row.answeredAt) },
    ...(error
      ? [{ label: tr(`${R}.error`), value: [error.code, error.description].filter(Boolean).join(': ') }]
      : []),
  ];
  return (
    <Stack gap="3">
      {row.status === 'answered' && row.result !== undefined ? (
        <ResultView tr={tr} result={row.result} label={tr(`${R}.result`)} />
      ) : null}
      <DataList.Root orientation="horizontal" size="sm">
        {facts.map((f) => (
          <DataList.Item key={f.label}>
            <DataList.ItemLabel minW="36">{f.label}</DataList.ItemLabel>
            <DataList.ItemValue wordBreak="break-all">{f.value || '-'}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr 1fr' }} gap="3">
        <Json label={tr(`${R}.params`)} value={row.params} />
        <Json label={tr(`${R}.payload`)} value={row.payload} />
        <Json label={tr(`${R}.rawResult`)} value={row.result} />
      </Box>
    </Stack>
  );
}

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <Stack gap="1" minW="0" role="group" aria-label={label}>
      <Text fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" p="2">
        {pretty(value)}
      </Code>
    </Stack>
  );
}
