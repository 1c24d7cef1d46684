/**
 * The demo company's paying accounts besides cards (the fleet and app-balance settlement of
 * docs/decisions/265-fleet-and-app-accounts.md): the fleet "Demo Logistics" (balance 500, overdraft 50,
 * warning at 100) with its driver tag FLEET-TAG-001 and vehicle tag FLEET-TAG-002, and the app user "Demo app
 * user" (balance 80, 5 frozen) charging with APP-TAG-001. Sessions with these tags are paid from the fleet
 * account and the app balance.
 *
 * Chargers authorise these tags as the fleet's and the app user's (functions/ocpp/authorize.ts), and each tag
 * is its holder's only: no card of the company carries it (one payer per tag, docs/decisions/432).
 */
import { addDriver, addVehicle, createFleet, drivers, fleets, vehicles } from '@functions/accounts/fleets.ts';
import { appUsers, createAppUser } from '@functions/accounts/app-users.ts';
import { DEMO_AGENT_ID } from './demo-chargers.ts';
import { DEMO_FLEET_ID } from './identity.ts';
import type { SeedStep } from './index.ts';

export const DEMO_FLEET = {
  id: DEMO_FLEET_ID,
  name: 'Demo Logistics',
  balance: 500,
  overdraftAmount: 50,
  warnBalance: 100,
  driverTag: 'FLEET-TAG-001',
  vehicleTag: 'FLEET-TAG-002',
};

export const DEMO_APP_USER = {
  id: 'demo-app-user',
  userName: 'Demo app user',
  email: 'app@demo.local',
  accountBalance: 80,
  frozenAmount: 5,
  tag: 'APP-TAG-001',
};

export const demoAccounts: SeedStep = {
  id: 'demo-accounts',
  always: false,
  async run() {
    const tenant = `/${DEMO_AGENT_ID}/`;
    if (!(await fleets.getAny(DEMO_FLEET.id)))
      await createFleet(
        {
          id: DEMO_FLEET.id,
          name: DEMO_FLEET.name,
          admin: 'fleet@demo.local',
          manager: 'Demo Fleet Manager',
          address: '1 Depot Road, Berlin',
          balance: DEMO_FLEET.balance,
          overdraftAmount: DEMO_FLEET.overdraftAmount,
          warnBalance: DEMO_FLEET.warnBalance,
        },
        tenant,
      );
    if (!(await drivers.getAny('demo-fleet-driver')))
      await addDriver(
        {
          id: 'demo-fleet-driver',
          fleetId: DEMO_FLEET.id,
          driverId: 'D-001',
          name: 'Demo fleet driver',
          email: 'driver@demo.local',
          idTag: DEMO_FLEET.driverTag,
        },
        tenant,
      );
    if (!(await vehicles.getAny('demo-fleet-vehicle')))
      await addVehicle(
        {
          id: 'demo-fleet-vehicle',
          fleetId: DEMO_FLEET.id,
          name: 'Demo van',
          licensePlateNumber: 'B-EV-1001',
          vin: 'WDB9066331S000001',
          idTag: DEMO_FLEET.vehicleTag,
        },
        tenant,
      );
    if (!(await appUsers.getAny(DEMO_APP_USER.id)))
      await createAppUser(
        {
          id: DEMO_APP_USER.id,
          userName: DEMO_APP_USER.userName,
          email: DEMO_APP_USER.email,
          accountBalance: DEMO_APP_USER.accountBalance,
          frozenAmount: DEMO_APP_USER.frozenAmount,
          cardNo: DEMO_APP_USER.tag,
        },
        tenant,
      );
  },
  describe: () => [],
};
