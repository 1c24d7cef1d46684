/**
 * Parts of the device model reports 2.0.1 chargers send after a GetBaseReport (functions/commands/reports.ts,
 * decision 235): one item per NotifyReport part under the charger's partition,
 * `CHARGEPOINT#{chargePointId}` / `REPORT#{requestId}#{seqNo}` (seqNo zero-padded to six digits, so parts sort
 * in order), holding seqNo, tbc, generatedAt, data (the part's reportData) and expiresAt. Access patterns:
 * - a part put (a repeated part overwrites itself);
 * - the parts of one request, in part order.
 */
import { defineEntity, model, putRecord, queryAll, send, withoutKeys } from './table.ts';

export const reportParts = defineEntity(
  {
    model: model('REPORTPART'),
    attributes: {
      chargePointId: { type: 'string', required: true },
      requestId: { type: 'number', required: true },
      /** Key-only: seqNo as the sort key holds it (six digits). */
      part: { type: 'string', required: true },
      seqNo: { type: 'number', required: true },
    },
    indexes: {
      byRequest: {
        pk: {
          field: 'pk',
          composite: ['chargePointId'],
          template: 'CHARGEPOINT#${chargePointId}',
          casing: 'none',
        },
        sk: {
          field: 'sk',
          composite: ['requestId', 'part'],
          template: 'REPORT#${requestId}#${part}',
          casing: 'none',
        },
      },
    },
  },
  { keyOnly: ['chargePointId', 'requestId', 'part'] },
);

/** A stored part (without keys). */
export interface StoredReportPart {
  seqNo: number;
  tbc: boolean;
  generatedAt?: string;
  data: unknown[];
  expiresAt: number;
}

type Request = { chargePointId: string; requestId: number };

/** The put of a part of a request's report (over the same part sent before). */
export const reportPartPut = (ref: Request, part: StoredReportPart) =>
  putRecord(
    reportParts.put({ ...ref, part: String(part.seqNo).padStart(6, '0'), seqNo: part.seqNo }).params(),
    part,
  );

export const putReportPart = (ref: Request, part: StoredReportPart) => send.put(reportPartPut(ref, part));

/** Every part of a request's report, in part order. */
export const reportPartsOf = async (ref: Request) =>
  (await queryAll(reportParts.query.byRequest(ref).params())).map((item) =>
    withoutKeys<StoredReportPart & Record<string, unknown>>(item),
  );
