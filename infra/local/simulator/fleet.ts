/**
 * Many simulated chargers at once: the CLI (`npm run simulate`), the local runtime's demo chargers
 * (`SIM_CHARGERS`) and the benchmark start them through here. Connections are opened with a bounded
 * concurrency (each `$connect` checks a password hash, which is deliberately slow).
 */
import { SimulatedCharger, type ChargerOptions, type OcppVersion } from './charger.ts';

export interface FleetOptions extends Omit<ChargerOptions, 'id' | 'ocpp'> {
  ids: string[];
  /** One version for all, or `mixed` (1.6 and 2.0.1 alternately, starting with 1.6). */
  ocpp?: OcppVersion | 'mixed';
  /** Connections opened at the same time (default 10). */
  concurrency?: number;
  /** Called for each charger before it starts (to attach listeners). */
  onCharger?: (charger: SimulatedCharger) => void;
}

export interface Fleet {
  chargers: SimulatedCharger[];
  /** Connected / booted / sessions running right now. */
  summary(): { connected: number; booted: number; sessions: number; queued: number };
  stop(): Promise<void>;
}

/** `PREFIX001`, `PREFIX002`... (numbers padded to 3 digits). */
export const fleetIds = (prefix: string, count: number, first = 1) =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(first + i).padStart(3, '0')}`);

export const versionAt = (ocpp: FleetOptions['ocpp'], index: number): OcppVersion =>
  ocpp === 'mixed' ? (index % 2 ? '2.0.1' : '1.6') : (ocpp ?? '1.6');

/** Creates the chargers and starts them; resolves when every first connection attempt has settled. */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const { ids, ocpp, concurrency = 10, onCharger, ...common } = options;
  const chargers = ids.map((id, i) => new SimulatedCharger({ ...common, id, ocpp: versionAt(ocpp, i) }));
  if (onCharger) chargers.forEach(onCharger);
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next < chargers.length) await chargers[next++]!.start();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, chargers.length)) }, worker));
  return {
    chargers,
    summary: () => ({
      connected: chargers.filter((c) => c.isOpen()).length,
      booted: chargers.filter((c) => c.booted).length,
      sessions: chargers.reduce((n, c) => n + c.sessions.length, 0),
      queued: chargers.reduce((n, c) => n + c.queued, 0),
    }),
    stop: async () => {
      stopped = true;
      await Promise.all(chargers.map((c) => c.stop()));
    },
  };
}
