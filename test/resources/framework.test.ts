/**
 * The resource framework against the local stand-ins, through a declared resource (parameters): paging,
 * filters, index-backed and in-memory orders agreeing, totals kept by counters, strict requests, unique
 * values, optimistic concurrency, tenancy of platform resources, audit titles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loose JSON, checked by the assertions
const ok = async <T = any>(path: string, body?: unknown) => {
  const res = await api<T>(rt.url, admin, path, body);
  expect(res.code, `${path}: ${res.msg}`).toBe(0);
  return res.data;
};

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime({ seed: 'demo' });
  admin = await login(rt.url, 'admin', 'Admin12345');
  for (let i = 1; i <= 12; i++) {
    await ok('/admin/parameter/add', {
      type: i % 2 ? 'odd' : 'even',
      code: `P_${String(i).padStart(2, '0')}`,
      name: `Param ${i}`,
      value: String(i * 10),
      sort: 100 - i,
    });
  }
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await rt?.cleanup();
});

describe('resource framework', () => {
  it('pages a filtered, index-ordered list with its total', async () => {
    const first = await ok('/admin/parameter/list', {
      type: 'odd',
      orderBy: 'sort',
      order: 'asc',
      current: 1,
      size: 4,
    });
    expect(first.total).toBe(6);
    expect(first.records.map((r: { sort: number }) => r.sort)).toEqual([89, 91, 93, 95]);
    const second = await ok('/admin/parameter/list', {
      type: 'odd',
      orderBy: 'sort',
      order: 'asc',
      current: 2,
      size: 4,
    });
    expect(second.records.map((r: { sort: number }) => r.sort)).toEqual([97, 99]);
    const desc = await ok('/admin/parameter/list', {
      type: 'odd',
      orderBy: 'sort',
      order: 'desc',
      current: 1,
      size: 2,
    });
    expect(desc.records.map((r: { code: string }) => r.code)).toEqual(['P_01', 'P_03']);
  });

  it('orders by a field without an index the same way, and by newest first by default', async () => {
    const byCode = await ok('/admin/parameter/list', { orderBy: 'code', order: 'desc', current: 1, size: 3 });
    expect(byCode.records.map((r: { code: string }) => r.code)).toEqual(['P_12', 'P_11', 'P_10']);
    const newest = await ok('/admin/parameter/list', { current: 1, size: 2 });
    expect(newest.records.map((r: { code: string }) => r.code)).toEqual(['P_12', 'P_11']);
    expect(newest.total).toBe(13); // and the seeded copyright parameter
  });

  it('filters by substring, case-insensitively, with the matching total', async () => {
    const found = await ok('/admin/parameter/list', { name: 'PARAM 1', current: 1, size: 10 });
    expect(found.records.map((r: { code: string }) => r.code).sort()).toEqual([
      'P_01',
      'P_10',
      'P_11',
      'P_12',
    ]);
    expect(found.total).toBe(4);
  });

  it('refuses unknown fields, wrong types, duplicates and stale updates, changing nothing', async () => {
    const unknown = await api(rt.url, admin, '/admin/parameter/add', {
      type: 't',
      code: 'X1',
      name: 'x',
      hack: 1,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.data).toEqual({ hack: 'This field is not accepted' });
    const wrong = await api(rt.url, admin, '/admin/parameter/add', {
      type: 't',
      code: 'X 1',
      name: 'x'.repeat(65),
      sort: -1,
    });
    expect(Object.keys(wrong.data).sort()).toEqual(['code', 'name', 'sort']);
    const dup = await api(rt.url, admin, '/admin/parameter/add', { type: 't', code: 'P_01', name: 'dup' });
    expect(dup.msg).toBe('A parameter with this code already exists');

    const list = await ok('/admin/parameter/list', { code: 'P_02', current: 1, size: 1 });
    const record = list.records[0];
    const noVersion = await api(rt.url, admin, '/admin/parameter/update', {
      id: record.id,
      type: 'even',
      code: 'P_02',
      name: 'n',
    });
    expect(noVersion.status).toBe(400);
    const updated = await ok('/admin/parameter/update', {
      id: record.id,
      version: record.version,
      type: 'even',
      code: 'P_02',
      name: 'Renamed',
      sort: 1,
    });
    expect(updated.version).toBe(record.version + 1);
    const stale = await api(rt.url, admin, '/admin/parameter/update', {
      id: record.id,
      version: record.version,
      type: 'even',
      code: 'P_02',
      name: 'Lost update',
    });
    expect(stale.msg).toMatch(/changed this record/);
    expect((await ok(`/admin/parameter/info?id=${record.id}`)).name).toBe('Renamed');
    // Moving a record between view partitions keeps both totals right.
    await ok('/admin/parameter/update', {
      ...updated,
      type: 'odd',
      createTime: undefined,
      updateTime: undefined,
    });
    expect(
      (await ok('/admin/parameter/list', { type: 'odd', orderBy: 'sort', current: 1, size: 1 })).total,
    ).toBe(7);
    expect(
      (await ok('/admin/parameter/list', { type: 'even', orderBy: 'sort', current: 1, size: 1 })).total,
    ).toBe(5);
  });

  it('deletes, keeps counts right, and writes audit entries with the resource named', async () => {
    const list = await ok('/admin/parameter/list', { code: 'P_04', current: 1, size: 1 });
    await ok(`/admin/parameter/del?id=${list.records[0].id}`);
    expect((await api(rt.url, admin, `/admin/parameter/info?id=${list.records[0].id}`)).msg).toMatch(
      /does not exist/,
    );
    expect(
      (await ok('/admin/parameter/list', { type: 'even', orderBy: 'sort', current: 1, size: 1 })).total,
    ).toBe(4);
    const logs = await ok('/admin/log/list', { current: 1, size: 100 });
    const titles = logs.records.map((l: { title: string }) => l.title);
    expect(titles).toContain('Add parameter');
    expect(titles).toContain('Delete parameter');
    const german = await api(
      rt.url,
      admin,
      '/admin/log/list',
      { current: 1, size: 100 },
      { language: 'de-de' },
    );
    expect(german.data.records.map((l: { title: string }) => l.title)).toContain('Parameter anlegen');
  });

  it('keeps platform parameters from companies', async () => {
    const operator = await login(rt.url, 'operator', 'Operator12345');
    expect((await api(rt.url, operator, '/admin/parameter/list', {})).status).toBe(403);
  });
});

describe('export', () => {
  it('queues an export of the current filter that /fileExport lists and the exports bucket holds', async () => {
    const { GetObjectCommand } = await import('@aws-sdk/client-s3');
    const { s3Client } = await import('@functions/lib/aws.ts');
    const { getExportTask } = await import('@functions/api/export-tasks.ts');
    const { readSheet } = await import('@functions/lib/excel.ts');
    const queued = await ok('/admin/parameter/export', { type: 'even', orderBy: 'sort', order: 'asc' });
    const task = await waitFor(async () => {
      const t = await getExportTask(queued.taskId);
      return t?.status === 'done' || t?.status === 'failed' ? t : undefined;
    });
    expect(task.status, task.reason).toBe('done');
    const object = await s3Client().send(new GetObjectCommand({ Bucket: 'exports', Key: task.path! }));
    const rows = await readSheet(Buffer.from(await object.Body!.transformToByteArray()));
    expect(rows.map((r) => r.values.code)).toEqual(['P_12', 'P_10', 'P_08', 'P_06']);
    expect(Object.keys(rows[0]!.values)).toEqual(
      expect.arrayContaining(['id', 'type', 'code', 'name', 'createTime']),
    );
  });
});
