/**
 * A restart after an unclean stop (docs/decisions/032-local-restart-recovery.md): whatever the dead process
 * left in the data folder is put right before chargers connect. Its connection records go and its chargers
 * show offline since its last sign of life (they did not survive it); commands still queued fail as not
 * delivered, and export tasks no worker has are queued again and finish; in AWS a command queued past the
 * answer time-out fails through the sweep. The state a crash leaves is written directly here (a runtime
 * killed with SIGKILL: test/infra/crash.process.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { createCommand, getCommand } from '@functions/commands/store.ts';
import { handler as commandSweep } from '@functions/commands/timeout-sweep.ts';
import { getLive } from '@functions/chargepoints/live.ts';
import { handler as exportConsumer } from '@functions/export/consumer.ts';
import { exportTaskKey, getExportTask } from '@functions/api/export-tasks.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { saveConnection } from '@functions/chargepoints/connections.ts';
import { commandKey } from '@functions/data/commands.ts';
import { chargerConnected } from '@functions/ocpp/presence.ts';
import { orphanExport } from '../helpers/exports.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evc-recover-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('restart after an unclean stop', () => {
  it('shows the dead process chargers offline, fails its queued commands and finishes its exports', async () => {
    const first = await startTestRuntime({ dataDir });
    // What the process held when it died: a charger on a connection, a command and exports in the queues.
    await saveConnection({
      connectionId: 'dead-conn',
      chargePointId: 'DEMO-CP-001',
      agentId: 'demo-operator',
      protocol: 'ocpp1.6',
    });
    await chargerConnected({ chargePointId: 'DEMO-CP-001', connectionId: 'dead-conn', protocol: 'ocpp1.6' });
    const commandId = randomUUID();
    await createCommand({
      commandId,
      chargePointId: 'DEMO-CP-001',
      agentId: 'demo-operator',
      action: 'ClearCache',
      payload: {},
    });
    const pending = await orphanExport('recover', 'pending');
    const running = await orphanExport('recover', 'running');
    expect((await getLive('DEMO-CP-001')).online).toBe(true);
    await first.stop(); // a clean stop closes only the sockets it has: the records stay as a crash leaves them
    const stoppedAt = Date.now();

    const second = await startTestRuntime({ dataDir });
    try {
      const live = await getLive('DEMO-CP-001');
      expect(live.online).toBe(false);
      expect(live.connectionId).toBeUndefined();
      // Offline since the old process's last sign of life, so the offline alarm keeps its grace from then.
      expect(Math.abs(Date.parse(live.disconnectedAt!) - stoppedAt)).toBeLessThan(6_000);
      const { Items = [] } = await dynamoDocument().send(
        new ScanCommand({ TableName: config.tableName('connections') }),
      );
      expect(Items).toHaveLength(0);

      expect(await getCommand(commandId)).toMatchObject({
        status: 'failed',
        error: { code: 'DeliveryFailed' },
      });
      // In AWS too: a command still queued after the answer time-out is failed by the sweep, a fresh one is not.
      const stuck = randomUUID();
      const fresh = randomUUID();
      for (const id of [stuck, fresh])
        await createCommand({
          commandId: id,
          chargePointId: 'DEMO-CP-002',
          agentId: 'demo-operator',
          action: 'ClearCache',
          payload: {},
        });
      await dynamoDocument().send(
        new UpdateCommand({
          TableName: config.tableName('main'),
          Key: commandKey(stuck),
          UpdateExpression: 'SET gsi1sk = :at',
          ExpressionAttributeValues: { ':at': new Date(Date.now() - 120_000).toISOString() },
        }),
      );
      expect(await commandSweep()).toMatchObject({ undelivered: 1 });
      expect((await getCommand(stuck))?.status).toBe('failed');
      expect((await getCommand(fresh))?.status).toBe('queued');

      for (const taskId of [pending, running])
        await waitFor(
          async () => (await getExportTask(taskId))?.status === 'done' || undefined,
          30_000,
          `export ${taskId} done`,
        );
    } finally {
      await second.stop();
    }
  });

  it('marks an export failed when its last try fails, as its message goes to the dead-letter queue', async () => {
    const rt = await startTestRuntime({ dataDir });
    try {
      const taskId = await orphanExport('recover', 'running');
      // An exporter that throws: a finance export of a day that is no date.
      await dynamoDocument().send(
        new UpdateCommand({
          TableName: config.tableName('main'),
          Key: exportTaskKey(taskId),
          UpdateExpression: 'SET params = :p',
          ExpressionAttributeValues: { ':p': { day: 'not-a-day' } },
        }),
      );
      const record = (receives: number) => ({
        messageId: `m${receives}`,
        body: JSON.stringify({ taskId }),
        attributes: { ApproximateReceiveCount: String(receives) },
      });
      const first = await exportConsumer({ Records: [record(1)] } as never);
      expect(first?.batchItemFailures).toHaveLength(1);
      expect((await getExportTask(taskId))?.status).toBe('running');
      const last = await exportConsumer({ Records: [record(3)] } as never);
      expect(last?.batchItemFailures).toHaveLength(1);
      const task = await getExportTask(taskId);
      expect(task?.status).toBe('failed');
      expect(task?.reason).toMatch(/^Export failed/);
    } finally {
      await rt.stop();
    }
  });
});
