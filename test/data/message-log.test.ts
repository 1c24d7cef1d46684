/**
 * The message log entity reads exchanges as functions/ocpp-messages/message-log.ts wrote them (by hand, table
 * `ocppLog`) and writes the same items.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { exchangesPage, putExchange } from '@functions/data/message-log.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { withDatabase } from './helpers.ts';

withDatabase();

const table = () => config.tableName('ocppLog');
const rawGet = async (chargePointId: string, at: string) =>
  (
    await dynamoDocument().send(
      new GetCommand({ TableName: table(), Key: { chargePointId, at }, ConsistentRead: true }),
    )
  ).Item;
const rawPut = (item: Record<string, unknown>) =>
  dynamoDocument().send(new PutCommand({ TableName: table(), Item: item }));

const exchange = (chargePointId: string, at: string, expiresAt = 99_999_999_999) => ({
  chargePointId,
  at,
  direction: 'in',
  messageType: 2,
  messageId: `m-${at}`,
  action: 'Heartbeat',
  frame: `[2,"m-${at}","Heartbeat",{}]`,
  expiresAt,
  reply: `[3,"m-${at}",{}]`,
  replyAt: `${at}x`,
  replyAction: 'Heartbeat',
});

describe('message log', () => {
  it('reads exchanges written the old way: a window, newest first, by pages, expired ones left out', async () => {
    const at = (s: number) => `2026-03-01T10:00:0${s}.000Z#0000000${s}abcdef`;
    for (const s of [1, 2, 3, 4]) await rawPut(exchange('CP1', at(s)));
    await rawPut(exchange('CP1', at(5), 1));
    await rawPut(exchange('CP2', at(3)));
    const range = { from: at(2), to: at(5), nowSeconds: 1000, limit: 2 };
    // Limit counts what is read, expired items included (DynamoDB's Limit comes before the filter).
    const first = await exchangesPage('CP1', range);
    expect(first.items).toEqual([exchange('CP1', at(4))]);
    const read = [...first.items];
    for (let next = first.next; next;) {
      const page = await exchangesPage('CP1', range, next);
      read.push(...page.items);
      next = page.next;
    }
    expect(read.map((i) => i.at)).toEqual([at(4), at(3), at(2)]);
    expect((await exchangesPage('cp1', range)).items).toEqual([]);
  });

  it('writes the item the old code wrote', async () => {
    const item = exchange('CP3', '2026-03-01T11:00:00.000Z#00000001abcdef');
    await putExchange(item);
    expect(await rawGet('CP3', item.at)).toEqual(item);
    const bare = {
      chargePointId: 'CP3',
      at: '2026-03-01T11:00:01.000Z#00000002abcdef',
      direction: 'out',
      frame: '[',
      expiresAt: 5,
    };
    await putExchange({ ...bare, messageType: undefined });
    expect(await rawGet('CP3', bare.at)).toEqual(bare);
  });
});
