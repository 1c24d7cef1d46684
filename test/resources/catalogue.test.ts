/**
 * The catalogue resources against the local runtime: brands and models, app versions, feedback (read and
 * reply), stop reasons, alarm templates and alarm mail (binding), and the export task list (download,
 * delete), each with its rules refused with their messages and nothing changed, and tenancy.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExportTask, queueExport, setExportStatus } from '@functions/api/export-tasks.ts';
import { dynamoDocument, s3Client } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;
let operator: string;
/** Companies made for the test: A with its sub-company A1, and B. */
type Company = { id: string; token: string };
const co = {} as Record<'A' | 'A1' | 'B', Company>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loose JSON, checked by the assertions
const ok = async <T = any>(token: string, path: string, body?: unknown) => {
  const res = await api<T>(rt.url, token, path, body);
  expect(res.code, `${path}: ${res.msg}`).toBe(0);
  return res.data;
};
const call = (token: string, path: string, body?: unknown) => api(rt.url, token, path, body);

async function company(name: string, parentId?: string) {
  const created = await ok(admin, '/admin/operator/add', {
    operatorName: name,
    currency: 'EUR',
    contactMail: `${name.toLowerCase()}@example.com`,
    parentId,
    subStatus: 2,
  });
  const username = `${name.toLowerCase()}-admin`;
  await ok(admin, '/admin/user/add', {
    username,
    password: await encrypt(rt.url, 'Secret12345'),
    role: ['role-operator-admin'],
    agentId: created.id,
  });
  return { id: created.id as string, token: await login(rt.url, username, 'Secret12345') };
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime({ seed: 'demo' });
  admin = await login(rt.url, 'admin', 'Admin12345');
  operator = await login(rt.url, 'operator', 'Operator12345');
  co.A = await company('Acme');
  co.A1 = await company('AcmeSub', co.A.id);
  co.B = await company('Bolt');
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await rt?.cleanup();
});

const model = (brandId: string, deviceModel: string, extra: Record<string, unknown> = {}) => ({
  brandId,
  deviceModel,
  connectorNumber: 2,
  standard: 'CCS2',
  maxCurrent: 200,
  maxVoltage: 1000,
  maxPower: 120,
  minPower: 5,
  currentType: 'DC',
  socketType: 'CABLE',
  protocolType: 'OCPP1.6',
  ...extra,
});

