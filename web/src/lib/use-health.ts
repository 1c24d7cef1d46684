import { languageHeaders } from '@shared/i18n/languages.ts';
import { currentLanguage } from '@web/i18n.ts';
import { fetchHealth, HEALTH_REFRESH_MS, HEALTH_URL, type HealthSnapshot } from '@web/lib/health.ts';
import useSWR from 'swr';

/** The platform status, polled every 5 s while the page is visible; the last good report stays on failure. */
export function useHealth() {
  return useSWR<HealthSnapshot, unknown>(
    HEALTH_URL,
    () => fetchHealth({ headers: languageHeaders(currentLanguage()) }),
    {
      refreshInterval: HEALTH_REFRESH_MS,
      // The poll already retries every 5 s; SWR's own error retries would double the traffic.
      shouldRetryOnError: false,
      keepPreviousData: true,
    },
  );
}
