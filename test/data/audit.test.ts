/**
 * The audit entry entity (the 'audit' table) reads entries as functions/api/audit.ts wrote them (by hand) by
 * day and time, and writes the same item.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { auditEntriesOfDay, putAuditEntry } from '@functions/data/audit.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { withDatabase } from './helpers.ts';

withDatabase();

const audit = () => config.tableName('audit');
const rawGet = async (key: { pk: string; sk: string }) =>
  (await dynamoDocument().send(new GetCommand({ TableName: audit(), Key: key, ConsistentRead: true }))).Item;
const rawPut = (item: Record<string, unknown>) =>
  dynamoDocument().send(new PutCommand({ TableName: audit(), Item: item }));

/** An entry as writeAudit wrote it. */
const oldItem = (id: string, at: number) => ({
  pk: `LOG#${id}`,
  sk: 'LOG',
  day: new Date(at).toISOString().slice(0, 10),
  at,
  id,
  title: 'server.audit.login',
  type: '0',
  serviceId: 'auth',
  createBy: 'admin',
  createTime: new Date(at).toISOString(),
  remoteAddr: '127.0.0.1',
  userAgent: 'test',
  requestUri: '/auth/oauth/token',
  method: 'POST',
  params: '{}',
  time: 12,
  tenant: '/',
  expiresAt: Math.floor(at / 1000) + 180 * 86400,
});

describe('audit entries', () => {
  it('reads entries written the old way by day and time', async () => {
    const t = Date.parse('2026-04-01T10:00:00.000Z');
    await rawPut(oldItem('L1', t));
    await rawPut(oldItem('L2', t + 1000));
    await rawPut(oldItem('L3', Date.parse('2026-04-02T10:00:00.000Z')));
    expect(await auditEntriesOfDay('2026-04-01', t, t + 1000)).toEqual([
      oldItem('L1', t),
      oldItem('L2', t + 1000),
    ]);
    expect((await auditEntriesOfDay('2026-04-01', t + 1, t + 5000)).map((e) => e.id)).toEqual(['L2']);
    expect(await auditEntriesOfDay('2026-04-01', 0, t - 1)).toEqual([]);
  });

  it('writes the item the old code wrote', async () => {
    const t = Date.parse('2026-04-03T10:00:00.000Z');
    const { pk: _p, sk: _s, ...entry } = oldItem('L4', t);
    await putAuditEntry(entry);
    expect(await rawGet({ pk: 'LOG#L4', sk: 'LOG' })).toEqual(oldItem('L4', t));
  });
});
