/**
 * The audit log (the /log screen): one entry per mutating call with who, when, from where, what (params with
 * secrets masked), how long and how it ended. Stored in the audit table, listed per day through its byTime
 * index, kept for AUDIT_RETENTION_DAYS.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { putAuditEntry } from '@functions/data/audit.ts';
import { newId, PLATFORM_TENANT } from '@functions/lib/records.ts';

export const AUDIT_RETENTION_DAYS = 180;
const SECRET =
  /^(password|oldpwd|newpwd|confirmpwd|code|cvc|cardno|refresh_token|access_token|token)$|secret|apikey|privatekey|passw/i;
const MAX_PARAMS = 4000;

/** Params as the log shows them: secrets replaced by ******, long values cut. */
export function maskParams(value: unknown, extra: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((v) => maskParams(v, extra));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        (SECRET.test(k) || extra.includes(k)) && v !== '' && v != null ? '******' : maskParams(v, extra),
      ]),
    );
  }
  return value;
}

export interface AuditInput {
  event: APIGatewayProxyEventV2;
  title: string;
  /** Catalog key of the title's `{{what}}`, for generic resource calls. */
  titleWhat?: string;
  /** More fields to mask (the resource's declared secrets). */
  mask?: string[];
  serviceId: string;
  createBy: string;
  tenant?: string;
  body: unknown;
  startedAt: number;
  exception?: string;
}

export async function writeAudit(input: AuditInput): Promise<void> {
  const now = Date.now();
  const id = newId();
  const { event } = input;
  const params = JSON.stringify(
    maskParams(
      { ...(event.queryStringParameters ?? {}), ...(isObject(input.body) ? input.body : {}) },
      input.mask,
    ),
  );
  await putAuditEntry({
    day: new Date(now).toISOString().slice(0, 10),
    at: now,
    id,
    title: input.title,
    ...(input.titleWhat ? { titleWhat: input.titleWhat } : {}),
    type: input.exception ? '9' : '0',
    serviceId: input.serviceId,
    createBy: input.createBy,
    createTime: new Date(now).toISOString(),
    remoteAddr: event.requestContext.http.sourceIp,
    userAgent: event.requestContext.http.userAgent ?? '',
    requestUri: event.rawPath,
    method: event.requestContext.http.method,
    params: params.length > MAX_PARAMS ? `${params.slice(0, MAX_PARAMS)}…` : params,
    time: now - input.startedAt,
    ...(input.exception ? { exception: input.exception.slice(0, 2000) } : {}),
    tenant: input.tenant ?? PLATFORM_TENANT,
    expiresAt: Math.floor(now / 1000) + AUDIT_RETENTION_DAYS * 86400,
  });
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
