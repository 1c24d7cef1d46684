/**
 * The parts of the map library (@vis.gl/react-google-maps, docs/decisions/456-sites-map-on-google-maps.md)
 * the site maps draw with, read through one object at render time: a test puts stand-ins in its place and
 * sees the props the console gives (no module is replaced: docs/decisions/360-tests-share-one-dynamodb.md).
 */
import {
  APILoadingStatus,
  APIProvider,
  Map,
  Marker,
  useApiLoadingStatus,
  useMap,
} from '@vis.gl/react-google-maps';

export { APILoadingStatus };
export type { MapMouseEvent } from '@vis.gl/react-google-maps';

export const mapLibrary = { APIProvider, Map, Marker, useApiLoadingStatus, useMap };
