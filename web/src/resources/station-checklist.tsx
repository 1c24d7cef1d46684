/**
 * Choosing stations to bind (a user's stations, an eMsp entry's sites): a search box, how many are chosen,
 * and a checkbox per station of the bind list.
 */
import { Checkbox, Input, Stack, Text } from '@chakra-ui/react';
import { call, type Query } from '@web/lib/api.ts';
import { asPage } from '@web/resources/api.ts';
import { useTr } from '@web/resources/i18n.ts';
import type { Row } from '@web/resources/types.ts';
import { useState } from 'react';

/** Largest page the list calls allow: a bind dialog loads every station so saving sends the whole set. */
const STATION_PAGE = 500;

/** Every station of a bind list (each with `bound`), page after page. */
export async function loadBindList(url: string, query: Query): Promise<Row[]> {
  const all: Row[] = [];
  for (let current = 1; ; current++) {
    const page = asPage(await call<unknown>(url, { current, size: STATION_PAGE }, query));
    all.push(...page.records);
    if (page.records.length === 0 || all.length >= page.total) return all;
  }
}

export const stationId = (s: Row) => String(s.stationId ?? s.id);
export const stationName = (s: Row) => String(s.stationName ?? s.name ?? stationId(s));

/** The stations a bind list marks `bound`. */
export const boundIn = (stations: Row[] | undefined) =>
  new Set((stations ?? []).filter((s) => s.bound === true || s.bound === 1).map(stationId));

export function StationChecklist(props: {
  stations: Row[];
  chosen: Set<string>;
  onChange: (next: Set<string>) => void;
  /** "{{count}} of {{total}} chosen" in the caller's words. */
  chosenLabel: string;
  /** Shown when there are no stations at all. */
  noStationsLabel?: string;
}) {
  const tr = useTr();
  const [search, setSearch] = useState('');
  const shown = props.stations.filter((s) =>
    stationName(s).toLowerCase().includes(search.trim().toLowerCase()),
  );
  return (
    <Stack gap="3">
      <Input
        size="sm"
        aria-label={tr('admin.common.search')}
        placeholder={tr('admin.common.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <Text fontSize="sm" color="fg.muted">
        {props.chosenLabel}
      </Text>
      {props.stations.length === 0 && props.noStationsLabel ? (
        <Text color="fg.muted">{props.noStationsLabel}</Text>
      ) : shown.length === 0 ? (
        <Text color="fg.muted">{tr('admin.common.empty')}</Text>
      ) : null}
      <Stack gap="1" maxH="80" overflowY="auto">
        {shown.map((s) => (
          <Checkbox.Root
            key={stationId(s)}
            size="sm"
            checked={props.chosen.has(stationId(s))}
            onCheckedChange={(e) => {
              const next = new Set(props.chosen);
              if (e.checked === true) next.add(stationId(s));
              else next.delete(stationId(s));
              props.onChange(next);
            }}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{stationName(s)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </Stack>
  );
}
