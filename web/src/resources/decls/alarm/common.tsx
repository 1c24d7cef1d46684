/** Pieces the alarm screens share: status options, the duration cell and the window filters. */
import { ALARM_STATUS, OFFLINE_FLAG } from '@shared/schemas/alarm.ts';
import { Text } from '@chakra-ui/react';
import { durationParts } from '@web/lib/duration.ts';
import type { EnumOption, Field, Row } from '@web/resources/types.ts';
import { useTranslation } from 'react-i18next';

export const ALARM_STATUS_OPTIONS: readonly EnumOption[] = [
  { value: ALARM_STATUS.open, label: 'alarmRes.status.open', tone: 'danger' },
  { value: ALARM_STATUS.recovered, label: 'alarmRes.status.recovered', tone: 'success' },
];

/** An alarm's kind: a fault the charger reported, or one of its outages (decision 460). */
export const ALARM_KIND_OPTIONS: readonly EnumOption[] = [
  { value: OFFLINE_FLAG.fault, label: 'alarmRes.kind.fault', tone: 'warning' },
  { value: OFFLINE_FLAG.offline, label: 'alarmRes.kind.offline', tone: 'neutral' },
];

/** A duration in seconds as "1 h 5 min"; nothing while the alarm is open. */
export function DurationText({ seconds }: { seconds: unknown }) {
  const { t } = useTranslation();
  if (typeof seconds !== 'number') return <Text color="fg.subtle">-</Text>;
  return (
    <>
      {durationParts(seconds)
        .map((p) => t(`duration.${p.unit}`, { value: p.value }))
        .join(' ')}
    </>
  );
}

export const durationCell = (row: Row) => <DurationText seconds={row.duration} />;

/** The time window of a list (the server refuses more than 30 days and reads the last 30 by default). */
export const windowFilters: readonly Field[] = [
  { name: 'startTime', label: 'alarmRes.alarm.from', kind: 'datetime' },
  { name: 'endTime', label: 'alarmRes.alarm.to', kind: 'datetime', help: 'alarmRes.alarm.windowHelp' },
];
