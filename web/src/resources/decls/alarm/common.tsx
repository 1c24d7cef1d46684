/**
 * Pieces the alarm screens share: status options, the alarm code in words, the duration cell and the window
 * filters.
 */
import {
  ALARM_STATUS,
  OFFLINE_ALARM_CODE,
  OFFLINE_FLAG,
  TRANSFORMER_ALARM_CODE,
} from '@shared/schemas/alarm.ts';
import { Text } from '@chakra-ui/react';
import { durationParts } from '@web/lib/duration.ts';
import { errorCodeText } from '@web/resources/decls/site/common.tsx';
import { useTr, type Translate } from '@web/resources/i18n.ts';
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

/** The platform's own alarm codes, with words of their own (`alarmRes.codes`). */
const PLATFORM_CODES: readonly string[] = [OFFLINE_ALARM_CODE, TRANSFORMER_ALARM_CODE];

/**
 * An alarm's code in the user's language: the platform's own codes by `alarmRes.codes`, a charger's OCPP
 * error code by the connector catalogue's words (`errorCodeText`); a vendor's code reads as sent
 * (docs/decisions/453-built-in-data-in-the-users-language.md).
 */
export function alarmCodeText(tr: Translate, code: unknown): string {
  const text = String(code ?? '');
  return PLATFORM_CODES.includes(text) ? tr(`alarmRes.codes.${text}`) : errorCodeText(tr, text);
}

/**
 * An alarm's code in words. The code as sent stays at hand for a vendor's support: the list shows it on
 * hover (its title), the detail after the words, "Ground fault (GroundFailure)" (decision 453).
 */
export function AlarmCode({ code, withCode = false }: { code: unknown; withCode?: boolean }) {
  const tr = useTr();
  const raw = String(code ?? '');
  if (!raw) return <Text color="fg.subtle">-</Text>;
  const text = alarmCodeText(tr, raw);
  if (text === raw) return <>{raw}</>;
  if (!withCode)
    return (
      <Text as="span" title={raw}>
        {text}
      </Text>
    );
  return (
    <>
      {text}{' '}
      <Text as="span" color="fg.muted" fontFamily="mono" fontSize="sm" data-raw-code="">
        ({raw})
      </Text>
    </>
  );
}

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
