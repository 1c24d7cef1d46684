/**
 * The demo sites of docs/architecture.md section 8: the demo company's stations with the chargers
 * DEMO-CP-001..005 (OCPP Basic auth password `demo-cp-secret`): three 1.6 AC piles in Berlin, two 2.0.1 piles
 * (one DC) in Munich, and the cards the simulated chargers charge with.
 */
import { cards } from '@functions/biz/cards.ts';
import { registerChargers } from '@functions/devices/registration.ts';
import { stations } from '@functions/chargepoints/sites.ts';
import { renewableSources } from '@functions/energy/renewable.ts';
import { energyBoxes } from '@functions/energybox/boxes.ts';
import type { SeedStep } from './index.ts';

export const DEMO_AGENT_ID = 'demo-operator';
export const DEMO_CHARGER_PASSWORD = 'demo-cp-secret';
export const demoChargerIds = [1, 2, 3, 4, 5].map((n) => `DEMO-CP-${String(n).padStart(3, '0')}`);
/** The protocol each demo charger speaks. */
export const demoChargerProtocol = (id: string) =>
  demoChargerIds.indexOf(id) < 3 ? ('ocpp1.6' as const) : ('ocpp2.0.1' as const);

/** The demo company's energy box, linked to the first two Berlin piles (the simulator reports as it). */
export const DEMO_ENERGY_BOX = 'EB-DEMO-1';

export const demoEnergyBox: SeedStep = {
  id: 'demo-energy-box',
  always: false,
  async run() {
    const tenant = `/${DEMO_AGENT_ID}/`;
    if (await energyBoxes.repo.getAny(DEMO_ENERGY_BOX)) return;
    await energyBoxes.repo.create(
      {
        id: DEMO_ENERGY_BOX,
        code: DEMO_ENERGY_BOX,
        name: 'Berlin Central supply',
        ratedCurrent: 63,
        loadLimit: 80,
        phases: 3,
        chargePointIds: [demoChargerIds[0]!, demoChargerIds[1]!],
        tenant,
      },
      tenant,
    );
  },
  describe: () => [],
};

/** The demo PV roof at Berlin Central (W), measured by the demo energy box (the simulator reports it). */
export const DEMO_PV_PEAK_W = 30_000;

/**
 * Berlin Central's renewable sources: a 30 kW PV roof the demo energy box measures and a green supply contract
 * for 30 % of the grid energy (/renewable). Demo material like the history (tests that count sources start
 * without it).
 */
export const demoRenewableSources: SeedStep = {
  id: 'demo-renewable-sources',
  always: false,
  history: true,
  async run() {
    const tenant = `/${DEMO_AGENT_ID}/`;
    const berlin = (await stations.repo.list(tenant)).find((s) => s.name === 'Demo Berlin Central');
    if (!berlin) return;
    const base = {
      stationId: berlin.id,
      stationName: String(berlin.name),
      tenant: berlin.tenant,
      surplusMode: false,
    };
    for (const source of [
      {
        id: 'demo-pv-roof',
        name: 'Berlin Central PV roof',
        sourceType: 'PV',
        peakPower: DEMO_PV_PEAK_W / 1000,
        energyBoxCode: DEMO_ENERGY_BOX,
      },
      { id: 'demo-green-contract', name: 'Green supply contract', sourceType: 'GREEN_CONTRACT', share: 30 },
    ])
      if (!(await renewableSources.repo.getAny(source.id)))
        await renewableSources.repo.create({ ...base, ...source }, berlin.tenant);
  },
  describe: () => [],
};

/** Cards of the demo company: the simulated chargers present these (the simulator's default is the first). */
export const demoCardNumbers = ['SIM-TAG-001', 'SIM-TAG-002', 'SIM-TAG-003'];

export const demoChargers: SeedStep = {
  id: 'demo-sites',
  always: false,
  async run() {
    const tenant = `/${DEMO_AGENT_ID}/`;
    await registerChargers({
      tenant,
      station: { name: 'Demo Berlin Central' },
      password: DEMO_CHARGER_PASSWORD,
      chargePoints: demoChargerIds
        .slice(0, 3)
        .map((id) => ({ chargePointId: id, protocol: 'ocpp1.6', connectors: 2 })),
    });
    await registerChargers({
      tenant,
      station: {
        name: 'Demo Munich Garage',
        city: 'Munich',
        postalCode: '80331',
        address: '5 Garage Street',
        longitude: 11.576,
        latitude: 48.137,
        locationType: 'UNDERGROUND_GARAGE',
      },
      password: DEMO_CHARGER_PASSWORD,
      chargePoints: [
        { chargePointId: demoChargerIds[3]!, protocol: 'ocpp2.0.1', connectors: 2 },
        { chargePointId: demoChargerIds[4]!, protocol: 'ocpp2.0.1', connectors: 1, powerType: 'DC' },
      ],
    });
    for (const [i, cardSn] of demoCardNumbers.entries())
      await cards.repo.create(
        {
          id: `demo-card-${i + 1}`,
          cardSn,
          receiveStatus: 2,
          status: 0,
          blackFlag: 0,
          type: 1,
          username: `Demo driver ${i + 1}`,
          useScopeList: [],
          pileIds: [],
          balance: 100,
          tenant,
        },
        tenant,
      );
  },
  describe: () => [
    `Demo chargers: ${demoChargerIds[0]} … ${demoChargerIds.at(-1)}, OCPP Basic auth password ${DEMO_CHARGER_PASSWORD}`,
  ],
};
