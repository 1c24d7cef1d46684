/**
 * The sites (/equipment, code 2100): the list of the declaration, and beside it the map of the sites
 * (docs/decisions/456-sites-map-on-google-maps.md): a marker per site with coordinates, read from the station
 * list (`/biz/station/list`, every page up to SITES_ON_MAP), a marker opening its site's page, and the sites on
 * the map with their coordinates as a table (also without a map: no key, no network), then those without.
 */
import { API } from '@shared/api/paths.ts';
import { Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { AppLink } from '@web/components/ui/link.tsx';
import { stationDetailPath } from '@web/resources/decls/site/common.tsx';
import { stationDecl } from '@web/resources/decls/site/station.tsx';
import { fetchPage } from '@web/resources/api.ts';
import { useTr } from '@web/resources/i18n.ts';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import type { Row } from '@web/resources/types.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { MAP, type MapSite } from './map-notice.tsx';
import { SitesMap } from './map-parts.tsx';

/** The sites the map reads at most (pages of PAGE). */
export const SITES_ON_MAP = 2_000;
const PAGE = 500;

const coordinate = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Every site in scope, page by page, up to SITES_ON_MAP; whether more were left out. */
async function allSites(): Promise<{ records: Row[]; total: number }> {
  const records: Row[] = [];
  let total = 0;
  for (let current = 1; records.length < SITES_ON_MAP; current += 1) {
    const page = await fetchPage(API.biz.station.list, { current, size: PAGE });
    total = page.total;
    records.push(...page.records);
    if (page.records.length < PAGE || records.length >= total) break;
  }
  return { records, total };
}

export function StationsPage() {
  const tr = useTr();
  const [view, setView] = useState('list');
  return (
    <Tabs.Root value={view} onValueChange={(e) => setView(e.value)} lazyMount variant="line" size="sm">
      <Tabs.List aria-label={tr(`${MAP}.views`)}>
        <Tabs.Trigger value="list">{tr(`${MAP}.tabList`)}</Tabs.Trigger>
        <Tabs.Trigger value="map">{tr(`${MAP}.tabMap`)}</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="list">
        <ResourceListPage decl={stationDecl} />
      </Tabs.Content>
      <Tabs.Content value="map">
        <SitesMapPanel />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function SitesMapPanel() {
  const tr = useTr();
  const navigate = useNavigate();
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['sites-map', API.biz.station.list],
    allSites,
  );
  const records = data?.records ?? [];
  const located: MapSite[] = records.flatMap((r) => {
    const latitude = coordinate(r.latitude);
    const longitude = coordinate(r.longitude);
    return latitude !== undefined && longitude !== undefined
      ? [{ id: String(r.id), name: String(r.name ?? r.id), latitude, longitude }]
      : [];
  });
  const unlocated = records.filter((r) => !located.some((s) => s.id === String(r.id)));
  return (
    <Stack gap="4">
      <LoadStates {...fromSwr({ data, error, isLoading, isValidating, mutate })} />
      {data ? (
        <>
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {tr(`${MAP}.located`, { count: located.length, total: data.total })}
            {data.total > records.length ? ` ${tr(`${MAP}.capped`, { count: records.length })}` : ''}
          </Text>
          <SitesMap sites={located} onOpen={(id) => navigate(stationDetailPath(id))} />
          {located.length ? (
            <Table.ScrollArea borderWidth="1px" rounded="l2" maxH="80">
              <Table.Root size="sm" stickyHeader aria-label={tr(`${MAP}.sitesLabel`)}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{tr('siteConsole.station.name')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      {tr('siteConsole.station.latitude')}
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      {tr('siteConsole.station.longitude')}
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {located.map((site) => (
                    <Table.Row key={site.id} data-site={site.id}>
                      <Table.Cell>
                        <AppLink to={stationDetailPath(site.id)}>{site.name}</AppLink>
                      </Table.Cell>
                      <Table.Cell textAlign="end">{site.latitude}</Table.Cell>
                      <Table.Cell textAlign="end">{site.longitude}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          ) : null}
          {unlocated.length ? (
            <Text fontSize="sm" color="fg.muted">
              {tr(`${MAP}.unlocated`, {
                names: unlocated.map((r) => String(r.name ?? r.id)).join(', '),
              })}
            </Text>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
