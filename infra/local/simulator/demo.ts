/**
 * The runtime's own simulated chargers (`SIM_CHARGERS`, default 3, 0 = off): the first demo chargers come
 * alive in-process, each with the protocol it is registered with (DEMO-CP-001..003 OCPP 1.6, 004 and 005
 * OCPP 2.0.1), running sessions in a loop, so the console has live chargers right after `npm start`.
 */
import { DEMO_CHARGER_PASSWORD, demoChargerIds, demoChargerProtocol } from '../seed/demo-chargers.ts';
import { DEMO_ENERGY_BOX, DEMO_PV_PEAK_W } from '../seed/demo-chargers.ts';
import { SimulatedCharger, type ChargerOptions } from './charger.ts';
import { SimulatedEnergyBox } from './energy-box.ts';

export const DEFAULT_SIM_CHARGERS = 3;
/** The id tag the demo chargers' sessions present (a demo card with this number lets them charge). */
export const DEMO_SIM_ID_TAG = 'SIM-TAG-001';

/** When the first demo charger starts its first session after start-up (seconds, at random in between). */
export const DEMO_FIRST_SESSION_S: [number, number] = [5, 25];

/** `SIM_CHARGERS` as a count (the default when unset or not a whole number ≥ 0). */
export function simChargersFromEnv(value = process.env.SIM_CHARGERS): number {
  if (value === undefined || value.trim() === '') return DEFAULT_SIM_CHARGERS;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_SIM_CHARGERS;
}

/** The shape each demo charger is seeded with (infra/local/seed/demo-chargers.ts): 005 is a 1-connector DC pile. */
function demoShape(id: string): Partial<ChargerOptions> {
  const dc = id === demoChargerIds[4];
  return {
    ocpp: demoChargerProtocol(id) === 'ocpp1.6' ? '1.6' : '2.0.1',
    connectors: dc ? 1 : 2,
    powerType: dc ? 'DC' : 'AC',
    maxPowerKw: dc ? 150 : 22,
  };
}

/**
 * Starts `count` demo chargers (at most the 5 seeded ones) against the runtime at `baseUrl` without waiting for
 * them: they connect in the background. Returns undefined for 0.
 */
export function startDemoChargers(baseUrl: string, count: number, mqttUrl?: string) {
  const ids = demoChargerIds.slice(0, Math.max(0, Math.min(count, demoChargerIds.length)));
  if (!ids.length) return undefined;
  const chargers = ids.map(
    (id, i) =>
      new SimulatedCharger({
        url: baseUrl,
        id,
        password: DEMO_CHARGER_PASSWORD,
        // The first charger starts a session within its first half minute: the console is alive at once.
        sessions: i === 0 ? { firstStartS: DEMO_FIRST_SESSION_S } : true,
        idTags: [DEMO_SIM_ID_TAG],
        ...demoShape(id),
      }),
  );
  // The demo energy box reports over MQTT beside them.
  // The demo box also measures Berlin Central's 30 kW PV roof (the seed's renewable source).
  const box = mqttUrl
    ? new SimulatedEnergyBox({ url: mqttUrl, code: DEMO_ENERGY_BOX, pvPeakW: DEMO_PV_PEAK_W })
    : undefined;
  // Not awaited: the runtime is ready before its chargers are (stop() works in any state).
  void Promise.all(chargers.map((c) => c.start()));
  void box?.start().catch(() => undefined);
  const names = chargers.map((c) => `${c.id} (OCPP ${c.version})`).join(', ');
  return {
    chargers,
    line:
      `Simulated chargers: ${names} running sessions${box ? `, and energy box ${DEMO_ENERGY_BOX}` : ''} ` +
      '(SIM_CHARGERS=0 turns them off)',
    stop: async () => {
      await Promise.all([...chargers.map((c) => c.stop()), box?.stop()]);
    },
  };
}
