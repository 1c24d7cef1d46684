/**
 * Downloads a file answer of an API call (an Excel template, a fleet's fund history) with the session's
 * token and language; `body` is sent as the call's JSON body (the list's filter), `query` in the URL.
 */
import type { ApiPath } from '@shared/api/paths.ts';
import { languageHeaders } from '@shared/i18n/languages.ts';
import { storedToken } from '@web/auth/storage.ts';
import { currentLanguage } from '@web/i18n.ts';
import { withQuery, type Query } from '@web/lib/api.ts';
import { REQUEST_TIMEOUT_MS } from '@web/lib/http.ts';

export async function downloadFile(
  url: ApiPath,
  fileName: string,
  body?: object,
  query?: Query,
): Promise<void> {
  const token = storedToken();
  const response = await fetch(withQuery(url, query), {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      ...languageHeaders(currentLanguage()),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
