/**
 * The name of a record another one points to by id (a charging fee's occupancy fee), read from that record's
 * list, so a cell or a select shows the name, never the id (docs/decisions/452-no-raw-values-in-the-console.md).
 * The list of a source is read once for every cell and field that needs it (one SWR key per source).
 */
import { Text } from '@chakra-ui/react';
import { call } from '@web/lib/api.ts';
import { asPage } from '@web/resources/api.ts';
import type { RemoteSource, Row } from '@web/resources/types.ts';
import useSWR from 'swr';

/** The largest page the list calls serve (shared/schemas/admin.ts pageQuery). */
const NAMES_PAGE = 500;
/** At most this many records are read for names (a company's occupancy fees are a handful). */
const NAMES_MAX = 5_000;

async function loadLabels(source: RemoteSource): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  for (let page = 1; labels.size < NAMES_MAX; page++) {
    const data = await call<unknown>(source.url, { ...source.body, current: page, size: NAMES_PAGE });
    const { records, total } = Array.isArray(data)
      ? { records: data as Row[], total: (data as Row[]).length }
      : asPage(data);
    for (const r of records) labels.set(String(r[source.value] ?? ''), String(r[source.label] ?? ''));
    if (Array.isArray(data) || records.length < NAMES_PAGE || page * NAMES_PAGE >= total) break;
  }
  return labels;
}

/** The labels of a source's records by value; `wanted` false reads nothing. */
export function useRemoteLabels(source: RemoteSource, wanted = true) {
  const { data, error } = useSWR(
    wanted ? [source.url, 'labels', JSON.stringify(source.body ?? {}), source.value, source.label] : null,
    () => loadLabels(source),
    { revalidateOnFocus: false },
  );
  return { labels: data, failed: Boolean(error) };
}

/**
 * The name of the record `value` points to: the source's current name, else the name kept on the row
 * (`known`), else "-" (never the id).
 */
export function RemoteName(props: { source: RemoteSource; value: unknown; known?: unknown }) {
  const value = props.value === undefined || props.value === null ? '' : String(props.value);
  const { labels } = useRemoteLabels(props.source, value !== '');
  const name = (value && labels?.get(value)) || (props.known ? String(props.known) : '');
  return name ? <>{name}</> : <Text color="fg.subtle">-</Text>;
}
