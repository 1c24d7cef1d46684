/**
 * Transport for the console's calls: timeout, JSON, and failures sorted into the kinds docs/product.md
 * section 8 gives different messages (network failure, timeout, HTTP status, unreadable answer).
 * The envelope/bearer/401 request helper of docs/product.md section 7 (lib/api.ts) is built on top of this.
 */

/** docs/product.md section 9: request timeout. */
export const REQUEST_TIMEOUT_MS = 60_000;

export type RequestErrorKind = 'network' | 'timeout' | 'http' | 'parse';

export class RequestError extends Error {
  constructor(
    readonly kind: RequestErrorKind,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(status === undefined ? `Request failed: ${kind}` : `Request failed: ${kind} ${status}`, options);
    this.name = 'RequestError';
  }
}

/**
 * True from the moment the page is left (pagehide) until it is shown again (back-forward cache). Leaving a
 * page cuts its calls in flight, and the browser runs their failure handlers before the next page loads:
 * reported, a cut user-info call would end the session (docs/product.md section 8) of someone who only
 * clicked on.
 */
let leaving = false;
globalThis.addEventListener?.('pagehide', () => (leaving = true));
globalThis.addEventListener?.('pageshow', () => (leaving = false));

export interface JsonResponse {
  status: number;
  ok: boolean;
  /** Parsed JSON body, or `undefined` when the body was empty. */
  body: unknown;
}

export interface GetJsonOptions {
  method?: 'GET' | 'POST';
  /** Sent as JSON, or as is when it is FormData. */
  body?: unknown;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** For tests: the fetch to use instead of the global one. */
  fetch?: typeof fetch;
}

/**
 * Fetch a JSON resource (GET unless told otherwise). Resolves for every HTTP status with a readable (or empty) body, so callers can
 * use the body of an error status; rejects with a RequestError for network failure, timeout or an
 * unreadable body.
 */
export async function getJson(url: string, options: GetJsonOptions = {}): Promise<JsonResponse> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    const hasJson = options.body !== undefined && !isForm;
    response = await doFetch(url, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(hasJson ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: isForm ? (options.body as FormData) : hasJson ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    // Cut by the page going away, not failed: nothing is left to tell, so the call never settles.
    if (leaving && !timedOut) return new Promise<never>(() => undefined);
    throw new RequestError(timedOut ? 'timeout' : 'network', undefined, { cause: error });
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (leaving) return new Promise<never>(() => undefined);
    throw new RequestError('network', response.status, { cause: error });
  }
  if (text.trim() === '') return { status: response.status, ok: response.ok, body: undefined };
  try {
    return { status: response.status, ok: response.ok, body: JSON.parse(text) as unknown };
  } catch (error) {
    // An HTML error page from a proxy is an HTTP failure, not a parse failure, when the status says so.
    throw new RequestError(response.ok ? 'parse' : 'http', response.status, { cause: error });
  }
}

export type ErrorMessageKey =
  'errors.network' | 'errors.timeout' | 'errors.notFound' | 'errors.server' | 'errors.badResponse';

/** Catalog key (and its values) of the message a person should see for a failed call. */
export function describeError(error: unknown): { key: ErrorMessageKey; values?: { status: number } } {
  if (!(error instanceof RequestError)) return { key: 'errors.network' };
  switch (error.kind) {
    case 'timeout':
      return { key: 'errors.timeout' };
    case 'parse':
      return { key: 'errors.badResponse' };
    case 'http':
      if (error.status === 404) return { key: 'errors.notFound' };
      return error.status === undefined
        ? { key: 'errors.badResponse' }
        : { key: 'errors.server', values: { status: error.status } };
    case 'network':
      return { key: 'errors.network' };
  }
}