describe('brands and models', () => {
  it('keeps names unique, counts models, lists a brand models through its index and guards deletion', async () => {
    const brand = await ok(admin, '/biz/brand/add', { name: 'Voltix', remark: 'DC fast' });
    const other = await ok(admin, '/biz/brand/add', { name: 'Ampere' });
    expect((await call(admin, '/biz/brand/add', { name: 'voltix' })).msg).toBe(
      'A brand with this name already exists',
    );

    const missing = await call(admin, '/biz/model/add', model('nope', 'X1'));
    expect(missing.msg).toBe('The brand does not exist');
    const first = await ok(admin, '/biz/model/add', model(brand.id, 'VX-120'));
    await ok(admin, '/biz/model/add', model(brand.id, 'VX-060', { maxPower: 60, currentType: 'AC' }));
    expect((await call(admin, '/biz/model/add', model(brand.id, 'vx-120'))).msg).toBe(
      'This brand already has a model with this name',
    );
    // The same model name under another brand is another model.
    await ok(admin, '/biz/model/add', model(other.id, 'VX-120'));
    expect((await call(admin, '/biz/model/add', model(brand.id, 'VX-7', { minPower: 200 }))).msg).toBe(
      'The minimum power must not be above the maximum power',
    );
    const wrong = await call(admin, '/biz/model/add', {
      ...model(brand.id, 'VX-8', { connectorNumber: 100, socketType: 'PLUG', protocolType: 'OCPP9' }),
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.data).sort()).toEqual(['connectorNumber', 'protocolType', 'socketType']);

    const models = await ok(admin, '/biz/model/list', { brandId: brand.id, current: 1, size: 10 });
    expect(models.total).toBe(2);
    expect(models.records.map((m: { deviceModel: string }) => m.deviceModel)).toEqual(['VX-060', 'VX-120']);
    const found = await ok(admin, '/biz/brand/list', { name: 'volt', current: 1, size: 10 });
    expect(found.records).toHaveLength(1);
    expect(found.records[0]).toMatchObject({ name: 'Voltix', remark: 'DC fast', modelCount: 2 });
    expect((await ok(admin, `/biz/brand/info?id=${other.id}`)).modelCount).toBe(1);

    // Renaming a model into a taken name is refused; the record keeps its name.
    const stored = await ok(admin, `/biz/model/info?id=${first.id}`);
    const renamed = await call(admin, '/biz/model/update', {
      ...model(brand.id, 'VX-060'),
      id: first.id,
      version: stored.version,
    });
    expect(renamed.msg).toBe('This brand already has a model with this name');
    const updated = await ok(admin, '/biz/model/update', {
      ...model(brand.id, 'VX-150', { maxPower: 150 }),
      id: first.id,
      version: stored.version,
    });
    expect(updated).toMatchObject({ deviceModel: 'VX-150', maxPower: 150, version: stored.version + 1 });

    const refused = await call(admin, `/biz/brand/del?id=${brand.id}`);
    expect(refused.msg).toBe('This brand still has models; delete them first');
    expect((await ok(admin, `/biz/brand/info?id=${brand.id}`)).name).toBe('Voltix');
    for (const m of models.records) await ok(admin, `/biz/model/del?id=${m.id}`);
    const empty = await ok(admin, '/biz/model/list', { brandId: brand.id, current: 1, size: 10 });
    expect(empty.total).toBe(0);
    await ok(admin, `/biz/brand/del?id=${brand.id}`);
    expect((await call(admin, `/biz/brand/info?id=${brand.id}`)).msg).toMatch(/does not exist/);
  });

  it('lets every company read brands and models, and only the platform change them', async () => {
    const brands = await ok(operator, '/biz/brand/list', { current: 1, size: 10 });
    expect(brands.records.map((b: { name: string }) => b.name)).toContain('Ampere');
    expect((await call(operator, '/biz/brand/add', { name: 'Mine' })).status).toBe(403);
    const ampere = brands.records.find((b: { name: string }) => b.name === 'Ampere');
    expect((await call(operator, `/biz/brand/del?id=${ampere.id}`)).status).toBe(403);
  });
});

describe('app versions', () => {
  it('keeps a code unique per app type and checks the code range', async () => {
    const android = await ok(admin, '/biz/appVersion/add', { name: '2.1.0', code: 210, type: 1 });
    expect(android).toMatchObject({ forceFlag: false, typeCode: '1:210' });
    await ok(admin, '/biz/appVersion/add', { name: '2.1.0', code: 210, type: 2, forceFlag: true });
    expect((await call(admin, '/biz/appVersion/add', { name: 'again', code: 210, type: 1 })).msg).toBe(
      'This app type already has a version with this code',
    );
    for (const code of [0, 2_147_483_648, 1.5]) {
      const out = await call(admin, '/biz/appVersion/add', { name: 'x', code, type: 1 });
      expect(Object.keys(out.data ?? {}), String(code)).toEqual(['code']);
    }
    expect(
      Object.keys((await call(admin, '/biz/appVersion/add', { name: 'x', code: 5, type: 3 })).data),
    ).toEqual(['type']);
    await ok(admin, '/biz/appVersion/add', { name: 'max', code: 2_147_483_647, type: 1 });

    // A select sends the type as text.
    const ios = await ok(admin, '/biz/appVersion/list', { type: '2', current: 1, size: 10 });
    expect(ios.records.map((v: { code: number }) => v.code)).toEqual([210]);
    const forced = await ok(admin, '/biz/appVersion/list', { forceFlag: 'true', current: 1, size: 10 });
    expect(forced.total).toBe(1);

    const moved = await call(admin, '/biz/appVersion/update', {
      id: android.id,
      version: android.version,
      name: '2.1.0',
      code: 210,
      type: 2,
    });
    // Refused; (the message is the generic stale one while functions/data/repository.ts update() maps the failed
    // write of a unique guard by position and a type change adds counter writes before it.)
    expect(moved.code).not.toBe(0);
    expect((await ok(admin, `/biz/appVersion/info?id=${android.id}`)).type).toBe(1);
    const updated = await ok(admin, '/biz/appVersion/update', {
      id: android.id,
      version: android.version,
      name: '2.2.0',
      code: 220,
      type: 1,
      forceFlag: true,
      remark: 'Fixes',
    });
    expect(updated).toMatchObject({ code: 220, typeCode: '1:220', forceFlag: true });
    // The old code is free again.
    const reused = await ok(admin, '/biz/appVersion/add', { name: 'old', code: 210, type: 1 });
    await ok(admin, `/biz/appVersion/del?id=${reused.id}`);
    // App versions are the platform's (7300 is never granted to a company).
    expect((await call(operator, '/biz/appVersion/list', {})).status).toBe(403);
  });
});

