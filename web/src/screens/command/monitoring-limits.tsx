/**
 * The variable monitoring form takes its limits from what the charger reported
 * (docs/decisions/462-variable-monitoring-from-the-chargers-reports.md): the chosen pile's variables
 * (POST /biz/command/variables) give each chosen variable's data type, unit, limits, values list, mutability
 * and monitors; a threshold becomes a select of the values list for a list type, a number bounded by the
 * limits otherwise; and the form checks with the same schema the server uses (`monitoringSchema`).
 */
import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { API } from '@shared/api/paths.ts';
import type { CommandDef } from '@shared/commands/catalogue.ts';
import {
  factsLookup,
  monitoringSchema,
  pairKey,
  thresholdRange,
  type MonitoredPair,
  type VariableFacts,
} from '@shared/commands/monitoring-limits.ts';
import { call } from '@web/lib/api.ts';
import { DataTable } from '@web/resources/data-table.tsx';
import type { Translate } from '@web/resources/i18n.ts';
import { useMemo, type ReactNode } from 'react';
import useSWR from 'swr';
import type { z } from 'zod';
import type { FormValues, ParamSpec } from './param-form.tsx';

const M = 'commandRes.monitoring';
const THRESHOLDS = ['UpperThreshold', 'LowerThreshold'];

/** The pairs the form's rows name (rows without a component and variable are left out). */
function chosenPairs(values: FormValues): MonitoredPair[] {
  const rows = Array.isArray(values.variables) ? (values.variables as FormValues[]) : [];
  return rows
    .map((row) => ({
      component: String(row.component ?? '').trim(),
      variable: String(row.variable ?? '').trim(),
      instance: String(row.instance ?? '').trim() || undefined,
      evseId: String(row.evseId ?? '').trim() ? Number(row.evseId) : undefined,
    }))
    .filter((p) => p.component && p.variable);
}

/**
 * For SetVariableMonitoring on a chosen pile: the schema to check with, the fields (the threshold shaped by
 * the reported limits) and the panel of what the charger reported. Other commands keep their own.
 */
export function useMonitoringLimits(
  def: CommandDef | undefined,
  chargePointId: string | undefined,
  values: FormValues,
  specs: ParamSpec[],
  tr: Translate,
): { schema: z.ZodObject | undefined; specs: ParamSpec[]; panel: ReactNode } {
  const active = def?.key === 'setVariableMonitoring' && !!chargePointId;
  const { data } = useSWR(active ? [API.biz.command.variables, chargePointId] : null, () =>
    call<{ variables: VariableFacts[] }>(API.biz.command.variables, undefined, {
      chargePointId: chargePointId!,
    }),
  );
  const facts = useMemo(() => data?.variables ?? [], [data]);
  const lookup = useMemo(() => factsLookup(facts), [facts]);
  const schema = useMemo(
    () => (active ? (monitoringSchema(lookup) as unknown as z.ZodObject) : def?.params),
    [active, lookup, def],
  );
  if (!active) return { schema, specs, panel: null };
  const pairs = chosenPairs(values);
  const chosen = pairs.map(lookup).filter((f): f is VariableFacts => f !== undefined);
  const types = Array.isArray(values.monitorTypes) ? (values.monitorTypes as string[]) : [];
  const range = thresholdRange(chosen);
  const threshold = types.some((t) => THRESHOLDS.includes(t));
  const shaped = specs.map((s): ParamSpec => {
    if (s.name !== 'monitorValue' || !threshold) return s;
    if (range.values) return { ...s, kind: 'select', options: range.values };
    return { ...s, min: range.min, max: range.max };
  });
  const panel = (
    <ReportedVariables tr={tr} loaded={!!data} any={facts.length > 0} pairs={pairs} lookup={lookup}>
      {threshold ? <RangeText tr={tr} range={range} /> : null}
    </ReportedVariables>
  );
  return { schema, specs: shaped, panel };
}

function RangeText({ tr, range }: { tr: Translate; range: ReturnType<typeof thresholdRange> }) {
  const text = range.values
    ? range.values.length
      ? tr(`${M}.values`, { values: range.values.join(', ') })
      : tr(`${M}.noValues`)
    : range.min !== undefined && range.max !== undefined
      ? tr(`${M}.range`, { min: range.min, max: range.max })
      : range.min !== undefined
        ? tr(`${M}.rangeMin`, { min: range.min })
        : range.max !== undefined
          ? tr(`${M}.rangeMax`, { max: range.max })
          : '';
  return text ? (
    <Text fontSize="sm" data-testid="monitor-range">
      {text}
    </Text>
  ) : null;
}

function ReportedVariables(props: {
  tr: Translate;
  loaded: boolean;
  any: boolean;
  pairs: MonitoredPair[];
  lookup: (p: MonitoredPair) => VariableFacts | undefined;
  children: ReactNode;
}) {
  const { tr, loaded, any, pairs, lookup } = props;
  if (!loaded) return null;
  if (!any)
    return (
      <Text fontSize="sm" color="fg.muted">
        {tr(`${M}.none`)}
      </Text>
    );
  return (
    <Stack gap="2">
      {pairs.length ? (
        <Box>
          <DataTable
            label={tr(`${M}.title`)}
            headings={[
              tr(`${M}.variable`),
              tr(`${M}.dataType`),
              tr(`${M}.unit`),
              tr(`${M}.limits`),
              tr(`${M}.valuesList`),
              tr(`${M}.mutability`),
              tr(`${M}.monitors`),
            ]}
            scroll
          >
            {pairs.map((p) => {
              const f = lookup(p);
              const limits =
                f && (f.minLimit !== undefined || f.maxLimit !== undefined)
                  ? `${f.minLimit ?? '…'} – ${f.maxLimit ?? '…'}`
                  : '-';
              return (
                <Table.Row key={pairKey(p)}>
                  <Table.Cell fontFamily="mono" fontSize="xs">
                    {pairKey(p)}
                  </Table.Cell>
                  {f ? (
                    <>
                      <Table.Cell>{f.dataType ?? '-'}</Table.Cell>
                      <Table.Cell>{f.unit ?? '-'}</Table.Cell>
                      <Table.Cell>{limits}</Table.Cell>
                      <Table.Cell>{f.valuesList?.join(', ') ?? '-'}</Table.Cell>
                      <Table.Cell>{f.mutability ?? '-'}</Table.Cell>
                      <Table.Cell>{f.monitors?.length ?? 0}</Table.Cell>
                    </>
                  ) : (
                    <Table.Cell colSpan={6} color="fg.muted">
                      {tr(`${M}.unknown`)}
                    </Table.Cell>
                  )}
                </Table.Row>
              );
            })}
          </DataTable>
        </Box>
      ) : null}
      {props.children}
    </Stack>
  );
}
