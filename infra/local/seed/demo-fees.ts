/**
 * The demo company's tariffs, so simulated sessions come out as priced orders: a Berlin day/night
 * energy price with an occupancy fee after 30 minutes, a flat Munich price, and a reservation fee. Each is
 * bound to its demo station (fee-set mode 1: the station's rule prices every connector).
 */
import { chargingFees, occupancyFees, reserveFees } from '@functions/fees/resources.ts';
import { stations } from '@functions/chargepoints/sites.ts';
import { DEMO_AGENT_ID } from './demo-chargers.ts';
import type { SeedStep } from './index.ts';

export const DEMO_FEES = {
  occupancy: 'demo-occupancy-fee',
  berlin: 'demo-fee-berlin',
  munich: 'demo-fee-munich',
  reservation: 'demo-reserve-fee',
};

export const demoFees: SeedStep = {
  id: 'demo-fees',
  always: false,
  async run() {
    const tenant = `/${DEMO_AGENT_ID}/`;
    const currency = 'USD';
    if (await chargingFees.repo.getAny(DEMO_FEES.berlin)) return;
    await occupancyFees.repo.create(
      {
        id: DEMO_FEES.occupancy,
        name: 'Demo parking after charging',
        currency,
        price: '0.10',
        afterTime: 30,
      },
      tenant,
    );
    await chargingFees.repo.create(
      {
        id: DEMO_FEES.berlin,
        name: 'Demo Berlin day and night',
        currency,
        feeType: 1,
        unitPrice: '0.4500',
        timeSharing: 1,
        periods: [
          { startTime: '00:00', endTime: '07:00', price: '0.2800' },
          { startTime: '07:00', endTime: '22:00', price: '0.4500' },
          { startTime: '22:00', endTime: '24:00', price: '0.2800' },
        ],
        occupancyFeeId: DEMO_FEES.occupancy,
        occupancyInterval: 15,
      },
      tenant,
    );
    await chargingFees.repo.create(
      {
        id: DEMO_FEES.munich,
        name: 'Demo Munich flat',
        currency,
        feeType: 1,
        unitPrice: '0.3900',
        timeSharing: 0,
        periods: [],
      },
      tenant,
    );
    await reserveFees.repo.create(
      { id: DEMO_FEES.reservation, name: 'Demo reservation', currency, price: '0.05' },
      tenant,
    );
    for (const station of await stations.repo.list(tenant)) {
      const rule = String(station.name).includes('Munich') ? DEMO_FEES.munich : DEMO_FEES.berlin;
      if (!station.feeRuleId) await stations.repo.update(station, { ...station, feeRuleId: rule });
    }
  },
  describe: () => [],
};