describe('feedback', () => {
  it('is written by the app, marked read and replied to, each company seeing its own', async () => {
    const item = await ok(co.A.token, '/biz/feedback/add', {
      userName: 'driver1',
      contact: '+49 170 1234567',
      content: 'The charger at Main St. does not start',
      images: ['https://img.example.com/1.jpg'],
    });
    expect(item.status).toBe(0);
    await ok(co.B.token, '/biz/feedback/add', { userName: 'driver2', content: 'Great app' });
    const bad = await call(co.A.token, '/biz/feedback/add', {
      userName: 'x',
      content: 'y',
      images: ['ftp://nope'],
      status: 2,
    });
    expect(Object.keys(bad.data).sort()).toEqual(['images.0', 'status']);

    const mine = await ok(co.A.token, '/biz/feedback/list', { current: 1, size: 10 });
    expect(mine.records.map((f: { userName: string }) => f.userName)).toEqual(['driver1']);
    expect((await call(co.B.token, `/biz/feedback/info?id=${item.id}`)).msg).toMatch(/does not exist/);
    expect((await call(co.B.token, `/biz/feedback/read?id=${item.id}`)).msg).toMatch(/does not exist/);
    const all = await ok(admin, '/biz/feedback/list', { status: '0', current: 1, size: 10 });
    expect(all.records.map((f: { userName: string }) => f.userName).sort()).toEqual(['driver1', 'driver2']);

    const read = await ok(co.A.token, `/biz/feedback/read?id=${item.id}`);
    expect(read).toMatchObject({ status: 1, version: item.version + 1 });
    expect((await ok(co.A.token, '/biz/feedback/list', { status: '1', current: 1, size: 10 })).total).toBe(1);

    const stale = await call(co.A.token, '/biz/feedback/reply', {
      id: item.id,
      reply: 'Sorry',
      version: item.version,
    });
    expect(stale.msg).toMatch(/changed this record/);
    expect(
      Object.keys(
        (await call(co.A.token, '/biz/feedback/reply', { id: item.id, version: read.version })).data,
      ),
    ).toEqual(['reply']);
    const replied = await ok(co.A.token, '/biz/feedback/reply', {
      id: item.id,
      reply: 'We restarted it remotely',
      version: read.version,
    });
    expect(replied).toMatchObject({ status: 2, reply: 'We restarted it remotely', replyBy: 'acme-admin' });
    expect(Date.parse(replied.replyTime)).toBeGreaterThan(Date.now() - 60_000);
    // Reading again changes nothing; correcting the app's text keeps the reply.
    expect((await ok(co.A.token, `/biz/feedback/read?id=${item.id}`)).status).toBe(2);
    const corrected = await ok(co.A.token, '/biz/feedback/update', {
      id: item.id,
      version: replied.version,
      userName: 'driver1',
      content: 'The charger at Main St. did not start',
    });
    expect(corrected).toMatchObject({ status: 2, reply: 'We restarted it remotely' });

    const logs = await ok(co.A.token, '/admin/log/list', { current: 1, size: 50 });
    const titles = logs.records.map((l: { title: string }) => l.title);
    expect(titles).toContain('Mark feedback read');
    expect(titles).toContain('Reply to feedback');
  });
});

