/**
 * The one request helper of docs/product.md sections 7 and 8: POST unless told otherwise, same-origin
 * credentials, 60 s timeout, JSON, a bearer token when one is stored (unless the call opts out),
 * content-language and accept-language headers. Every HTTP status counts as transport success: the body is
 * read regardless.
 *
 * Failures are reported once, centrally, through `setApiNotifier` (the console shows them as toasts):
 * 401 runs the session-expiry flow, 403/426/428 show the server's msg, 404 "Request url not found",
 * network failure and time-out their own messages.
 */
import type { ApiPath } from '@shared/api/paths.ts';
import { languageHeaders } from '@shared/i18n/languages.ts';
import { storedToken } from '@web/auth/storage.ts';
import { currentLanguage } from '@web/i18n.ts';
import { getJson, RequestError, REQUEST_TIMEOUT_MS } from '@web/lib/http.ts';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  [extra: string]: unknown;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  query?: Query;
  body?: unknown;
  /** false: no bearer token (login calls). */
  auth?: boolean;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** true: the caller shows errors itself (no central toast except 401). */
  silent?: boolean;
}

export type ApiEvent =
  | { kind: 'unauthorized'; msg: string }
  | { kind: 'forbidden'; msg: string }
  | { kind: 'notFound' }
  | { kind: 'network' }
  | { kind: 'timeout' };

let notify: (event: ApiEvent) => void = () => undefined;

/** The console registers how failures are shown (toasts, the 401 flow). */
export function setApiNotifier(handler: (event: ApiEvent) => void): void {
  notify = handler;
}

/** A call that answered with a non-zero code; `fields` holds per-field messages of a validation failure. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function withQuery(url: ApiPath, query?: Query): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/**
 * Sends a call and returns its envelope whatever the HTTP status (docs/product.md section 7). `url` is a path
 * of the API's (shared/api/paths.ts: the console calls only what the API declares).
 */
export async function request<T = unknown>(url: ApiPath, options: RequestOptions = {}): Promise<Envelope<T>> {
  if (typeof url !== 'string') throw new TypeError('URL must be a string');
  if (typeof options !== 'object' || options === null) throw new TypeError('Options must be an object');
  const token = options.auth === false ? null : storedToken();
  let response;
  try {
    response = await getJson(withQuery(url, options.query), {
      method: options.method ?? 'POST',
      body: options.body,
      timeoutMs: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
      headers: {
        ...languageHeaders(currentLanguage()),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...options.headers,
      },
    });
  } catch (error) {
    if (error instanceof RequestError && !options.silent) {
      notify({ kind: error.kind === 'timeout' ? 'timeout' : 'network' });
    }
    throw error;
  }
  const body = (response.body ?? {}) as Partial<Envelope<T>>;
  const msg = typeof body.msg === 'string' ? body.msg : '';
  if (response.status === 401) notify({ kind: 'unauthorized', msg });
  else if (!options.silent) {
    if ([403, 426, 428].includes(response.status)) notify({ kind: 'forbidden', msg });
    else if (response.status === 404) notify({ kind: 'notFound' });
  }
  return {
    ...body,
    code: typeof body.code === 'number' ? body.code : response.ok ? 0 : response.status,
    msg,
    data: body.data as T,
  } as Envelope<T>;
}

/** A call whose data the caller needs: resolves with `data` when code is 0, rejects with ApiError otherwise. */
export async function call<T = unknown>(url: ApiPath, body?: unknown, query?: Query): Promise<T> {
  const envelope = await request<T>(url, { body, query });
  if (envelope.code !== 0) {
    const fields =
      envelope.data && typeof envelope.data === 'object'
        ? (envelope.data as Record<string, string>)
        : undefined;
    throw new ApiError(envelope.code, envelope.msg, envelope.code, fields);
  }
  return envelope.data;
}
