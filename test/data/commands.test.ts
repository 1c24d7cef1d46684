/**
 * The command entities read commands, guards and latest marks as functions/commands writes them (by hand)
 * and write them with the same keys: the status queues, the company list, the connector guard.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  appendCommandProgress,
  commandCreate,
  commandIdsWaiting,
  commandsWaiting,
  commandTransition,
  companyCommands,
  endCommand,
  getCommand,
  getLatest,
  latestPut,
  moveCommand,
  pendingRelease,
  pendingTake,
  putCommand,
  releaseGuard,
  setCommandUpload,
  storeCommand,
} from '@functions/data/commands.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const db = () => dynamoDocument();
const command = (id: string, createdAt: string) => ({
  commandId: id,
  chargePointId: 'CP1',
  connectorNo: 1,
  agentId: 'A',
  action: 'Reset',
  payload: { type: 'Soft' },
  status: 'queued',
  createdAt,
  tenant: '/A/',
});
/** A queued command under the connector's guard, as functions/commands/send.ts writes it. */
const oldItem = (c: ReturnType<typeof command>) => ({
  pk: `COMMAND#${c.commandId}`,
  sk: 'COMMAND',
  ...c,
  gsi1pk: 'COMMANDSTATUS#queued',
  gsi1sk: c.createdAt,
  gsi2pk: `CMD|${c.tenant}`,
  gsi2sk: `${c.createdAt}#${c.commandId}`,
});