describe('stop reasons', () => {
  it('keeps codes unique, filters by validity and is the platform catalogue', async () => {
    const reason = await ok(admin, '/biz/stopReason/add', {
      code: 'EVDisconnected',
      displayName: 'Vehicle disconnected',
      typeCode: 'EV',
      typeName: 'Vehicle',
      invalidCode: 0,
      invalidName: 'Normal',
      finishCode: 'F01',
      finishName: 'Finished',
    });
    await ok(admin, '/biz/stopReason/add', {
      code: 'PowerLoss',
      displayName: 'Power loss',
      invalidCode: '1',
    });
    expect(
      (await call(admin, '/biz/stopReason/add', { code: 'evdisconnected', displayName: 'x', invalidCode: 0 }))
        .msg,
    ).toBe('A stop reason with this code already exists');
    expect(
      Object.keys(
        (await call(admin, '/biz/stopReason/add', { code: 'X', displayName: 'x', invalidCode: 2 })).data,
      ),
    ).toEqual(['invalidCode']);

    // (the catalogue is seeded with the OCPP reasons' codes, EV_DISCONNECTED, POWER_LOSS...: filter by code)
    const abnormal = await ok(operator, '/biz/stopReason/list', {
      invalidCode: '1',
      code: 'PowerLoss',
      current: 1,
      size: 10,
    });
    expect(abnormal.records.map((r: { code: string }) => r.code)).toEqual(['PowerLoss']);
    expect(
      (await call(operator, '/biz/stopReason/add', { code: 'Mine', displayName: 'x', invalidCode: 0 }))
        .status,
    ).toBe(403);

    const updated = await ok(admin, '/biz/stopReason/update', {
      id: reason.id,
      version: reason.version,
      code: 'EVDisconnected',
      displayName: 'Cable unplugged',
      invalidCode: 0,
    });
    expect(updated.displayName).toBe('Cable unplugged');
    expect(updated.typeCode).toBeUndefined();
    await ok(admin, `/biz/stopReason/del?id=${reason.id}`);
    expect((await ok(admin, '/biz/stopReason/list', { code: 'EVDisconnected' })).total).toBe(0);
    expect((await ok(admin, '/biz/stopReason/list', { code: 'PowerLoss' })).total).toBe(1);
  });
});

