/**
 * The platform status read from `GET /health` (same origin):
 * `{ status: 'ok' | 'starting' | 'degraded', uptimeSeconds?, services: { name: { status: 'ok' | 'down', detail? } } }`.
 * The parser is tolerant of what a status page should survive (an unknown status word, a service given as a
 * bare string, a missing uptime, a `{ code, msg, data }` envelope) and strict about the rest.
 */
import { API } from '@shared/api/paths.ts';
import { getJson, RequestError, type GetJsonOptions } from '@web/lib/http.ts';

/** How often the status page polls. */
export const HEALTH_REFRESH_MS = 5_000;
/** A status check that takes longer than this is reported as timed out (shorter than the 60 s call timeout). */
export const HEALTH_TIMEOUT_MS = 10_000;
export const HEALTH_URL = API.health;

export type OverallStatus = 'ok' | 'starting' | 'degraded' | 'unknown';
export type ServiceStatus = 'ok' | 'down' | 'unknown';
export type Tone = 'success' | 'info' | 'warning' | 'danger' | 'neutral';

export interface ServiceHealth {
  name: string;
  status: ServiceStatus;
  detail?: string;
}

export interface HealthReport {
  status: OverallStatus;
  uptimeSeconds: number | null;
  /** Problems first, then by name. */
  services: ServiceHealth[];
}

export interface HealthSnapshot extends HealthReport {
  /** When the console received this report (epoch ms). */
  receivedAt: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function overallStatus(value: string): OverallStatus {
  return value === 'ok' || value === 'starting' || value === 'degraded' ? value : 'unknown';
}

function serviceStatus(value: unknown): ServiceStatus {
  return value === 'ok' || value === 'down' ? value : 'unknown';
}

function parseService(name: string, value: unknown): ServiceHealth {
  if (typeof value === 'string') return { name, status: serviceStatus(value) };
  if (!isRecord(value)) return { name, status: 'unknown' };
  const service: ServiceHealth = { name, status: serviceStatus(value.status) };
  if (typeof value.detail === 'string' && value.detail.trim() !== '') service.detail = value.detail;
  return service;
}

const rank: Record<ServiceStatus, number> = { down: 0, unknown: 1, ok: 2 };

export function sortServices(services: ServiceHealth[]): ServiceHealth[] {
  return [...services].sort((a, b) => rank[a.status] - rank[b.status] || a.name.localeCompare(b.name));
}

/** The report in a `/health` body, or `null` when the body is not one. */
export function parseHealth(body: unknown): HealthReport | null {
  const root = isRecord(body) && isRecord(body.data) && !('status' in body) ? body.data : body;
  if (!isRecord(root) || typeof root.status !== 'string') return null;
  if (root.services !== undefined && !isRecord(root.services)) return null;
  const services = isRecord(root.services) ? root.services : {};
  const uptime = root.uptimeSeconds;
  return {
    status: overallStatus(root.status),
    uptimeSeconds: typeof uptime === 'number' && Number.isFinite(uptime) && uptime >= 0 ? uptime : null,
    services: sortServices(Object.entries(services).map(([name, value]) => parseService(name, value))),
  };
}

export function summarise(report: HealthReport): { ok: number; total: number } {
  return { ok: report.services.filter((s) => s.status === 'ok').length, total: report.services.length };
}

const tones: Record<OverallStatus | ServiceStatus, Tone> = {
  ok: 'success',
  starting: 'info',
  degraded: 'warning',
  down: 'danger',
  unknown: 'neutral',
};

export function toneOf(status: OverallStatus | ServiceStatus): Tone {
  return tones[status];
}

/**
 * Fetch and parse the status. A degraded platform may answer with an error status (503) and a valid
 * report: the report wins. Otherwise the HTTP status (or an unreadable body) becomes a RequestError.
 */
export async function fetchHealth(options: GetJsonOptions = {}): Promise<HealthSnapshot> {
  const response = await getJson(HEALTH_URL, { timeoutMs: HEALTH_TIMEOUT_MS, ...options });
  const report = parseHealth(response.body);
  if (report) return { ...report, receivedAt: Date.now() };
  throw new RequestError(response.ok ? 'parse' : 'http', response.status);
}
