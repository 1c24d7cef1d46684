/**
 * Choosing stations to bind (a user's stations, an eMsp entry's sites): a search box, how many are chosen,
 * and a checkbox per station of the bind list.
 */
import { Checkbox, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ApiPath } from '@shared/api/paths.ts';
import { ErrorState } from '@web/components/ui/state-views.tsx';
import { call, type Query } from '@web/lib/api.ts';
import { ActionDialog } from '@web/resources/action-dialog.tsx';
import { asPage, errorMessage } from '@web/resources/api.ts';
import { useTr } from '@web/resources/i18n.ts';
import type { Row } from '@web/resources/types.ts';
import { useLoad } from '@web/resources/use-load.ts';
import { useSubmit } from '@web/resources/use-submit.ts';
import { useMemo, useState } from 'react';

/** Largest page the list calls allow: a bind dialog loads every station so saving sends the whole set. */
const STATION_PAGE = 500;

/** Every station of a bind list (each with `bound`), page after page. */
export async function loadBindList(url: ApiPath, query: Query): Promise<Row[]> {
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

/**
 * A dialog that binds a set of stations to one record: loads the bind list, lets the user check stations and
 * saves the whole set (a user's stations, an eMsp entry's sites).
 */
export function StationBindDialog(props: {
  title: string;
  /** Names the record whose list is loaded (a new key loads afresh). */
  loadKey: string;
  load: () => Promise<Row[]>;
  /** Saves the chosen set; resolves with the success message. */
  save: (stationIds: string[]) => Promise<string>;
  chosenLabel: (count: number, total: number) => string;
  noStationsLabel?: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const tr = useTr();
  const stations = useLoad(props.loadKey, props.load);
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const { busy, failure, run } = useSubmit();
  const bound = useMemo(() => chosen ?? boundIn(stations.data), [chosen, stations.data]);

  const submit = () => run(async () => props.onDone(await props.save([...bound])));

  return (
    <ActionDialog
      title={props.title}
      busy={busy}
      failure={failure}
      disabled={!stations.data}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      size="lg"
    >
      {stations.loading ? <Spinner /> : null}
      {stations.error ? (
        <ErrorState
          title={tr('admin.common.getError')}
          message={errorMessage(tr, stations.error)}
          retryLabel={tr('actions.retry')}
          onRetry={stations.retry}
        />
      ) : null}
      {stations.data ? (
        <StationChecklist
          stations={stations.data}
          chosen={bound}
          onChange={setChosen}
          chosenLabel={props.chosenLabel(bound.size, stations.data.length)}
          noStationsLabel={props.noStationsLabel}
        />
      ) : null}
    </ActionDialog>
  );
}
