/**
 * Pieces the site and device screens share: options of the station and charge point enumerations, the
 * station picker, connector state badges (one colour per state of docs/product.md section 4, always with its
 * label), schema errors by full path (wizards validate nested lists), the OCPP URL, and station pictures read
 * with the session's token.
 */
import { API } from '@shared/api/paths.ts';
import { Badge, HStack, Status, Text, Wrap } from '@chakra-ui/react';
import { languageHeaders } from '@shared/i18n/languages.ts';
import {
  CHARGE_POINT_ERROR_CODES,
  CONNECTOR_STATES,
  REPORTED_ONLY_STATUSES,
  reportedState,
  type ConnectorState,
} from '@shared/ocpp/connector-state.ts';
import { BOOT_REASONS, FIRMWARE_STATUSES } from '@shared/ocpp/charger-reports.ts';
import { protocolName } from '@shared/ocpp/protocol-name.ts';
import {
  CONNECTOR_FORMATS,
  CONNECTOR_STANDARDS,
  OCPP_PROTOCOLS,
  POWER_TYPES,
} from '@shared/resources/site/charge-point.ts';
import {
  FEE_SET_MODE,
  LOCATION_TYPES,
  OPEN_FLAG,
  OWNER_TYPE,
  POWER_MODE,
  STATION_STATUS,
  STATION_TYPE,
} from '@shared/resources/site/station.ts';
import { storedToken } from '@web/auth/storage.ts';
import { StatusBadge } from '@web/components/ui/status-badge.tsx';
import i18n, { currentLanguage } from '@web/i18n.ts';
import { withQuery } from '@web/lib/api.ts';
import { REQUEST_TIMEOUT_MS } from '@web/lib/http.ts';
import type { Translate } from '@web/resources/i18n.ts';
import type { EnumOption, RemoteSource, Row } from '@web/resources/types.ts';
import { useEffect, useState } from 'react';
import type { z } from 'zod';

export const STATION_LIST_URL = API.biz.station.list;
export const PILE_LIST_URL = API.biz.chargePoint.list;

/** The detail routes of a station and a charger (here, not in their screens' modules, so a link costs nothing). */
export const stationDetailPath = (id: unknown) => `/stationDetail/${encodeURIComponent(String(id ?? ''))}`;
export const chargerDetailPath = (id: unknown) => `/chargerDetail/${encodeURIComponent(String(id ?? ''))}`;

const P = 'siteConsole';

export const STATION_STATUS_OPTIONS: readonly EnumOption[] = [
  { value: STATION_STATUS.open, label: `${P}.station.statuses.open`, tone: 'success' },
  { value: STATION_STATUS.closed, label: `${P}.station.statuses.closed`, tone: 'neutral' },
];
export const LOCATION_TYPE_OPTIONS: readonly EnumOption[] = LOCATION_TYPES.map((value) => ({
  value,
  label: `${P}.station.locationTypes.${value}`,
}));
export const STATION_TYPE_OPTIONS: readonly EnumOption[] = Object.entries(STATION_TYPE).map(
  ([key, value]) => ({ value, label: `${P}.station.types.${key}` }),
);
export const OWNER_TYPE_OPTIONS: readonly EnumOption[] = Object.entries(OWNER_TYPE).map(([key, value]) => ({
  value,
  label: `${P}.station.owners.${key}`,
}));
export const OPEN_FLAG_OPTIONS: readonly EnumOption[] = Object.entries(OPEN_FLAG).map(([key, value]) => ({
  value,
  label: `${P}.station.openFlags.${key}`,
}));
export const FEE_SET_MODE_OPTIONS: readonly EnumOption[] = Object.entries(FEE_SET_MODE).map(
  ([key, value]) => ({ value, label: `${P}.station.feeSetModes.${key}` }),
);
export const POWER_MODE_OPTIONS: readonly EnumOption[] = Object.entries(POWER_MODE).map(([key, value]) => ({
  value,
  label: `${P}.power.modes.${key}`,
}));
/** ISO week days, 1 Monday to 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Protocol names are product names, the same in every language ("OCPP 1.6"), never the stored value. */
export const PROTOCOL_OPTIONS: readonly EnumOption[] = OCPP_PROTOCOLS.map((value) => ({
  value,
  label: protocolName(value),
  raw: true,
}));
export const POWER_TYPE_OPTIONS: readonly EnumOption[] = POWER_TYPES.map((value) => ({
  value,
  label: `${P}.pile.powerTypes.${value}`,
}));
export const STANDARD_OPTIONS: readonly EnumOption[] = CONNECTOR_STANDARDS.map((value) => ({
  value,
  label: `${P}.pile.standards.${value}`,
}));
export const FORMAT_OPTIONS: readonly EnumOption[] = CONNECTOR_FORMATS.map((value) => ({
  value,
  label: `${P}.pile.formats.${value}`,
}));

