/**
 * A charge point's operative flag (docs/product.md section 4, the pile's availability), kept on its live item
 * (`operative`, shown on /device and /chargerDetail; absent reads as operative). It follows:
 * - a ChangeAvailability of the whole pile (1.6 connector 0, 2.0.1 without an EVSE) the charger answered
 *   Accepted or Scheduled (Scheduled: it takes effect when the sessions in progress end): Operative → true,
 *   Inoperative → false; one for a connector leaves the pile's flag alone, as does a refused one;
 * - a 1.6 StatusNotification of connector 0 (the pile itself): Unavailable → false, Available → true.
 */
import { setLive } from './live.ts';

/** What this reads of an ended command (functions/commands/store.ts, a layer above: decision 400). */
interface EndedCommand {
  chargePointId: string;
  action: string;
  status: string;
  result?: unknown;
  payload: Record<string, unknown>;
}

const TAKEN = new Set(['Accepted', 'Scheduled']);

/** The flag an ended ChangeAvailability command sets on its pile, or undefined when it sets none. */
export function operativeOf(command: Omit<EndedCommand, 'chargePointId'>) {
  if (command.action !== 'ChangeAvailability' || command.status !== 'answered') return undefined;
  if (!TAKEN.has(String((command.result as { status?: unknown } | undefined)?.status))) return undefined;
  const p = command.payload;
  if (p.evse !== undefined || (p.connectorId !== undefined && Number(p.connectorId) !== 0)) return undefined;
  const wanted = p.type ?? p.operationalStatus;
  return wanted === 'Operative' ? true : wanted === 'Inoperative' ? false : undefined;
}

/** The command-end listener of ChangeAvailability (functions/chargepoints/reactions.ts). */
export async function availabilityCommandEnded(command: EndedCommand) {
  const operative = operativeOf(command);
  if (operative !== undefined) await setLive(command.chargePointId, { operative });
}

/** A status of connector 0 (the pile): Unavailable makes it inoperative, Available operative again. */
export async function pileStatusReported(chargePointId: string, connectorNo: number, status: string) {
  if (connectorNo !== 0) return;
  if (status === 'Unavailable') await setLive(chargePointId, { operative: false });
  else if (status === 'Available') await setLive(chargePointId, { operative: true });
}
