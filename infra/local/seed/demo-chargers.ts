/** The demo chargers of DESIGN.md section 8: DEMO-CP-001..005, OCPP Basic auth password `demo-cp-secret`. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { hashSecret } from '@functions/lib/password.ts';
import { chargePointCredentialsKey } from '@functions/ocpp/keys.ts';
import type { SeedStep } from './index.ts';

export const DEMO_AGENT_ID = 'demo-operator';
export const DEMO_CHARGER_PASSWORD = 'demo-cp-secret';
export const demoChargerIds = [1, 2, 3, 4, 5].map((n) => `DEMO-CP-${String(n).padStart(3, '0')}`);

export const demoChargers: SeedStep = {
  id: 'demo-charger-credentials',
  always: false,
  async run() {
    for (const id of demoChargerIds) {
      await dynamoDocument().send(
        new PutCommand({
          TableName: config.tableName('main'),
          Item: {
            ...chargePointCredentialsKey(id),
            chargePointId: id,
            agentId: DEMO_AGENT_ID,
            securityProfile: 1,
            passwordHash: await hashSecret(DEMO_CHARGER_PASSWORD),
          },
        }),
      );
    }
  },
  describe: () => [
    `Demo chargers: ${demoChargerIds[0]} … ${demoChargerIds.at(-1)}, OCPP Basic auth password ${DEMO_CHARGER_PASSWORD}`,
  ],
};
