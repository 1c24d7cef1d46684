/**
 * An energy box's page (/energyBoxDetail/{code}): what the box is (rating, limit, phases, linked piles, the
 * "Not linked" flag), its latest report (per phase load against usable current, faults, Wi-Fi and Bluetooth,
 * firmware, when it last reported), refreshed every 10 seconds, and a chart of the last hour. The load limit
 * is set from here as from the list.
 */
import { API } from '@shared/api/paths.ts';
import { Box, Button, Code, HStack, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { EBOX_CODE } from '@shared/resources/device/energy-box.ts';
import { AppLink } from '@web/components/ui/link.tsx';
import { Facts, Section } from '@web/components/ui/section.tsx';
import { ErrorState, LoadingState } from '@web/components/ui/state-views.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { formatDateTime } from '@web/lib/format.ts';
import { errorMessage } from '@web/resources/api.ts';
import { useRecordPage } from '@web/resources/detail.tsx';
import { optionLabel } from '@web/resources/cells.tsx';
import { chargerDetailPath } from '@web/resources/decls/site/common.tsx';
import { DataTable } from '@web/resources/data-table.tsx';
import { FieldsDialog } from '@web/resources/fields-dialog.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import type { Row } from '@web/resources/types.ts';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  FaultsCell,
  FirmwareCell,
  linkLabel,
  loadLimitForm,
  PHASE_OPTIONS,
  phaseName,
  phasesOf,
  ReportBadge,
  reportOf,
  UnlinkedFlag,
} from '@web/resources/decls/device/energy-box.tsx';

export const EBOX_REFRESH_MS = 10_000;
const E = 'energyBoxRes';

/** recharts comes with the chart, when the page first shows it. */
const HistoryChart = lazy(() => import('./energy-box-chart.tsx'));

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** Load as a share of the usable current, in whole percent. */
function share(load: unknown, usable: unknown): string {
  const l = num(load);
  const u = num(usable);
  if (l === undefined || u === undefined || u <= 0) return '-';
  return `${Math.round((l / u) * 100)} %`;
}

export function EnergyBoxDetailPage() {
  const tr = useTr();
  const can = useCan();
  const { str = '' } = useParams();
  const code = str;
  const [limitOpen, setLimitOpen] = useState(false);
  const { data, error, fallback, mutate } = useRecordPage(API.biz.energyBox.detail, code, EBOX_REFRESH_MS);
  if (!data) return fallback;

  const report = reportOf(data);
  const phases = phasesOf(data);
  const piles = (Array.isArray(data.chargePointIds) ? data.chargePointIds : []).map(String);
  const history = (Array.isArray(data.history) ? data.history : []) as Row[];
  const unlinked = data.unlinked === true || piles.length === 0;

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <AppLink to="/energyBox" fontSize="sm">
          {tr(`${E}.detail.back`)}
        </AppLink>
        <HStack gap="3">
          <Text fontSize="sm" color="fg.muted">
            {tr(`${E}.detail.refreshNote`, { seconds: EBOX_REFRESH_MS / 1000 })}
          </Text>
          {can(EBOX_CODE.edit) ? (
            <Button size="sm" colorPalette="blue" variant="outline" onClick={() => setLimitOpen(true)}>
              {tr(`${E}.loadLimitAction.label`)}
            </Button>
          ) : null}
        </HStack>
      </HStack>
      {error ? <ErrorState title={tr('admin.common.getError')} message={errorMessage(tr, error)} /> : null}

      <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
        <Section title={tr(`${E}.detail.facts`)} aside={unlinked ? <UnlinkedFlag /> : null}>
          <Facts
            label={tr(`${E}.detail.facts`)}
            labelMinW="40"
            wordBreak="break-word"
            items={[
              { label: tr(`${E}.code`), value: <Code>{String(data.code ?? data.id ?? code)}</Code> },
              { label: tr(`${E}.name`), value: String(data.name ?? '') },
              { label: tr(`${E}.ratedCurrent`), value: num(data.ratedCurrent) },
              { label: tr(`${E}.loadLimit`), value: num(data.loadLimit) },
              { label: tr(`${E}.phases`), value: optionLabel(tr, PHASE_OPTIONS, data.phases) },
              {
                label: tr(`${E}.piles`),
                value: piles.length ? (
                  <Wrap gap="2">
                    {piles.map((id) => (
                      <AppLink key={id} to={chargerDetailPath(id)}>
                        {id}
                      </AppLink>
                    ))}
                  </Wrap>
                ) : (
                  <UnlinkedFlag />
                ),
              },
              { label: tr(`${E}.remark`), value: String(data.remark ?? '') },
            ]}
          />
        </Section>

        <Section title={tr(`${E}.detail.latest`)} aside={<ReportBadge report={report} />}>
          {report ? (
            <Stack gap="4">
              <Facts
                label={tr(`${E}.detail.latest`)}
                labelMinW="40"
                wordBreak="break-word"
                items={[
                  { label: tr(`${E}.detail.lastReport`), value: formatDateTime(report.updatedAt) },
                  {
                    label: tr(`${E}.detail.reportedLimit`),
                    value: num(report.loadLimit) === undefined ? '' : `${String(report.loadLimit)} %`,
                  },
                  { label: tr(`${E}.firmware`), value: <FirmwareCell row={data} /> },
                  { label: tr(`${E}.faults`), value: <FaultsCell row={data} /> },
                  { label: tr(`${E}.wifi`), value: linkLabel(tr, report.wifi) },
                  { label: tr(`${E}.bluetooth`), value: linkLabel(tr, report.bluetooth) },
                ]}
              />
              <DataTable
                label={tr(`${E}.currents`)}
                headings={[
                  tr(`${E}.detail.phase`),
                  { label: tr(`${E}.detail.load`), end: true },
                  { label: tr(`${E}.detail.usable`), end: true },
                  { label: tr(`${E}.detail.share`), end: true },
                ]}
              >
                {phases.map((phase) => (
                  <Table.Row key={phase}>
                    <Table.Cell>{phaseName(phase)}</Table.Cell>
                    <Table.Cell textAlign="end">{num(report[`${phase}Load`]) ?? '-'}</Table.Cell>
                    <Table.Cell textAlign="end">{num(report[`${phase}Usable`]) ?? '-'}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {share(report[`${phase}Load`], report[`${phase}Usable`])}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </DataTable>
            </Stack>
          ) : (
            <Text color="fg.muted">{tr(`${E}.detail.noReport`)}</Text>
          )}
        </Section>
      </Box>

      <Section title={tr(`${E}.detail.history`)}>
        {history.length ? (
          <Suspense fallback={<LoadingState label={tr(`${E}.detail.chartLoading`)} />}>
            <HistoryChart history={history} phases={phases} />
          </Suspense>
        ) : (
          <Text color="fg.muted">{tr(`${E}.detail.historyEmpty`)}</Text>
        )}
      </Section>

      {limitOpen ? (
        <FieldsDialog
          form={loadLimitForm}
          row={data}
          onClose={() => setLimitOpen(false)}
          onDone={(message) => {
            setLimitOpen(false);
            showMessage('success', message);
            void mutate();
          }}
        />
      ) : null}
    </Stack>
  );
}
