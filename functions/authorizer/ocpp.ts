/**
 * `$connect` authorizer of the OCPP WebSocket API: OCPP security profiles 1 and 2, HTTP Basic auth with the
 * charge point id as user name and its own password. Unknown charge points and wrong passwords are refused.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { instanceCache } from '@functions/lib/memo.ts';
import { secretChecks } from '@functions/lib/password.ts';
import { chargePointRecords } from '@functions/data/charge-points.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';

const MAX_ID_LENGTH = 255;

/**
 * Passwords this instance has verified (decision 213, revised by docs/decisions/440-ocpp-answers-before-bookkeeping.md):
 * after a network outage a thousand chargers reconnect at once, and an scrypt costs about 35 ms of CPU each.
 * A password that matched is remembered for VERIFIED_FOR_MS by a digest of the stored hash and the password
 * (an HMAC-SHA-256 under a key this instance makes at random and never shows), so a reconnect costs an HMAC; a
 * wrong password, or one checked against a changed hash, is verified in full. Keyed by the digest, not by the
 * charger: chargers registered together share one hash (functions/devices/registration.ts) and then one
 * check. Checks of the same digest running at once share one scrypt.
 */
const VERIFIED_FOR_MS = 15 * 60_000;
const MAX_VERIFIED = 20_000;
const verified = instanceCache(new Map<string, number>());
const checking = instanceCache(new Map<string, Promise<boolean>>());
const digestKey = randomBytes(32);
const digestOf = (passwordHash: string, password: string) =>
  createHmac('sha256', digestKey)
    .update(`${passwordHash.length}:${passwordHash}`)
    .update(password)
    .digest('base64');

async function passwordMatches(password: string, passwordHash: string) {
  const digest = digestOf(passwordHash, password);
  const until = verified.get(digest);
  if (until !== undefined && until > Date.now()) return true;
  let check = checking.get(digest);
  if (!check) {
    check = secretChecks.verifySecret(password, passwordHash).finally(() => checking.delete(digest));
    checking.set(digest, check);
  }
  if (!(await check)) return false;
  if (verified.size >= MAX_VERIFIED) verified.clear();
  verified.set(digest, Date.now() + VERIFIED_FOR_MS);
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

async function handle(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const chargePointId = event.queryStringParameters?.chargePointId;
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const basic = parseBasic(headers.authorization);
  if (!chargePointId || !basic || basic.user !== chargePointId) return deny(event.methodArn);
  // Not a charge point id any charger has (OCPP 2.0.1 allows 48 characters), and too long for a key.
  if (chargePointId.length > MAX_ID_LENGTH) return deny(event.methodArn);

  // A strongly consistent read: right after a password reset (or the charger's add) the new hash must
  // answer, and the old password must no longer open a connection; an eventually consistent read may still
  // see the record as it was (docs/decisions/471-first-connect-after-a-reset-or-a-plan.md).
  const record = await chargePointRecords.getAny(chargePointId, true);
  if (!record || typeof record.passwordHash !== 'string') return deny(event.methodArn);
  if (!(await passwordMatches(basic.password, record.passwordHash))) return deny(event.methodArn);

  return {
    principalId: chargePointId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }],
    },
    context: { chargePointId, agentId: String(record.agentId ?? '') },
  };
}

/** The Lambda entry: traced, its metrics published at its end (functions/lib/tracing.ts). */
export const handler = lambdaEntry(handle);