describe('commands', () => {
  it('reads a command written the old way through each access pattern', async () => {
    const c = command('C1', '2026-03-01T10:00:00.000Z');
    await rawPut(oldItem(c));
    expect(await getCommand('C1')).toEqual(c);
    expect((await commandsWaiting('queued', '2026-03-01T10:00:01.000Z')).map((x) => x.commandId)).toEqual([
      'C1',
    ]);
    expect(await commandsWaiting('queued', '2026-03-01T10:00:00.000Z')).toEqual([]);
    expect((await companyCommands('/A/', '2026-03-01', '2026-03-01T10:00:00.000Z')).length).toBe(1);
    expect(await companyCommands('/B/', '2026-03-01', '2026-03-31')).toEqual([]);
  });

  it('writes a command with the old keys, and moves it between status queues as the old code does', async () => {
    const c = command('C2', '2026-03-01T11:00:00.000Z');
    await db().send(new PutCommand(commandCreate(c, true)));
    expect(await rawGet({ pk: 'COMMAND#C2', sk: 'COMMAND' })).toEqual(oldItem(c));
    await expect(db().send(new PutCommand(commandCreate(c, true)))).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });

    const sentAt = '2026-03-01T11:00:05.000Z';
    await db().send(
      new UpdateCommand(
        commandTransition('C2', 'queued', { status: 'sent', sentAt }, { name: 'sent', at: sentAt }),
      ),
    );
    expect(await rawGet({ pk: 'COMMAND#C2', sk: 'COMMAND' })).toEqual({
      ...oldItem(c),
      status: 'sent',
      sentAt,
      gsi1pk: 'COMMANDSTATUS#sent',
      gsi1sk: sentAt,
    });
    // A replay finds it moved on: nothing changes.
    await expect(
      db().send(new UpdateCommand(commandTransition('C2', 'queued', { status: 'offline' }, null))),
    ).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    await db().send(new UpdateCommand(commandTransition('C2', 'sent', { status: 'timeout' }, null)));
    const { gsi1pk: _p, gsi1sk: _s, ...listed } = oldItem(c);
    expect(await rawGet({ pk: 'COMMAND#C2', sk: 'COMMAND' })).toEqual({
      ...listed,
      status: 'timeout',
      sentAt,
    });
  });

  it('takes and releases a connector’s guard as the old code does', async () => {
    const now = Math.floor(Date.now() / 1000);
    await rawPut({ pk: 'CMDPENDING#CP9#0', sk: 'CMDPENDING', commandId: 'OLD', expiresAt: now + 100 });
    await expect(
      db().send(new PutCommand(pendingTake({ chargePointId: 'CP9' }, 'NEW', now + 200, now))),
    ).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
    await expect(
      db().send(new DeleteCommand(pendingRelease({ chargePointId: 'CP9' }, 'NEW'))),
    ).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
    await db().send(new DeleteCommand(pendingRelease({ chargePointId: 'CP9', connectorNo: 0 }, 'OLD')));
    await db().send(
      new PutCommand(pendingTake({ chargePointId: 'CP9', connectorNo: 2 }, 'NEW', now + 200, now)),
    );
    expect(await rawGet({ pk: 'CMDPENDING#CP9#2', sk: 'CMDPENDING' })).toEqual({
      pk: 'CMDPENDING#CP9#2',
      sk: 'CMDPENDING',
      commandId: 'NEW',
      expiresAt: now + 200,
    });
    // An expired guard is taken over.
    await db().send(
      new PutCommand(pendingTake({ chargePointId: 'CP9', connectorNo: 2 }, 'LATER', now + 900, now + 300)),
    );
  });

  it('keeps the charger’s latest command of a kind as the old code does', async () => {
    await rawPut({ pk: 'CMDLATEST#CP1#firmware', sk: 'CMDLATEST', commandId: 'F1' });
    expect(await getLatest('CP1', 'firmware')).toEqual({ commandId: 'F1' });
    await db().send(new PutCommand(latestPut('CP1', 'log', 'L1')));
    expect(await rawGet({ pk: 'CMDLATEST#CP1#log', sk: 'CMDLATEST' })).toEqual({
      pk: 'CMDLATEST#CP1#log',
      sk: 'CMDLATEST',
      commandId: 'L1',
    });
  });

  it('stores a command with its guard in one transaction, refused while the guard is another’s', async () => {
    const now = Math.floor(Date.now() / 1000);
    const c = { ...command('C3', '2026-03-02T10:00:00.000Z'), chargePointId: 'CP7' };
    await storeCommand(c, { expiresAt: now + 120, nowSeconds: now });
    expect(await rawGet({ pk: 'COMMAND#C3', sk: 'COMMAND' })).toEqual(oldItem(c));
    expect(await rawGet({ pk: 'CMDPENDING#CP7#1', sk: 'CMDPENDING' })).toEqual({
      pk: 'CMDPENDING#CP7#1',
      sk: 'CMDPENDING',
      commandId: 'C3',
      expiresAt: now + 120,
    });
    const second = { ...command('C4', '2026-03-02T10:00:01.000Z'), chargePointId: 'CP7' };
    await expect(storeCommand(second, { expiresAt: now + 120, nowSeconds: now })).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
    expect(await rawGet({ pk: 'COMMAND#C4', sk: 'COMMAND' })).toBeUndefined();
    // Recorded without a guard (offline): on the company list, in no status queue.
    const offline = { ...second, status: 'offline' };
    await storeCommand(offline, undefined);
    const { gsi1pk: _p, gsi1sk: _s, ...listed } = oldItem(offline);
    expect(await rawGet({ pk: 'COMMAND#C4', sk: 'COMMAND' })).toEqual(listed);
    expect(await releaseGuard({ chargePointId: 'CP7', connectorNo: 1 }, 'C4')).toBe(false);
    expect(await releaseGuard({ chargePointId: 'CP7', connectorNo: 1 }, 'C3')).toBe(true);
    expect(await rawGet({ pk: 'CMDPENDING#CP7#1', sk: 'CMDPENDING' })).toBeUndefined();
  });

  it('stores an unlisted queued command as the old createCommand did (no company list)', async () => {
    const c = command('C5', '2026-03-03T10:00:00.000Z');
    await putCommand(c, true, false);
    const { gsi2pk: _p, gsi2sk: _s, ...old } = oldItem(c);
    expect(await rawGet({ pk: 'COMMAND#C5', sk: 'COMMAND' })).toEqual(old);
    expect(await commandIdsWaiting('queued', '2026-03-03T10:00:01.000Z')).toContain('C5');
    expect(await companyCommands('/A/', '2026-03-03', '2026-03-03T23:59:59.999Z')).toEqual([]);
    await expect(putCommand(c, true, false)).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
  });

  it('lists a company’s commands without keys, and runs transitions as conditional writes', async () => {
    const c = command('C6', '2026-03-04T10:00:00.000Z');
    await rawPut(oldItem(c));
    expect(await companyCommands('/A/', '2026-03-04', '2026-03-04T10:00:00.000Z')).toEqual([c]);
    expect(await moveCommand('C6', 'sent', { status: 'timeout' }, null)).toBe(false);
    expect(await moveCommand('C6', 'queued', { status: 'offline' }, null)).toBe(true);
    const { gsi1pk: _p, gsi1sk: _s, ...listed } = oldItem(c);
    expect(await rawGet({ pk: 'COMMAND#C6', sk: 'COMMAND' })).toEqual({ ...listed, status: 'offline' });
    expect(await moveCommand('NONE', 'queued', { status: 'offline' }, null)).toBe(false);
    expect(await rawGet({ pk: 'COMMAND#NONE', sk: 'COMMAND' })).toBeUndefined();
  });

  it('ends a command and releases its connector’s guard in one write; a replay or a taken guard changes neither', async () => {
    const now = Math.floor(Date.now() / 1000);
    const c = { ...command('C8', '2026-03-06T10:00:00.000Z'), chargePointId: 'CP8' };
    await storeCommand(c, { expiresAt: now + 120, nowSeconds: now });
    const guard = { pk: 'CMDPENDING#CP8#1', sk: 'CMDPENDING' };
    // Many ends at once (the answer, the sweep, a replay): one moves it, and the guard is gone with it.
    const ends = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        endCommand(c, 'queued', i % 2 ? { status: 'offline' } : { status: 'answered', result: {} }),
      ),
    );
    expect(ends.filter(Boolean)).toHaveLength(1);
    expect(await rawGet(guard)).toBeUndefined();
    const ended = (await getCommand<{ status: string }>('C8'))!;
    expect(['offline', 'answered']).toContain(ended.status);
    expect(await commandIdsWaiting('queued', '2026-03-06T10:00:01.000Z')).not.toContain('C8');

    // A command whose guard expired and another command took: it ends, the other's guard stays.
    const late = { ...command('C9', '2026-03-06T10:01:00.000Z'), chargePointId: 'CP8' };
    await storeCommand(late, { expiresAt: now - 1, nowSeconds: now - 200 });
    const next = { ...command('C10', '2026-03-06T10:02:00.000Z'), chargePointId: 'CP8' };
    await storeCommand(next, { expiresAt: now + 120, nowSeconds: now });
    expect(await endCommand(late, 'queued', { status: 'timeout' })).toBe(true);
    expect((await getCommand<{ status: string }>('C9'))!.status).toBe('timeout');
    expect(await rawGet(guard)).toMatchObject({ commandId: 'C10' });
    // Not in `from`: nothing changes.
    expect(await endCommand(next, 'sent', { status: 'timeout' })).toBe(false);
    expect((await getCommand<{ status: string }>('C10'))!.status).toBe('queued');
    expect(await rawGet(guard)).toMatchObject({ commandId: 'C10' });
  });

  it('records an upload and appends progress as the old updates did, only on an existing command', async () => {
    const c = command('C7', '2026-03-05T10:00:00.000Z');
    await rawPut(oldItem(c));
    const upload = {
      key: 'logs/a/b.log',
      fileName: 'b.log',
      size: 3,
      contentType: 'text/plain',
      uploadedAt: 'x',
    };
    await setCommandUpload('C7', upload);
    await setCommandUpload('C7', { ...upload, size: 4 });
    expect(await appendCommandProgress('C7', { status: 'Downloading', at: 't1' })).toBe(true);
    expect(await appendCommandProgress('C7', { status: 'Downloaded', at: 't2' })).toBe(true);
    expect(await rawGet({ pk: 'COMMAND#C7', sk: 'COMMAND' })).toEqual({
      ...oldItem(c),
      upload: { ...upload, size: 4 },
      progress: [
        { status: 'Downloading', at: 't1' },
        { status: 'Downloaded', at: 't2' },
      ],
      // The latest progress report is the command's report time (docs/decisions/463).
      reportTime: 't2',
    });
    await expect(setCommandUpload('GONE', upload)).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
    expect(await appendCommandProgress('GONE', { status: 'Downloading', at: 't1' })).toBe(false);
    expect(await rawGet({ pk: 'COMMAND#GONE', sk: 'COMMAND' })).toBeUndefined();
  });
});
