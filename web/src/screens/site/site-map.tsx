/**
 * The site maps on the Google Maps JavaScript API through @vis.gl/react-google-maps
 * (docs/decisions/456-sites-map-on-google-maps.md), loaded on demand by ./map-parts.tsx when a maps key is set:
 * the map of the sites (a marker per site, fitted to them; a marker opens its site) and the position picker
 * of the site wizard (a click or a dragged marker sets the position, rounded to 6 decimals, about 0.1 m;
 * typed coordinates move the marker and the map follows). When the API does not load (no network, the key
 * refused) the map says so in place of itself.
 */
import { Box } from '@chakra-ui/react';
import type { LanguageCode } from '@shared/i18n/languages.ts';
import { currentLanguage } from '@web/i18n.ts';
import { useTr } from '@web/resources/i18n.ts';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { APILoadingStatus, mapLibrary, type MapMouseEvent } from './map-library.ts';
import { MAP, MapNotice, type MapSite } from './map-notice.tsx';

/** The API's language for each console language. */
const MAP_LANGUAGE: Record<LanguageCode, string> = { en: 'en', cn: 'zh-CN', tw: 'zh-TW', de: 'de', th: 'th' };
/** The whole world, when there is nothing to centre on. */
const WORLD = { center: { lat: 20, lng: 0 }, zoom: 2 };
const MAP_HEIGHT = '420px';

/** A position of about 0.1 m: the 6 decimals a typed coordinate keeps. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

const isPosition = (lat: unknown, lng: unknown): lat is number =>
  typeof lat === 'number' &&
  typeof lng === 'number' &&
  Number.isFinite(lat) &&
  Number.isFinite(lng) &&
  Math.abs(lat) <= 90 &&
  Math.abs(lng) <= 180;

/** The API for the maps inside; a failed load (or a refused key) is said in place of the map. */
function MapFrame(props: { apiKey: string; label: string; children: ReactNode }) {
  const [failed, setFailed] = useState(false);
  // Stable: the provider loads the API again when its callbacks change.
  const onError = useCallback(() => setFailed(true), []);
  const { APIProvider } = mapLibrary;
  return (
    <APIProvider apiKey={props.apiKey} language={MAP_LANGUAGE[currentLanguage()]} onError={onError}>
      <Loaded failed={failed} label={props.label}>
        {props.children}
      </Loaded>
    </APIProvider>
  );
}

function Loaded(props: { failed: boolean; label: string; children: ReactNode }) {
  const status = mapLibrary.useApiLoadingStatus();
  if (props.failed || status === APILoadingStatus.FAILED || status === APILoadingStatus.AUTH_FAILURE)
    return <MapNotice reason="failed" />;
  return (
    <Box
      role="region"
      aria-label={props.label}
      h={MAP_HEIGHT}
      rounded="l2"
      overflow="hidden"
      borderWidth="1px"
      data-testid="site-map"
    >
      {props.children}
    </Box>
  );
}

/** The bounds of some positions (undefined for none). */
function boundsOf(sites: MapSite[]) {
  if (!sites.length) return undefined;
  const lats = sites.map((s) => s.latitude);
  const lngs = sites.map((s) => s.longitude);
  return {
    north: Math.max(...lats),
    south: Math.min(...lats),
    east: Math.max(...lngs),
    west: Math.min(...lngs),
  };
}

export function SitesMapView(props: { apiKey: string; sites: MapSite[]; onOpen: (id: string) => void }) {
  const tr = useTr();
  const { Map, Marker } = mapLibrary;
  const sites = props.sites.filter((s) => isPosition(s.latitude, s.longitude));
  const bounds = boundsOf(sites);
  // One site (or all at one spot) is shown close up; several fitted with a margin.
  const single = bounds && bounds.north === bounds.south && bounds.east === bounds.west;
  return (
    <MapFrame apiKey={props.apiKey} label={tr(`${MAP}.sitesLabel`)}>
      <Map
        {...(bounds && !single
          ? { defaultBounds: { ...bounds, padding: 40 } }
          : bounds
            ? { defaultCenter: { lat: bounds.north, lng: bounds.east }, defaultZoom: 14 }
            : { defaultCenter: WORLD.center, defaultZoom: WORLD.zoom })}
        gestureHandling="cooperative"
        style={{ width: '100%', height: '100%' }}
      >
        {sites.map((site) => (
          <Marker
            key={site.id}
            position={{ lat: site.latitude, lng: site.longitude }}
            title={site.name}
            onClick={() => props.onOpen(site.id)}
          />
        ))}
      </Map>
    </MapFrame>
  );
}

/** Moves the map to follow a position typed in. */
function Follow({ position }: { position?: { lat: number; lng: number } }) {
  const map = mapLibrary.useMap();
  const lat = position?.lat;
  const lng = position?.lng;
  useEffect(() => {
    if (map && lat !== undefined && lng !== undefined) map.panTo({ lat, lng });
  }, [map, lat, lng]);
  return null;
}

export function PositionMapView(props: {
  apiKey: string;
  latitude?: number;
  longitude?: number;
  disabled?: boolean;
  onPick: (position: { latitude: number; longitude: number }) => void;
}) {
  const tr = useTr();
  const { Map, Marker } = mapLibrary;
  const position = isPosition(props.latitude, props.longitude)
    ? { lat: props.latitude, lng: props.longitude as number }
    : undefined;
  const pick = (lat: number, lng: number) => {
    if (!props.disabled) props.onPick({ latitude: round6(lat), longitude: round6(lng) });
  };
  return (
    <MapFrame apiKey={props.apiKey} label={tr(`${MAP}.pickLabel`)}>
      <Map
        defaultCenter={position ?? WORLD.center}
        defaultZoom={position ? 15 : WORLD.zoom}
        gestureHandling="cooperative"
        style={{ width: '100%', height: '100%' }}
        onClick={(e: MapMouseEvent) => {
          const at = e.detail.latLng;
          if (at) pick(at.lat, at.lng);
        }}
      >
        {position ? (
          <Marker
            position={position}
            title={tr(`${MAP}.pickMarker`)}
            draggable={!props.disabled}
            onDragEnd={(e) => {
              if (e.latLng) pick(e.latLng.lat(), e.latLng.lng());
            }}
          />
        ) : null}
        <Follow position={position} />
      </Map>
    </MapFrame>
  );
}