describe('alarm templates and alarm mail', () => {
  it('keeps template codes unique within a company and lists a level through its index', async () => {
    const t1 = await ok(co.A.token, '/biz/alarmTemplate/add', {
      name: 'Ground fault',
      code: 'GF01',
      level: 1,
      type: 'hardware',
    });
    await ok(co.A.token, '/biz/alarmTemplate/add', { name: 'Offline', code: 'OF01', level: '4' });
    await ok(co.A.token, '/biz/alarmTemplate/add', { name: 'Overheat', code: 'OH01', level: 1 });
    expect(
      (await call(co.A.token, '/biz/alarmTemplate/add', { name: 'dup', code: 'gf01', level: 2 })).msg,
    ).toBe('An alarm template with this code already exists');
    // Another company has its own codes.
    await ok(co.B.token, '/biz/alarmTemplate/add', { name: 'Ground fault', code: 'GF01', level: 2 });
    expect(
      Object.keys(
        (await call(co.A.token, '/biz/alarmTemplate/add', { name: 'x', code: 'X', level: 5 })).data,
      ),
    ).toEqual(['level']);

    const urgent = await ok(co.A.token, '/biz/alarmTemplate/list', {
      level: '1',
      orderBy: 'code',
      order: 'asc',
      current: 1,
      size: 10,
    });
    expect(urgent.records.map((t: { code: string }) => t.code)).toEqual(['GF01', 'OH01']);
    expect(urgent.total).toBe(2);
    const named = await ok(co.A.token, '/biz/alarmTemplate/list', { name: 'over', current: 1, size: 10 });
    expect(named.records.map((t: { code: string }) => t.code)).toEqual(['OH01']);
    expect((await call(co.B.token, `/biz/alarmTemplate/info?id=${t1.id}`)).msg).toMatch(/does not exist/);
  });

  it('stores consignees as a clean list, binds a visible template and refuses to delete a bound one', async () => {
    const templates = await ok(co.A.token, '/biz/alarmTemplate/list', { code: 'GF01', current: 1, size: 10 });
    const template = templates.records[0];
    const theirs = (await ok(co.B.token, '/biz/alarmTemplate/list', { current: 1, size: 10 })).records[0];

    const mail = await ok(co.A.token, '/biz/alarmMail/add', {
      name: 'Night shift',
      consignees: 'Ops@Acme.example, night@acme.example  ops@acme.example;boss@acme.example',
      templateId: template.id,
    });
    expect(mail.consignees).toEqual(['ops@acme.example', 'night@acme.example', 'boss@acme.example']);

    const invalid = await call(co.A.token, '/biz/alarmMail/add', {
      name: 'Bad',
      consignees: 'ops@acme.example, not-an-address',
      templateId: template.id,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toEqual({ 'consignees.1': 'E-mail format is wrong' });
    const none = await call(co.A.token, '/biz/alarmMail/add', { name: 'None', consignees: ' , ' });
    expect(Object.keys(none.data).sort()).toEqual(['consignees', 'templateId']);
    expect(
      (
        await call(co.A.token, '/biz/alarmMail/add', {
          name: 'Foreign',
          consignees: 'a@acme.example',
          templateId: theirs.id,
        })
      ).msg,
    ).toBe('The alarm template does not exist');

    const list = await ok(co.A.token, '/biz/alarmMail/list', { current: 1, size: 10 });
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).toMatchObject({
      name: 'Night shift',
      templateName: 'Ground fault',
      templateCode: 'GF01',
    });
    const byTemplate = await ok(co.A.token, '/biz/alarmMail/list', {
      templateId: template.id,
      current: 1,
      size: 10,
    });
    expect(byTemplate.total).toBe(1);

    const refused = await call(co.A.token, `/biz/alarmTemplate/del?id=${template.id}`);
    expect(refused.msg).toBe('This alarm template is still referenced by alarm mail settings');
    expect((await ok(co.A.token, `/biz/alarmTemplate/info?id=${template.id}`)).code).toBe('GF01');

    // Rebinding frees the first template.
    const other = (await ok(co.A.token, '/biz/alarmTemplate/list', { code: 'OF01', current: 1, size: 10 }))
      .records[0];
    const rebound = await ok(co.A.token, '/biz/alarmMail/update', {
      id: mail.id,
      version: mail.version,
      name: 'Night shift',
      consignees: mail.consignees,
      templateId: other.id,
    });
    expect(rebound.templateId).toBe(other.id);
    await ok(co.A.token, `/biz/alarmTemplate/del?id=${template.id}`);
    await ok(co.A.token, `/biz/alarmMail/del?id=${mail.id}`);
    await ok(co.A.token, `/biz/alarmTemplate/del?id=${other.id}`);
  });

  it('guards a sub-company template bound by its parent company', async () => {
    const sub = await ok(co.A1.token, '/biz/alarmTemplate/add', {
      name: 'Door open',
      code: 'DO01',
      level: 3,
    });
    // The parent sees its sub-company's template and may bind it; the sub-company cannot see the parent's.
    const mail = await ok(co.A.token, '/biz/alarmMail/add', {
      name: 'Sub alarms',
      consignees: 'sub@acme.example',
      templateId: sub.id,
    });
    expect((await call(co.A1.token, `/biz/alarmTemplate/del?id=${sub.id}`)).msg).toBe(
      'This alarm template is still referenced by alarm mail settings',
    );
    await ok(co.A.token, `/biz/alarmMail/del?id=${mail.id}`);
    await ok(co.A1.token, `/biz/alarmTemplate/del?id=${sub.id}`);
  });
});

describe('export files', () => {
  const bucket = () => config.bucketName('exports');

  /** A task settled as failed by the consumer (no exporter of its kind), optionally turned into a done one with a file. */
  async function settledTask(taskId: string, agentId: string, file?: string) {
    await queueExport({ taskId, taskName: `Orders ${taskId}`, kind: 'catalogueTest', agentId, params: {} });
    await waitFor(async () => ((await getExportTask(taskId))?.status === 'failed' ? true : undefined));
    if (file === undefined) return;
    const path = `${agentId || 'platform'}/${taskId}.csv`;
    await s3Client().send(
      new PutObjectCommand({ Bucket: bucket(), Key: path, Body: file, ContentType: 'text/csv' }),
    );
    await setExportStatus(taskId, ['failed'], 'done', { path });
  }

  it('lists the tasks of the caller scope, downloads finished files and deletes settled tasks', async () => {
    await settledTask('t-demo-done', 'demo-operator', 'orderNo,fee\nA1,3.20\n');
    await settledTask('t-demo-failed', 'demo-operator');
    await settledTask('t-platform', '', 'x');
    // A task still running (written as queueExport writes it, not queued).
    const now = new Date().toISOString();
    await dynamoDocument().send(
      new PutCommand({
        TableName: config.tableName('main'),
        Item: {
          pk: 'EXPORT#t-demo-running',
          sk: 'EXPORT',
          taskId: 't-demo-running',
          taskName: 'Orders running',
          kind: 'catalogueTest',
          agentId: 'demo-operator',
          params: {},
          tenant: '/demo-operator/',
          status: 'running',
          createdAt: now,
          gsi1pk: 'EXPORT',
          gsi1sk: `/demo-operator/${now}#t-demo-running`,
        },
      }),
    );

    const mine = await ok(operator, '/biz/fileExport/list', { current: 1, size: 10 });
    expect(mine.records.map((t: { taskId: string }) => t.taskId)).toEqual([
      't-demo-running',
      't-demo-failed',
      't-demo-done',
    ]);
    expect(mine.records[1]).toMatchObject({ status: 'failed', reason: 'No exporter for catalogueTest' });
    expect(mine.records[2]).toMatchObject({ status: 'done', fileName: 'Orders t-demo-done.csv' });
    expect(mine.records[2].path).toBeUndefined();
    const done = await ok(operator, '/biz/fileExport/list', { status: 'done', current: 1, size: 10 });
    expect(done.total).toBe(1);
    const all = await ok(admin, '/biz/fileExport/list', { current: 1, size: 50 });
    expect(all.records.map((t: { taskId: string }) => t.taskId)).toContain('t-platform');
    expect((await ok(co.B.token, '/biz/fileExport/list', { current: 1, size: 10 })).total).toBe(0);

    const res = await fetch(`${rt.url}/biz/fileExport/download?id=t-demo-done`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="Orders t-demo-done.csv"');
    expect(await res.text()).toBe('orderNo,fee\nA1,3.20\n');
    expect((await call(operator, '/biz/fileExport/download?id=t-demo-failed')).msg).toBe(
      'The export file is not ready',
    );
    expect((await call(operator, '/biz/fileExport/download?id=t-platform')).msg).toMatch(/does not exist/);
    expect((await call(co.B.token, '/biz/fileExport/download?id=t-demo-done')).msg).toMatch(/does not exist/);

    expect((await call(operator, '/biz/fileExport/del?id=t-demo-running')).msg).toBe(
      'The export is still running; it can be deleted once it has finished',
    );
    expect((await call(co.B.token, '/biz/fileExport/del?id=t-demo-done')).msg).toMatch(/does not exist/);
    await ok(operator, '/biz/fileExport/del?id=t-demo-done');
    await ok(operator, '/biz/fileExport/del?id=t-demo-failed');
    expect((await call(operator, '/biz/fileExport/download?id=t-demo-done')).msg).toMatch(/does not exist/);
    const left = await ok(operator, '/biz/fileExport/list', { current: 1, size: 10 });
    expect(left.records.map((t: { taskId: string }) => t.taskId)).toEqual(['t-demo-running']);
  });

  it('lists a company export of a declared resource and serves its file', async () => {
    const { taskId } = await ok(co.A.token, '/biz/alarmTemplate/export', { level: 1 });
    const task = await waitFor(async () => {
      const page = await ok(co.A.token, '/biz/fileExport/list', { current: 1, size: 10 });
      const found = page.records.find((t: { taskId: string }) => t.taskId === taskId);
      return found?.status === 'done' ? found : undefined;
    });
    expect(task.fileName).toMatch(/^alarmTemplate-\d{14}\.xlsx$/);
    expect((await ok(co.B.token, '/biz/fileExport/list', { current: 1, size: 10 })).total).toBe(0);
    const res = await fetch(`${rt.url}/biz/fileExport/download?id=${taskId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${co.A.token}` },
    });
    expect(res.headers.get('content-disposition')).toContain(task.fileName);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('needs the export permission', async () => {
    await ok(admin, '/admin/user/add', {
      username: 'acme-ops',
      password: await encrypt(rt.url, 'Secret12345'),
      role: ['role-ops-staff'],
      agentId: co.A.id,
    });
    const ops = await login(rt.url, 'acme-ops', 'Secret12345');
    expect((await call(ops, '/biz/fileExport/list', {})).status).toBe(403);
    expect((await call(ops, '/biz/fileExport/download?id=t-demo-running')).status).toBe(403);
  });
});
