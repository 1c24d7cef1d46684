/**
 * What the site maps share with their light part (docs/decisions/456-sites-map-on-google-maps.md): the
 * strings' prefix, a site as a marker, and what a map says when it cannot draw (no maps key; the API not
 * loaded: no network, or the key refused). The rest of the page works on.
 */
import { Alert } from '@chakra-ui/react';
import { useTr } from '@web/resources/i18n.ts';

export const MAP = 'siteConsole.map';

/** A site on the map: its id, name and position (a site without coordinates has no marker). */
export interface MapSite {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
}

export function MapNotice({ reason }: { reason: 'noKey' | 'failed' }) {
  const tr = useTr();
  return (
    <Alert.Root
      status={reason === 'noKey' ? 'info' : 'warning'}
      data-testid="map-notice"
      data-reason={reason}
    >
      <Alert.Indicator />
      <Alert.Title fontWeight="normal">{tr(`${MAP}.${reason}`)}</Alert.Title>
    </Alert.Root>
  );
}
