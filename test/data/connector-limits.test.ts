/**
 * The connector counter as functions/chargepoints/connector-limit.ts wrote it by hand: read, made once, and
 * changed in a transaction only while it exists and leaves the room asked for.
 */
import { describe, expect, it } from 'vitest';
import {
  connectorCountChange,
  createConnectorCount,
  getConnectorCount,
} from '@functions/data/connector-limits.ts';
import { send } from '@functions/data/table.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const key = (agentId: string) => ({ pk: `CONNECTORS#${agentId}`, sk: 'CONNECTORS' });

describe('connector counters', () => {
  it('reads a counter written the old way and changes it as the old update did', async () => {
    await rawPut({ ...key('A'), ac: 3, dc: 1 });
    expect(await getConnectorCount('A')).toEqual({ ac: 3, dc: 1 });
    expect(await getConnectorCount('B')).toBeUndefined();

    await send.transact([connectorCountChange('A', { ac: 2, dc: 0 }, { ac: 3 })]);
    expect(await rawGet(key('A'))).toEqual({ ...key('A'), ac: 5, dc: 1 });
    // No room left: refused, nothing changes.
    await expect(
      send.transact([connectorCountChange('A', { ac: 1, dc: 0 }, { ac: 4 })]),
    ).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
    await expect(
      send.transact([connectorCountChange('A', { ac: 0, dc: 1 }, { ac: 9, dc: 0 })]),
    ).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    // A removal needs no room.
    await send.transact([connectorCountChange('A', { ac: -5, dc: -1 }, {})]);
    expect(await rawGet(key('A'))).toEqual({ ...key('A'), ac: 0, dc: 0 });
    // No counter: refused.
    await expect(send.transact([connectorCountChange('B', { ac: -1, dc: 0 }, {})])).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
    expect(await rawGet(key('B'))).toBeUndefined();
  });

  it('makes the counter the old put made, once', async () => {
    await createConnectorCount('C', { ac: 2, dc: 0 });
    expect(await rawGet(key('C'))).toEqual({ ...key('C'), ac: 2, dc: 0 });
    await expect(createConnectorCount('C', { ac: 9, dc: 9 })).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
    expect(await rawGet(key('C'))).toEqual({ ...key('C'), ac: 2, dc: 0 });
  });
});
