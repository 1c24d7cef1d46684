/**
 * A remote command's expiry type and report time (docs/product.md section 3, the fields of remote commands:
 * expireType, reportTime; docs/decisions/463-command-expiry-type-and-report-time.md):
 * - `normal`: on its way within its answer time, or answered by the charger;
 * - `expired`: its answer time passed without an answer (timed out, or still waiting past it);
 * - `invalid`: refused: the charger answered with a CALLERROR or refused it in its answer (Rejected,
 *   NotSupported, every item of a 2.0.1 list refused...), or it could not be delivered (offline, failed).
 * The report time is when the charger reported the result: its answer, then each later progress report of
 * the same command (firmware status, log upload).
 */
export const EXPIRE_TYPES = ['normal', 'expired', 'invalid'] as const;
export type ExpireType = (typeof EXPIRE_TYPES)[number];

/** Answer statuses that refuse what was asked (OCPP 1.6 and 2.0.1). */
const REFUSALS = new Set([
  'Rejected',
  'NotSupported',
  'NotImplemented',
  'Failed',
  'UnlockFailed',
  'UnknownConnector',
  'UnknownComponent',
  'UnknownVariable',
  'UnknownMessageId',
  'VersionMismatch',
  'Occupied',
  'Faulted',
  'Unavailable',
  'NotFound',
  'InvalidCertificate',
  'RevokedCertificate',
  'InvalidSignature',
  'OngoingAuthorizedTransaction',
]);

/** 2.0.1 answers with a status per item (variables read or written, monitors set or cleared). */
const ITEM_LISTS = ['getVariableResult', 'setVariableResult', 'setMonitoringResult', 'clearMonitoringResult'];

/** Whether a CALLRESULT refuses the command: its status, or every item of its list. */
export function answerRefuses(result: unknown): boolean {
  if (!result || typeof result !== 'object') return false;
  const r = result as Record<string, unknown>;
  if (typeof r.status === 'string') return REFUSALS.has(r.status);
  const list = ITEM_LISTS.map((k) => r[k]).find(Array.isArray) as Record<string, unknown>[] | undefined;
  return (
    !!list?.length && list.every((item) => REFUSALS.has(String(item?.attributeStatus ?? item?.status ?? '')))
  );
}

export interface ExpiryFacts {
  /** What the record keeps (set at its end): taken as it is once the command has ended. */
  expireType?: unknown;
  status?: unknown;
  createdAt?: unknown;
  sentAt?: unknown;
  result?: unknown;
}

/**
 * The expiry type of a command as it stands at `nowMs`, a command waiting for its answer longer than
 * `answerMs` being expired (the time-out sweep ends it a little later).
 */
export function expireTypeOf(c: ExpiryFacts, nowMs: number, answerMs: number): ExpireType {
  switch (c.status) {
    case 'timeout':
      return 'expired';
    case 'queued':
    case 'sent': {
      const since = Date.parse(String(c.sentAt ?? c.createdAt ?? ''));
      return Number.isFinite(since) && nowMs - since > answerMs ? 'expired' : 'normal';
    }
    case 'rejected':
    case 'offline':
    case 'failed':
      return 'invalid';
    // answered, or a record without a status
    default:
      if ((EXPIRE_TYPES as readonly unknown[]).includes(c.expireType)) return c.expireType as ExpireType;
      return answerRefuses(c.result) ? 'invalid' : 'normal';
  }
}
