/**
 * The `ocpiPush` queue's consumer (docs/decisions/426-ocpi-cpo.md): each message is one exchange with one partner: an EVSE status
 * (functions/ocpi/push.ts), a session's state (functions/ocpi/sessions.ts), a CDR (functions/ocpi/cdrs.ts), a
 * command's or charging profile's result (functions/ocpi/commands.ts), a session's new active charging profile
 * (functions/ocpi/chargingprofiles.ts) or a pull of its tokens (functions/ocpi/tokens.ts, with a hub's
 * ClientInfo first: functions/ocpi/hubclientinfo.ts);
 * a push the partner did not take is reported as a failure of its message, so the queue tries it again and,
 * after its last try, moves it to the dead-letter queue.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '@functions/lib/logger.ts';
import { publishMetric } from '@functions/lib/metrics.ts';
import { inMessageContext } from '@functions/lib/queue.ts';
import { OcpiPartyOffline, OcpiUrlRefused } from './client.ts';
import { deliverCdr } from './cdrs.ts';
import { deliverActiveProfile } from './chargingprofiles.ts';
import { deliverCommandResult } from './commands.ts';
import { pullClientInfos } from './hubclientinfo.ts';
import { partnerById } from './partners.ts';
import { deliverSessionUpdate } from './sessions.ts';
import { pullTokens } from './tokens.ts';
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';
import { deliver, type OcpiPush } from './push.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';

/**
 * A partner's tokens pulled, if it is still registered; from a hub, its ClientInfo list first (which parties are
 * suspended: docs/decisions/438), a failure of which does not keep the tokens from being pulled.
 */
async function pullTokensOf(partnerId: string) {
  const partner = await partnerById(partnerId);
  if (!partner?.registered) return;
  await pullClientInfos(partner).catch((error: unknown) =>
    logger.warn('Hub client info not pulled', { partnerId, error: String(error) }),
  );
  await pullTokens(partner);
}

async function handle(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    let push: OcpiPush;
    try {
      push = JSON.parse(record.body) as OcpiPush;
    } catch {
      continue; // not ours: dropping it is the only answer
    }
    const known =
      (push?.kind === 'evse' && typeof push.partnerId === 'string') ||
      (push?.kind === 'tokens' && typeof push.partnerId === 'string') ||
      (push?.kind === 'cdr' && typeof push.orderNo === 'string') ||
      (push?.kind === 'commandResult' && typeof push.commandId === 'string') ||
      (push?.kind === 'activeProfile' && typeof push.commandId === 'string') ||
      (push?.kind === 'session' &&
        typeof push.chargePointId === 'string' &&
        typeof push.transactionId === 'string');
    if (!known) continue;
    // Each queue message logs under its own id and its flow's correlation id (functions/lib/queue.ts).
    await inMessageContext(record, { push: push.kind }, async () => {
      try {
        if (push.kind === 'cdr') await deliverCdr(push.orderNo);
        else if (push.kind === 'tokens') await pullTokensOf(push.partnerId);
        else if (push.kind === 'commandResult') await deliverCommandResult(push.commandId);
        else if (push.kind === 'activeProfile') await deliverActiveProfile(push.commandId);
        else if (push.kind === 'session') await deliverSessionUpdate(push.chargePointId, push.transactionId);
        else await deliver(push);
        // A pull of the partner's tokens is no push (shared/topology/metrics.ts).
        if (push.kind !== 'tokens') publishMetric('ocpiPushes');
      } catch (error) {
        // A URL the outbound guard refuses stays refused (decision 433): trying again would only fill the
        // dead-letter queue. The partner's last error says why already.
        // Nor is an exchange to a party the hub reports OFFLINE tried again (decision 438): its CDR stays owed
        // (the sweep queues it again), its running session is sent again by the update sweep.
        if (error instanceof OcpiPartyOffline) {
          logger.info('OCPI push not attempted: the hub reports the party offline', { error: String(error) });
          return;
        }
        if (push.kind !== 'tokens') publishMetric('ocpiPushFailures');
        if (error instanceof OcpiUrlRefused) {
          logger.warn('OCPI push dropped: its URL is refused', { error: String(error) });
          return;
        }
        logger.warn('OCPI push not taken', { error: String(error) });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    });
  }
  return { batchItemFailures };
}

/** The Lambda entry: traced, its metrics published at its end (functions/lib/tracing.ts). */
export const handler = lambdaEntry(handle);
