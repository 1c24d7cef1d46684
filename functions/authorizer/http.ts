/**
 * HTTP API Lambda authorizer (payload 2.0, simple responses). It verifies the bearer token and passes the
 * verdict on as context; the domain middleware (functions/api/http.ts) answers 401 when it is negative,
 * because an HTTP API authorizer can only deny with 403 and the console's login flow relies on 401.
 */
import type {
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerWithContextResult,
} from 'aws-lambda';
import { sessionActive } from '@functions/auth/sessions.ts';
import { verifyAccessToken } from '@functions/auth/tokens.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';

type Context = Record<string, string | boolean>;

async function handle(
  event: APIGatewayRequestAuthorizerEventV2,
): Promise<APIGatewaySimpleAuthorizerWithContextResult<Context>> {
  const header = event.headers?.authorization ?? '';
  const token = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : undefined;
  const verdict = await verifyAccessToken(token);
  if (!verdict.valid)
    return { isAuthorized: true, context: { authenticated: false, reason: verdict.reason } };
  const { sub, username, agentId, kind, sid } = verdict.claims;
  // A signed token outlives its session when the user logs out: the session decides.
  if (!(await sessionActive(sid)))
    return { isAuthorized: true, context: { authenticated: false, reason: 'revoked' } };
  return {
    isAuthorized: true,
    context: { authenticated: true, userId: sub, username, agentId: agentId ?? '', kind, sessionId: sid },
  };
}

/** The Lambda entry: traced, its metrics published at its end (functions/lib/tracing.ts). */
export const handler = lambdaEntry(handle);
