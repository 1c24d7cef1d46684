/**
 * Device model reports of OCPP 2.0.1 chargers (docs/decisions/235): GetBaseReport is answered "Accepted" and the report
 * itself arrives afterwards as NotifyReport messages in parts (seqNo, `tbc` on all but the last). Each part
 * is kept as its own item under the charger, keyed by request and part number, so a large inventory never
 * meets the item size limit and a repeated part overwrites itself. The console reads the assembled report
 * of one of its commands (POST /biz/command/report?id=) to list a 2.0.1 charger's keys on /confKey.
 */
import { putReportPart, reportPartsOf } from '@functions/data/command-reports.ts';
import { inReach, type Identity } from '@functions/identity/access.ts';
import { notFound } from '@functions/lib/errors.ts';
import { getCommand } from './store.ts';

/** Parts are kept two days: a report is read right after it was asked for. */
const REPORT_KEEP_SECONDS = 2 * 86_400;

export interface ReportPart {
  requestId: number;
  seqNo: number;
  tbc?: boolean;
  generatedAt?: string;
  reportData?: unknown[];
}

export async function saveReportPart(chargePointId: string, part: ReportPart) {
  await putReportPart(
    { chargePointId, requestId: part.requestId },
    {
      seqNo: part.seqNo,
      tbc: part.tbc === true,
      generatedAt: part.generatedAt,
      data: part.reportData ?? [],
      expiresAt: Math.floor(Date.now() / 1000) + REPORT_KEEP_SECONDS,
    },
  );
}

/** One variable of a report, flattened: its Actual attribute's value and mutability. */
export interface ReportVariable {
  component: string;
  evse?: number;
  connector?: number;
  variable: string;
  instance?: string;
  value?: string;
  mutability?: string;
  dataType?: string;
  unit?: string;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

export function flattenReport(data: unknown[]): ReportVariable[] {
  return data.map((entry) => {
    const e = obj(entry);
    const component = obj(e.component);
    const variable = obj(e.variable);
    const evse = obj(component.evse);
    const attributes = Array.isArray(e.variableAttribute) ? (e.variableAttribute as unknown[]).map(obj) : [];
    const actual = attributes.find((a) => (a.type ?? 'Actual') === 'Actual') ?? attributes[0] ?? {};
    const characteristics = obj(e.variableCharacteristics);
    const out: ReportVariable = {
      component: str(component.name) ?? '',
      evse: num(evse.id),
      connector: num(evse.connectorId),
      variable: str(variable.name) ?? '',
      instance: str(variable.instance),
      value: str(actual.value),
      mutability: str(actual.mutability) ?? 'ReadWrite',
      dataType: str(characteristics.dataType),
      unit: str(characteristics.unit),
    };
    return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as ReportVariable;
  });
}

/**
 * The report a getBaseReport command asked for: its variables in part order, and whether the last part
 * (no `tbc`) has arrived with none missing before it.
 */
export async function commandReport(identity: Identity, commandId: string | undefined) {
  const command = commandId ? await getCommand(commandId) : undefined;
  const requestId = command?.payload?.requestId;
  if (!command || !inReach(identity, command) || typeof requestId !== 'number') throw notFound();
  const parts: Json[] = await reportPartsOf({ chargePointId: String(command.chargePointId), requestId });
  const last = parts.at(-1);
  const complete = last !== undefined && last.tbc !== true && parts.every((p, i) => Number(p.seqNo) === i);
  return {
    complete,
    generatedAt: str(parts[0]?.generatedAt),
    variables: flattenReport(parts.flatMap((p) => (Array.isArray(p.data) ? p.data : []))),
  };
}
