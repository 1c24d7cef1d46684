// @vitest-environment happy-dom
/**
 * The site maps (docs/decisions/456-sites-map-on-google-maps.md) without the internet: the map library's
 * parts are spied on and stood in for by components that render its React props (the maps key, the
 * markers' positions, the map's click), so the tests see what the console hands the library; without a
 * key, or when the API fails to load, the page says so and the list and the coordinates work on.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE, writeStored } from '@web/auth/storage.ts';
import { stationDecl } from '@web/resources/decls/site/station.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { StationsPage } from '@web/screens/site/stations-page.tsx';
import { APILoadingStatus, mapLibrary } from '@web/screens/site/map-library.ts';
import { useEffect, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen } from './harness.tsx';

/** What the stand-ins were given, and whether the API "fails" to load. */
const library = {
  fail: false,
  providers: [] as { apiKey: string; language?: string }[],
  mapClick: undefined as undefined | ((e: unknown) => void),
};

function StandInProvider(props: {
  apiKey: string;
  language?: string;
  onError?: (e: unknown) => void;
  children?: ReactNode;
}) {
  library.providers.push({ apiKey: props.apiKey, language: props.language });
  const { onError } = props;
  useEffect(() => {
    if (library.fail) onError?.(new Error('offline'));
  }, [onError]);
  return <>{props.children}</>;
}

function StandInMap(props: { onClick?: (e: unknown) => void; children?: ReactNode }) {
  library.mapClick = props.onClick;
  return <div data-testid="map-canvas">{props.children}</div>;
}

function StandInMarker(props: {
  position?: { lat: number; lng: number };
  title?: string | null;
  onClick?: () => void;
}) {
  return (
    <button
      type="button"
      data-testid="marker"
      data-lat={props.position?.lat}
      data-lng={props.position?.lng}
      onClick={props.onClick}
    >
      {props.title}
    </button>
  );
}

// The library's parts are read through one object at render time (no module is replaced: the test files
// share their modules): each test puts the stand-ins in and takes them out again.
const original = { ...mapLibrary };
beforeEach(() => {
  Object.assign(mapLibrary, {
    APIProvider: StandInProvider,
    Map: StandInMap,
    Marker: StandInMarker,
    useApiLoadingStatus: () => (library.fail ? APILoadingStatus.FAILED : APILoadingStatus.LOADED),
    useMap: () => null,
  });
});

afterEach(() => {
  cleanup();
  Object.assign(mapLibrary, original);
  vi.unstubAllGlobals();
  localStorage.clear();
  library.fail = false;
  library.providers.length = 0;
  library.mapClick = undefined;
});

const SITES = [
  { id: 's1', name: 'Harbour', latitude: 53.5461, longitude: 9.9661 },
  { id: 's2', name: 'Depot', latitude: 48.1372, longitude: 11.5756 },
  { id: 's3', name: 'Yard' },
];

function sitesApi() {
  return fakeApi({
    '/biz/station/list': ({ body }) => page(SITES, SITES.length, Number(body?.current ?? 1), 500),
  });
}

async function openMap(user: ReturnType<typeof userEvent.setup>) {
  renderScreen(
    <Routes>
      <Route path="/equipment" element={<StationsPage />} />
      <Route path="/stationDetail/:id" element={<p>Detail page</p>} />
    </Routes>,
    '/equipment',
  );
  await user.click(await screen.findByRole('tab', { name: 'Map' }));
}