/** Every IANA time zone the browser knows (UTC first), for the station's time zone select. */
export function timeZoneOptions(): EnumOption[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = ['UTC', ...zones.filter((z) => z !== 'UTC')];
  return all.map((zone) => ({ value: zone, label: zone, raw: true }));
}

/** The caller's stations, searched by name (a filter, the pile's station, the monitor). */
export const stationSource: RemoteSource = {
  url: STATION_LIST_URL,
  search: 'name',
  value: 'id',
  label: 'name',
  currentLabel: 'stationName',
};

// ---- Connector states -------------------------------------------------------------------------------------

/** One colour per state; the label always goes with it, so colour is never the only signal. */
export const STATE_PALETTE: Record<ConnectorState, string> = {
  unknown: 'gray',
  available: 'green',
  preparing: 'cyan',
  charging: 'blue',
  suspendedEVSE: 'orange',
  suspendedEV: 'yellow',
  finishing: 'teal',
  reserved: 'purple',
  unavailable: 'pink',
  faulted: 'red',
  offline: 'gray',
};

export const asState = (value: unknown): ConnectorState =>
  (CONNECTOR_STATES as readonly string[]).includes(String(value)) ? (value as ConnectorState) : 'unknown';

export const stateLabel = (tr: Translate, state: unknown) => tr(`${P}.states.${asState(state)}`);

/**
 * A connector status as the charger reported it (StatusNotification.status, 2.0.1's charging state), in the
 * user's language: the 2.0.1 words with no state of their own by their own words, the others by the state
 * they mean (docs/decisions/453-built-in-data-in-the-users-language.md); an unknown text reads as sent.
 */
export function reportedStatusText(tr: Translate, status: unknown): string {
  const text = String(status ?? '');
  if ((REPORTED_ONLY_STATUSES as readonly string[]).includes(text))
    return tr(`${P}.reportedStatuses.${text}`);
  const state = reportedState(text);
  return state === 'unknown' ? text : stateLabel(tr, state);
}

/** A connector's OCPP 1.6 error code in the user's language; an unknown (vendor's) code reads as sent. */
export function errorCodeText(tr: Translate, code: unknown): string {
  const text = String(code ?? '');
  return (CHARGE_POINT_ERROR_CODES as readonly string[]).includes(text)
    ? tr(`${P}.errorCodes.${text}`)
    : text;
}

/**
 * A charger's firmware status (FirmwareStatusNotification of either version) in the user's language, in the
 * command catalogue's words for it (where a firmware update's progress reads too); an unknown (vendor's)
 * status reads as sent (docs/decisions/453-built-in-data-in-the-users-language.md).
 */
export function firmwareStatusText(tr: Translate, status: unknown): string {
  const text = String(status ?? '');
  return (FIRMWARE_STATUSES as readonly string[]).includes(text) ? tr(`commandRes.results.${text}`) : text;
}

/** Why a 2.0.1 charger booted (BootNotification.reason) in the user's language; an unknown reason as sent. */
export function bootReasonText(tr: Translate, reason: unknown): string {
  const text = String(reason ?? '');
  return (BOOT_REASONS as readonly string[]).includes(text) ? tr(`${P}.bootReasons.${text}`) : text;
}

export function ConnectorStateBadge(props: { tr: Translate; state: unknown; prefix?: string }) {
  const state = asState(props.state);
  return (
    <Badge
      colorPalette={STATE_PALETTE[state]}
      variant={state === 'offline' ? 'solid' : 'subtle'}
      size="sm"
      gap="1.5"
      data-state={state}
    >
      <Status.Root colorPalette={STATE_PALETTE[state]} size="sm">
        <Status.Indicator />
      </Status.Root>
      {props.prefix ? `${props.prefix} · ` : ''}
      {stateLabel(props.tr, state)}
    </Badge>
  );
}

export interface ConnectorView {
  connectorNo: number;
  name?: string;
  state: string;
  status?: string;
  errorCode?: string;
  info?: string;
  at?: string;
}

