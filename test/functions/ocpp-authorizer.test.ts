/**
 * The OCPP `$connect` authorizer remembers a password it has verified (per charge point, bound to the stored
 * hash), so a reconnect storm does not cost an scrypt per charger; a wrong or changed password is still
 * checked in full and refused.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { handler as authorize } from '@functions/authorizer/ocpp.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { hashSecret, secretChecks } from '@functions/lib/password.ts';
import { chargePointRecords } from '@functions/data/charge-points.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let runtime: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  runtime = await startTestRuntime();
}, 120_000);
afterAll(async () => {
  await runtime?.cleanup();
});

const connect = (id: string, password: string) =>
  authorize({
    type: 'REQUEST',
    methodArn: 'arn:aws:execute-api:local:000000000000:local/local/$connect',
    headers: { Authorization: `Basic ${Buffer.from(`${id}:${password}`).toString('base64')}` },
    queryStringParameters: { chargePointId: id },
  } as unknown as APIGatewayRequestAuthorizerEvent);
const allowed = async (id: string, password: string) =>
  (await connect(id, password)).policyDocument.Statement.every((s) => s.Effect === 'Allow');

describe('OCPP authorizer', () => {
  it('checks a charger password in full once, and a wrong or changed one every time', async () => {
    const checks = vi.spyOn(secretChecks, 'verifySecret');
    onTestFinished(() => checks.mockRestore());
    expect(await allowed('DEMO-CP-004', DEMO_CHARGER_PASSWORD)).toBe(true);
    expect(await allowed('DEMO-CP-004', DEMO_CHARGER_PASSWORD)).toBe(true);
    expect(await allowed('DEMO-CP-004', DEMO_CHARGER_PASSWORD)).toBe(true);
    expect(checks).toHaveBeenCalledTimes(1);

    expect(await allowed('DEMO-CP-004', 'wrong')).toBe(false);
    expect(await allowed('DEMO-CP-004', 'wrong')).toBe(false);
    expect(checks).toHaveBeenCalledTimes(3);

    // The password changed in the console: the old one is refused, the new one checked.
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: config.tableName('main'),
        Key: chargePointRecords.key('DEMO-CP-004'),
        UpdateExpression: 'SET passwordHash = :h',
        ExpressionAttributeValues: { ':h': await hashSecret('changed-secret') },
      }),
    );
    expect(await allowed('DEMO-CP-004', DEMO_CHARGER_PASSWORD)).toBe(false);
    expect(await allowed('DEMO-CP-004', 'changed-secret')).toBe(true);
    expect(await allowed('DEMO-CP-005', 'changed-secret')).toBe(false); // another charger's password
  });
});