describe('the map of the sites', () => {
  it('puts a marker per site with coordinates, from the station list, and opens a site from its marker', async () => {
    grant('2100');
    writeStored(STORAGE.mapKey, 'maps-key-1');
    const api = sitesApi();
    const user = userEvent.setup();
    await openMap(user);

    const markers = await screen.findAllByTestId('marker');
    expect(markers.map((m) => [m.textContent, m.dataset.lat, m.dataset.lng])).toEqual([
      ['Harbour', '53.5461', '9.9661'],
      ['Depot', '48.1372', '11.5756'],
    ]);
    expect(library.providers.at(-1)).toEqual({ apiKey: 'maps-key-1', language: 'en' });
    expect(api.calls('/biz/station/list').some((c) => c.body?.size === 500)).toBe(true);
    expect(screen.getByText('2 of 3 sites have coordinates.')).toBeTruthy();
    expect(screen.getByText('Without coordinates (set them in the site wizard): Yard')).toBeTruthy();

    await user.click(markers[1]!);
    expect(await screen.findByText('Detail page')).toBeTruthy();
  });

  it('says why there is no map without a key, and still lists the sites with their coordinates', async () => {
    grant('2100', '2101');
    sitesApi();
    const user = userEvent.setup();
    await openMap(user);
    const notice = await screen.findByTestId('map-notice');
    expect(notice.dataset.reason).toBe('noKey');
    expect(notice.textContent).toContain('No maps key is set');
    expect(screen.queryByTestId('marker')).toBeNull();
    expect(library.providers).toEqual([]);
    const table = screen.getByRole('table', { name: 'Sites on the map' });
    expect(within(table).getByText('Harbour')).toBeTruthy();
    expect(within(table).getByText('53.5461')).toBeTruthy();
    // The list is one tab away, untouched.
    await user.click(screen.getByRole('tab', { name: 'List' }));
    expect(await screen.findByRole('button', { name: 'Add site' })).toBeTruthy();
  });

  it('says so when the map cannot load (no network), the sites still listed', async () => {
    grant('2100');
    writeStored(STORAGE.mapKey, 'maps-key-1');
    library.fail = true;
    sitesApi();
    const user = userEvent.setup();
    await openMap(user);
    const notice = await screen.findByTestId('map-notice');
    expect(notice.dataset.reason).toBe('failed');
    expect(notice.textContent).toContain('The map could not be loaded');
    expect(screen.getByRole('table', { name: 'Sites on the map' })).toBeTruthy();
  });
});

describe('the position picker of the site wizard', () => {
  it('sets latitude and longitude from a click on the map; typed coordinates move the marker', async () => {
    grant('2100', '2101');
    writeStored(STORAGE.mapKey, 'maps-key-1');
    fakeApi({
      '/biz/station/list': () => page([]),
      '/biz/chargingFee/list': () => page([]),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={stationDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Add site' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'Click the map (or drag the marker) to set the latitude and longitude; typing them moves the marker.',
      ),
    ).toBeTruthy();
    await within(dialog).findByTestId('map-canvas');
    expect(within(dialog).queryByTestId('marker')).toBeNull();

    library.mapClick!({ detail: { latLng: { lat: 53.54612345678, lng: 9.96612345678 }, placeId: null } });
    const latitude = within(dialog).getByLabelText(/^Latitude/) as HTMLInputElement;
    const longitude = within(dialog).getByLabelText(/^Longitude/) as HTMLInputElement;
    await waitFor(() => expect(latitude.value).toBe('53.546123'));
    expect(longitude.value).toBe('9.966123');
    let marker = await within(dialog).findByTestId('marker');
    expect([marker.dataset.lat, marker.dataset.lng]).toEqual(['53.546123', '9.966123']);

    await user.clear(latitude);
    await user.type(latitude, '48.1372');
    marker = within(dialog).getByTestId('marker');
    expect([marker.dataset.lat, marker.dataset.lng]).toEqual(['48.1372', '9.966123']);
  });

  it('keeps the coordinates typeable without a maps key, saying there is no map', async () => {
    grant('2100', '2101');
    fakeApi({
      '/biz/station/list': () => page([]),
      '/biz/chargingFee/list': () => page([]),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={stationDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Add site' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('map-notice')).dataset.reason).toBe('noKey');
    const latitude = within(dialog).getByLabelText(/^Latitude/) as HTMLInputElement;
    await user.type(latitude, '53.5');
    expect(latitude.value).toBe('53.5');
  });
});
