/**
 * The remote start notes: the data layer reads the marks and notes functions/commands/remote-start-marks.ts
 * writes, and writes them with the same keys and attributes.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  getMark,
  getNote,
  leaveMark,
  leaveNote,
  markPut,
  markTake,
  notePut,
  takeMark,
} from '@functions/data/remote-start-marks.ts';
import {
  leaveRemoteStartMark,
  noteRemoteStartId,
  remoteStartIdChoice,
  takeRemoteStart,
} from '@functions/commands/remote-start-marks.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { rawGet, rawPut, sendPut, withDatabase } from './helpers.ts';

withDatabase();

describe('remote start marks', () => {
  it('read a mark left the old way, and take it only for its command', async () => {
    const at = new Date().toISOString();
    await leaveRemoteStartMark('CP1', 1, {
      idTag: 'TAG',
      commandId: 'C1',
      at,
      choice: { chargeType: 1, chargeValue: '10' },
    });
    const connector = { chargePointId: 'CP1', connectorNo: 1 };
    expect(await getMark(connector)).toEqual({
      idTag: 'TAG',
      commandId: 'C1',
      at,
      chargeType: 1,
      chargeValue: '10',
    });
    await expect(
      dynamoDocument().send(new DeleteCommand(markTake(connector, 'C0') as never)),
    ).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
    await dynamoDocument().send(new DeleteCommand(markTake(connector, 'C1') as never));
    expect(await getMark(connector)).toBeUndefined();
  });

  it('write a mark the old code takes, with the same item', async () => {
    const at = new Date().toISOString();
    await sendPut(
      markPut({ chargePointId: 'CP2', connectorNo: 2 }, { idTag: 'TAG', commandId: 'C2', at, chargeType: 4 }),
    );
    const written = await rawGet({ pk: 'REMOTESTART#CP2#2', sk: 'REMOTESTART' });
    await leaveRemoteStartMark('CP2', 2, { idTag: 'TAG', commandId: 'C2', at, choice: { chargeType: 4 } });
    expect(written).toEqual(await rawGet({ pk: 'REMOTESTART#CP2#2', sk: 'REMOTESTART' }));
    expect(await takeRemoteStart('CP2', 2, 'tag')).toEqual({ charge: { chargeType: 4 } });
  });

  it('note a 2.0.1 request’s choice as the old code does, and read its notes', async () => {
    await noteRemoteStartId('CP3', 7, 'C3', { chargeType: 2, chargeValue: '30' });
    const old = (await rawGet({ pk: 'REMOTESTARTID#CP3#7', sk: 'REMOTESTARTID' }))!;
    const { pk: _pk, sk: _sk, ...note } = old;
    expect(await getNote({ chargePointId: 'CP3', remoteStartId: 7 })).toEqual(note);
    await sendPut(notePut({ chargePointId: 'CP3', remoteStartId: 8 }, note as never));
    expect({ ...(await rawGet({ pk: 'REMOTESTARTID#CP3#8', sk: 'REMOTESTARTID' })), pk: '' }).toEqual({
      ...old,
      pk: '',
    });
    expect(await remoteStartIdChoice('CP3', 8)).toEqual({ charge: { chargeType: 2, chargeValue: '30' } });
  });

  it('write marks and notes as the old hand-written puts did, and take a mark once', async () => {
    const at = '2026-03-01T10:00:00.000Z';
    await leaveMark(
      { chargePointId: 'CP4', connectorNo: 1 },
      { idTag: 'T4', commandId: 'C4', at, chargeType: 2, chargeValue: '5' },
    );
    expect(await rawGet({ pk: 'REMOTESTART#CP4#1', sk: 'REMOTESTART' })).toEqual({
      pk: 'REMOTESTART#CP4#1',
      sk: 'REMOTESTART',
      idTag: 'T4',
      commandId: 'C4',
      at,
      chargeType: 2,
      chargeValue: '5',
    });
    await rawPut({
      pk: 'REMOTESTART#CP4#2',
      sk: 'REMOTESTART',
      idTag: 'T',
      commandId: 'OLD',
      at,
      chargeType: 1,
    });
    expect(await takeMark({ chargePointId: 'CP4', connectorNo: 2 }, 'OTHER')).toBe(false);
    expect(await takeMark({ chargePointId: 'CP4', connectorNo: 2 }, 'OLD')).toBe(true);
    expect(await takeMark({ chargePointId: 'CP4', connectorNo: 2 }, 'OLD')).toBe(false);
    await leaveNote(
      { chargePointId: 'CP4', remoteStartId: 3 },
      { commandId: 'C5', at, expiresAt: 1_900_000_000, chargeType: 1 },
    );
    expect(await rawGet({ pk: 'REMOTESTARTID#CP4#3', sk: 'REMOTESTARTID' })).toEqual({
      pk: 'REMOTESTARTID#CP4#3',
      sk: 'REMOTESTARTID',
      commandId: 'C5',
      at,
      expiresAt: 1_900_000_000,
      chargeType: 1,
    });
  });

  it('note the idToken a 2.0.1 request sent with its choice, and read it back (decision 441)', async () => {
    await noteRemoteStartId('CP5', 9, 'C9', { chargeType: 4 }, { idToken: 'TOK-9', type: 'Central' });
    expect(await rawGet({ pk: 'REMOTESTARTID#CP5#9', sk: 'REMOTESTARTID' })).toMatchObject({
      commandId: 'C9',
      chargeType: 4,
      idToken: 'TOK-9',
      idTokenType: 'Central',
    });
    expect(await remoteStartIdChoice('CP5', 9)).toEqual({
      charge: { chargeType: 4 },
      idToken: { idToken: 'TOK-9', type: 'Central' },
    });
  });
});
