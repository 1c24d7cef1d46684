/**
 * `$connect` authorizer of the OCPP WebSocket API: OCPP security profiles 1 and 2, HTTP Basic auth with the
 * charge point id as user name and its own password. Unknown charge points and wrong passwords are refused.
 */
import { createHash } from 'node:crypto';
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { chargePointResource } from '@shared/resources/site/charge-point.ts';
import { instanceCache } from '@functions/lib/memo.ts';
import { secretChecks } from '@functions/lib/password.ts';
import { Repository } from '@functions/lib/store.ts';

const MAX_ID_LENGTH = 255;

/** A charger's credentials (passwordHash, agentId) are on its charge point record (functions/devices/sites.ts). */
const chargePoints = new Repository<{ id: string; passwordHash?: unknown; agentId?: unknown }>({
  type: chargePointResource.type,
  idField: 'id',
});

/**
 * Passwords this instance has verified, per charge point: after a network outage a thousand chargers reconnect
 * at once, and each then costs a SHA-256 instead of an scrypt (about 35 ms of CPU). Only a password that
 * matched is remembered, bound to the stored hash, so a wrong password or a changed one is checked in full.
 */
const verified = instanceCache(new Map<string, string>());
const MAX_VERIFIED = 20_000;
const fingerprint = (passwordHash: string, password: string) =>
  createHash('sha256').update(passwordHash).update('\0').update(password).digest('base64');

async function passwordMatches(chargePointId: string, password: string, passwordHash: string) {
  const print = fingerprint(passwordHash, password);
  if (verified.get(chargePointId) === print) return true;
  if (!(await secretChecks.verifySecret(password, passwordHash))) return false;
  if (verified.size >= MAX_VERIFIED) verified.clear();
  verified.set(chargePointId, print);
  return true;
}

function deny(methodArn: string): APIGatewayAuthorizerResult {
  return {
    principalId: 'unknown',
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Deny', Resource: methodArn }],
    },
  };
}

export function parseBasic(header: string | undefined): { user: string; password: string } | undefined {
  if (!header || !header.toLowerCase().startsWith('basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export async function handler(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const chargePointId = event.queryStringParameters?.chargePointId;
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const basic = parseBasic(headers.authorization);
  if (!chargePointId || !basic || basic.user !== chargePointId) return deny(event.methodArn);
  // Not a charge point id any charger has (OCPP 2.0.1 allows 48 characters), and too long for a key.
  if (chargePointId.length > MAX_ID_LENGTH) return deny(event.methodArn);

  const record = await chargePoints.getAny(chargePointId);
  if (!record || typeof record.passwordHash !== 'string') return deny(event.methodArn);
  if (!(await passwordMatches(chargePointId, basic.password, record.passwordHash)))
    return deny(event.methodArn);

  return {
    principalId: chargePointId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }],
    },
    context: { chargePointId, agentId: String(record.agentId ?? '') },
  };
}
