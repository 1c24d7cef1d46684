/**
 * The answer of the command just sent, beside the form that sent it, so it is seen without scrolling to the
 * results list: its status until the charger answers (read again every 2 s while on its way), then the answer
 * as labelled fields and tables; the raw JSON only behind "Details"
 * (docs/decisions/452-no-raw-values-in-the-console.md).
 */
import { Box, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { StatusBadge } from '@web/components/ui/status-badge.tsx';
import { fetchPage } from '@web/resources/api.ts';
import type { Translate } from '@web/resources/i18n.ts';
import type { Row } from '@web/resources/types.ts';
import { useState } from 'react';
import useSWR from 'swr';
import { statusText } from './labels.ts';
import { COMMAND_LIST_URL, isPending, resultText } from './result-text.ts';
import { ResultView } from './result-view.tsx';

export const SENT_REFRESH_MS = 2_000;
const R = 'commandConsole.results';

const TONE: Record<string, 'info' | 'success' | 'danger' | 'warning'> = {
  queued: 'info',
  sent: 'info',
  answered: 'success',
  rejected: 'danger',
  offline: 'warning',
  timeout: 'warning',
  failed: 'danger',
};

export function SentCommandResult(props: {
  tr: Translate;
  commandId: string;
  chargePointId: string;
  command: string;
}) {
  const { tr, commandId } = props;
  const [raw, setRaw] = useState(false);
  const body = { current: 1, size: 20, chargePointId: props.chargePointId, command: props.command };
  const { data } = useSWR(
    [COMMAND_LIST_URL, 'sent', commandId],
    async () => (await fetchPage(COMMAND_LIST_URL, body)).records.find((r) => r.commandId === commandId),
    { refreshInterval: (row?: Row) => (!row || isPending(row) ? SENT_REFRESH_MS : 0) },
  );
  const row = data;
  const answered = row?.status === 'answered' && row.result !== undefined;
  return (
    <Box
      as="section"
      aria-label={tr('readable.result.title')}
      borderWidth="1px"
      rounded="l2"
      p="3"
      data-testid="sent-result"
    >
      <Stack gap="2">
        <HStack justify="space-between" wrap="wrap">
          <Text fontWeight="semibold" fontSize="sm">
            {tr('readable.result.title')}
          </Text>
          <StatusBadge
            tone={TONE[String(row?.status ?? 'queued')] ?? 'info'}
            size="sm"
            label={statusText(tr, row?.status ?? 'queued')}
          />
        </HStack>
        {answered ? (
          <ResultView tr={tr} result={row.result} label={tr(`${R}.result`)} />
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {row ? resultText(tr, row) : tr(`${R}.waiting`)}
          </Text>
        )}
        {row ? (
          <Box>
            <Button size="xs" variant="ghost" aria-expanded={raw} onClick={() => setRaw((r) => !r)}>
              {tr(raw ? `${R}.hideDetails` : `${R}.details`)}
            </Button>
            {raw ? (
              <Stack gap="1" role="group" aria-label={tr(`${R}.rawResult`)} mt="1">
                <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" p="2">
                  {JSON.stringify(row.result ?? row.error ?? null, null, 2)}
                </Code>
              </Stack>
            ) : null}
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}
