/**
 * The light part of the site maps (docs/decisions/456-sites-map-on-google-maps.md): the maps key user info
 * gives (`googleMap`, a Google Maps JavaScript API key) and the maps themselves, loaded on demand from
 * ./site-map.tsx (the map library is its own chunk, loaded only where a map shows and a key is set). Without
 * a key the map says so (./map-notice.tsx) and the list and the latitude and longitude fields work as before.
 */
import { Box, Stack } from '@chakra-ui/react';
import { readStored, STORAGE } from '@web/auth/storage.ts';
import { useCurrentUser } from '@web/auth/user-context.tsx';
import { LoadingState } from '@web/components/ui/state-views.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { lazy, Suspense } from 'react';
import { MAP, MapNotice, type MapSite } from './map-notice.tsx';

/** The maps key of user info ('' when none is set): the layout's, else the one kept at sign-in. */
export function useMapKey(): string {
  const user = useCurrentUser();
  return (user ? user.mapKey : readStored(STORAGE.mapKey)) ?? '';
}

const SitesMapView = lazy(() => import('./site-map.tsx').then((m) => ({ default: m.SitesMapView })));
const PositionMapView = lazy(() => import('./site-map.tsx').then((m) => ({ default: m.PositionMapView })));

function MapLoading() {
  const tr = useTr();
  return <LoadingState label={tr(`${MAP}.loading`)} />;
}

/** The map of the sites: a marker per site with coordinates; a marker opens its site's page. */
export function SitesMap(props: { sites: MapSite[]; onOpen: (id: string) => void }) {
  const key = useMapKey();
  if (!key) return <MapNotice reason="noKey" />;
  return (
    <Suspense fallback={<MapLoading />}>
      <SitesMapView apiKey={key} sites={props.sites} onOpen={props.onOpen} />
    </Suspense>
  );
}

/**
 * Picks a site's position: a click on the map sets the latitude and longitude; typing them moves the
 * marker. Without a map (no key, not loaded) it says so and the fields stay as they are.
 */
export function PositionPicker(props: {
  latitude?: number;
  longitude?: number;
  disabled?: boolean;
  onPick: (position: { latitude: number; longitude: number }) => void;
}) {
  const tr = useTr();
  const key = useMapKey();
  return (
    <Stack gap="2">
      {key ? (
        <Box fontSize="sm" color="fg.muted">
          {tr(`${MAP}.pickHelp`)}
        </Box>
      ) : null}
      {key ? (
        <Suspense fallback={<MapLoading />}>
          <PositionMapView apiKey={key} {...props} />
        </Suspense>
      ) : (
        <MapNotice reason="noKey" />
      )}
    </Stack>
  );
}