/** A connector's short name: its own name, else its gun number. */
export const connectorTitle = (tr: Translate, c: ConnectorView) =>
  c.name ? `${c.connectorNo} ${c.name}` : tr(`${P}.common.connectorNo`, { no: c.connectorNo });

/** The connectors of a list row or detail record, each with its state. */
export function ConnectorBadges(props: { tr: Translate; connectors: unknown }) {
  const list = Array.isArray(props.connectors) ? (props.connectors as ConnectorView[]) : [];
  if (!list.length) return <Text color="fg.subtle">-</Text>;
  return (
    <Wrap gap="1">
      {list.map((c) => (
        <ConnectorStateBadge
          key={c.connectorNo}
          tr={props.tr}
          state={c.state}
          prefix={String(c.connectorNo)}
        />
      ))}
    </Wrap>
  );
}

export function OnlineBadge(props: { tr: Translate; online: unknown }) {
  return props.online ? (
    <StatusBadge tone="success" label={props.tr(`${P}.common.online`)} size="sm" />
  ) : (
    <StatusBadge tone="neutral" label={props.tr(`${P}.common.offline`)} size="sm" />
  );
}

/** The pile's operative flag (its availability): absent reads as operative. */
export function OperativeBadge(props: { tr: Translate; operative: unknown }) {
  return props.operative === false ? (
    <StatusBadge tone="warning" label={props.tr(`${P}.operative.no`)} size="sm" />
  ) : (
    <StatusBadge tone="success" label={props.tr(`${P}.operative.yes`)} size="sm" />
  );
}

/** A badge per state with its count, every state of docs/product.md section 4 (the monitor's summary). */
export function StateCounts(props: { tr: Translate; counts: unknown; label: string }) {
  const counts = (props.counts ?? {}) as Record<string, number>;
  return (
    <HStack as="ul" aria-label={props.label} wrap="wrap" gap="2" listStyleType="none">
      {CONNECTOR_STATES.map((state) => (
        <li key={state} data-state={state}>
          <Badge colorPalette={STATE_PALETTE[state]} variant="outline" size="md" gap="1.5">
            <Status.Root colorPalette={STATE_PALETTE[state]} size="sm">
              <Status.Indicator />
            </Status.Root>
            {stateLabel(props.tr, state)}
            <Text as="span" fontWeight="bold">
              {Number(counts[state] ?? 0)}
            </Text>
          </Badge>
        </li>
      ))}
    </HStack>
  );
}

// ---- Validation -------------------------------------------------------------------------------------------

/**
 * Runs a schema over a wizard's body: the parsed data, or the first message of each field by its full path
 * (`openPeriods.0.end`, `connectors.2.connectorNo`), each a catalog key.
 */
export function check<T>(
  schema: z.ZodType<T>,
  body: unknown,
): { ok: true; data: T } | { ok: false; errors: Record<string, string> } {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= i18n.exists(issue.message) ? issue.message : 'admin.common.invalid';
  }
  return { ok: false, errors };
}

/** Errors whose path starts with one of the given top-level fields. */
export function errorsOf(errors: Record<string, string>, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).filter(([path]) => fields.includes(path.split('.')[0] ?? '')),
  );
}

/** Only the fields of a schema's shape: update calls are strict about unknown fields. */
export function pick(shape: Record<string, unknown>, values: Row): Row {
  return Object.fromEntries(Object.keys(shape).flatMap((k) => (k in values ? [[k, values[k]]] : [])));
}

// ---- OCPP -------------------------------------------------------------------------------------------------

/** Where a charger connects: this console's host, ws on http and wss on https. */
export function ocppUrl(
  chargePointId: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ocpp/${encodeURIComponent(chargePointId)}`;
}

// ---- Station pictures -------------------------------------------------------------------------------------

export const imageUrl = (key: string) => withQuery(API.biz.station.image, { key });

/** A picture's bytes read with the bearer token (an <img> cannot send it), as a blob URL freed on unmount. */
export function useImageSrc(key: string): { src?: string; failed: boolean } {
  const [state, setState] = useState<{ src?: string; failed: boolean }>({ failed: false });
  useEffect(() => {
    let live = true;
    let href: string | undefined;
    const token = storedToken();
    fetch(imageUrl(key), {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        ...languageHeaders(currentLanguage()),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const blob = await response.blob();
        if (!live) return;
        href = URL.createObjectURL(blob);
        setState({ src: href, failed: false });
      })
      .catch(() => live && setState({ failed: true }));
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [key]);
  return state;
}
