/** Platform status: `GET /health`, refreshed every 5 s. */
import { Box, Card, Heading, HStack, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, WarningNotice } from '@web/components/ui/state-views.tsx';
import { StatusBadge } from '@web/components/ui/status-badge.tsx';
import { durationParts } from '@web/lib/duration.ts';
import { HEALTH_REFRESH_MS, summarise, toneOf, type HealthSnapshot } from '@web/lib/health.ts';
import { describeError } from '@web/lib/http.ts';
import { useHealth } from '@web/lib/use-health.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function StatusPage() {
  const { t } = useTranslation();
  const { data, error, isLoading, isValidating, mutate } = useHealth();
  const failure = error ? describeError(error) : null;
  const failureMessage = failure ? t(failure.key, failure.values ?? {}) : '';

  return (
    <Stack gap="6">
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="2">
        <Box>
          <Heading as="h1" size="xl">
            {t('status.title')}
          </Heading>
          <Text color="fg.muted">{t('status.description')}</Text>
        </Box>
        <HStack color="fg.muted" fontSize="sm" minH="6">
          {isValidating && data ? <Spinner size="xs" /> : null}
          <Text>{t('status.autoRefresh', { seconds: HEALTH_REFRESH_MS / 1000 })}</Text>
        </HStack>
      </HStack>

      {!data && isLoading ? <LoadingState label={t('status.loading')} /> : null}
      {!data && failure ? (
        <ErrorState
          title={t('status.loadError')}
          message={failureMessage}
          retryLabel={t('actions.retry')}
          onRetry={() => void mutate()}
          retrying={isValidating}
        />
      ) : null}
      {data && failure ? (
        <WarningNotice>{`${t('status.staleWarning')} ${failureMessage}`}</WarningNotice>
      ) : null}
      {data ? <HealthView report={data} /> : null}
    </Stack>
  );
}

function HealthView({ report }: { report: HealthSnapshot }) {
  const { t, i18n } = useTranslation();
  const { ok, total } = summarise(report);
  const uptime = report.uptimeSeconds === null ? [] : durationParts(report.uptimeSeconds);
  const updated = new Intl.DateTimeFormat(i18n.resolvedLanguage, { timeStyle: 'medium' }).format(
    report.receivedAt,
  );

  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Figure label={t('status.overall')}>
          <StatusBadge size="lg" tone={toneOf(report.status)} label={t(`status.states.${report.status}`)} />
        </Figure>
        <Figure label={t('status.uptime')}>
          <Text fontSize="xl" fontWeight="semibold">
            {uptime.length ? uptime.map((p) => t(`duration.${p.unit}`, { value: p.value })).join(' ') : '—'}
          </Text>
        </Figure>
        <Figure label={t('status.services')}>
          <Text fontSize="xl" fontWeight="semibold">
            {t('status.summary', { ok, total })}
          </Text>
        </Figure>
      </SimpleGrid>

      {report.services.length === 0 ? (
        <EmptyState title={t('status.emptyTitle')} description={t('status.emptyDescription')} />
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg.panel">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('status.columns.service')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('status.columns.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('status.columns.detail')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {report.services.map((service) => (
                <Table.Row key={service.name}>
                  <Table.Cell fontFamily="mono">{service.name}</Table.Cell>
                  <Table.Cell>
                    <StatusBadge tone={toneOf(service.status)} label={t(`status.states.${service.status}`)} />
                  </Table.Cell>
                  <Table.Cell color="fg.muted">{service.detail ?? '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}

      <Text fontSize="xs" color="fg.subtle" textAlign="end">
        {t('status.lastUpdated', { time: updated })}
      </Text>
    </Stack>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card.Root size="sm">
      <Card.Body gap="2">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
