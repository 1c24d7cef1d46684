/**
 * Settlement of charging orders (issue 7). Placeholder written by the orders read side so the reset call
 * (`POST /biz/chargeOrder/reset`) has something to call: the settlement engineer replaces the body.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { table } from '@functions/lib/store.ts';
import { orderKey } from './keys.ts';

/**
 * Re-runs settlement of an order: 'settled' when it was settled now, 'already' when it had been, 'missing'
 * when there is nothing to settle. Until settlement exists this reads the order and answers 'missing'.
 */
export async function resettleOrder(orderNo: string): Promise<'settled' | 'already' | 'missing'> {
  await dynamoDocument().send(new GetCommand({ TableName: table(), Key: orderKey(orderNo) }));
  return 'missing';
}
