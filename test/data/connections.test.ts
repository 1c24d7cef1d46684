/**
 * The connection entity reads connections as functions/chargepoints/connections.ts wrote them (by hand, table
 * `connections`) and writes the same items; a touch is refused on a connection that is gone.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  allConnections,
  connectionsOfChargePoint,
  deleteConnection,
  deleteConnections,
  putConnection,
  silentConnections,
  touchConnection,
  type Connection,
} from '@functions/data/connections.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { withDatabase } from './helpers.ts';

withDatabase();

const table = () => config.tableName('connections');
const rawGet = async (connectionId: string) =>
  (
    await dynamoDocument().send(
      new GetCommand({ TableName: table(), Key: { connectionId }, ConsistentRead: true }),
    )
  ).Item;
const rawPut = (item: Connection) =>
  dynamoDocument().send(new PutCommand({ TableName: table(), Item: item }));

const connection = (connectionId: string, chargePointId: string, lastSeenAt: number): Connection => ({
  connectionId,
  chargePointId,
  agentId: 'A',
  protocol: 'ocpp1.6',
  connectedAt: 1000,
  lastSeenAt,
  expiresAt: 99_999,
});

describe('connections', () => {
  it('reads connections written the old way through each access pattern', async () => {
    await rawPut(connection('c1', 'CP1', 1000));
    await rawPut(connection('c2', 'CP1', 2000));
    await rawPut(connection('c3', 'CP2', 3000));
    expect((await connectionsOfChargePoint('CP1')).map((c) => c.connectionId).sort()).toEqual(['c1', 'c2']);
    expect(await connectionsOfChargePoint('cp1')).toEqual([]);
    expect((await allConnections()).map((c) => c.connectionId).sort()).toEqual(['c1', 'c2', 'c3']);
    expect((await silentConnections(2001)).map((c) => c.connectionId).sort()).toEqual(['c1', 'c2']);
    expect(await touchConnection('c1', 1500)).toEqual(connection('c1', 'CP1', 1500));
    expect(await rawGet('c1')).toEqual(connection('c1', 'CP1', 1500));
    await deleteConnections(['c1', 'c2', 'c3']);
    expect(await allConnections()).toEqual([]);
  });

  it('writes the item the old code wrote; a touch of a connection that is gone changes nothing', async () => {
    const c = connection('c4', 'CP4', 4000);
    await putConnection(c);
    expect(await rawGet('c4')).toEqual(c);
    await deleteConnection('c4');
    expect(await rawGet('c4')).toBeUndefined();
    expect(await touchConnection('c4', 5000)).toBeUndefined();
    expect(await rawGet('c4')).toBeUndefined();
  });
});
