/**
 * The system resources against the local runtime: payment channels (write-only keys, the push certificate
 * upload), mail servers (a real test mail into the SMTP sink, a clear refusal when the server cannot be
 * reached), eMsp entries (unique country code and party id, binding a company's own sites), assets and
 * vendors (unique values, ranges), each rule refused with its message and nothing changed, platform only.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mail, pay } from '@functions/admin/system-resources.ts';
import { operators } from '@functions/data/operators.ts';
import { s3Client } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { writeSheet } from '@functions/lib/excel.ts';
import { Repository } from '@functions/data/repository.ts';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;
let operator: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loose JSON, checked by the assertions
const ok = async <T = any>(path: string, body?: unknown, token = admin) => {
  const res = await api<T>(rt.url, token, path, body);
  expect(res.code, `${path}: ${res.msg}`).toBe(0);
  return res.data;
};
const total = async (base: string, filter: Record<string, unknown> = {}) =>
  (await ok(`${base}/list`, { current: 1, size: 1, ...filter })).total as number;

async function upload(id: string, fileName: string, content: string | Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.set('id', id);
  form.set('file', new Blob([content]), fileName);
  const res = await fetch(`${rt.url}/admin/pay/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  return { status: res.status, ...(await res.json()) };
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime({ seed: 'demo' });
  admin = await login(rt.url, 'admin', 'Admin12345');
  operator = await login(rt.url, 'operator', 'Operator12345');
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await rt?.cleanup();
});

describe('payment channels', () => {
  let channel: Record<string, unknown>;

  it('adds, lists by name as the company form picker does, and never answers the keys', async () => {
    channel = await ok('/admin/pay/add', {
      payName: 'Stripe EU',
      payUuid: 'acct_eu_1',
      apiKey: 'sk_live_secret',
      mapsKey: 'maps-secret',
      notifyUrl: 'https://pay.example.com/notify',
      autoRefundFlag: 1,
    });
    await ok('/admin/pay/add', { payName: 'Stripe US', payUuid: 'acct_us_1' });
    expect(channel).toMatchObject({
      payName: 'Stripe EU',
      apiKeySet: true,
      mapsKeySet: true,
      autoRefundFlag: 1,
    });
    expect(JSON.stringify(channel)).not.toMatch(/sk_live_secret|maps-secret/);
    // A select filter sends its value as text.
    expect((await ok('/admin/pay/list', { current: 1, size: 10, autoRefundFlag: '1' })).total).toBe(1);
    const picked = await ok('/admin/pay/list', { current: 1, size: 10, payName: 'eu' });
    expect(picked.total).toBe(1);
    expect(picked.records[0]).toMatchObject({ id: channel.id, payUuid: 'acct_eu_1', payName: 'Stripe EU' });
    const info = await ok(`/admin/pay/info?id=${String(channel.id)}`);
    expect(info).not.toHaveProperty('apiKey');
    expect(info).not.toHaveProperty('mapsKey');
    expect(JSON.stringify(picked)).not.toMatch(/sk_live_secret|maps-secret/);
  });

  it('refuses wrong values and unknown fields, writing nothing', async () => {
    const before = await total('/admin/pay');
    const wrong = await api(rt.url, admin, '/admin/pay/add', {
      payName: '',
      payUuid: 'x',
      notifyUrl: 'ftp://pay.example.com',
      autoRefundFlag: 2,
      certificateKey: 'certificates/x/evil.json',
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.data).sort()).toEqual([
      'autoRefundFlag',
      'certificateKey',
      'notifyUrl',
      'payName',
    ]);
    expect(wrong.data).toMatchObject({
      payName: 'This field is required',
      notifyUrl: 'Enter an http or https address',
      autoRefundFlag: 'Choose yes or no',
    });
    expect(await total('/admin/pay')).toBe(before);
  });

  it('stores the push certificate out of reach, keeps it and the keys across updates', async () => {
    const id = String(channel.id);
    const uploaded = await upload(
      id,
      'firebase-adminsdk.json',
      '{"private_key":"-----BEGIN PRIVATE KEY-----"}',
    );
    expect(uploaded.code, uploaded.msg).toBe(0);
    expect(uploaded.data).toMatchObject({
      certificateName: 'firebase-adminsdk.json',
      certificateKeySet: true,
    });
    expect(uploaded.data).not.toHaveProperty('certificateKey');
    const stored = await pay.repo.getAny(id);
    expect(stored?.certificateKey).toBe(`certificates/${id}/firebase-adminsdk.json`);
    const object = await s3Client().send(
      new GetObjectCommand({ Bucket: config.bucketName('images'), Key: String(stored?.certificateKey) }),
    );
    expect(await object.Body?.transformToString()).toContain('PRIVATE KEY');

    // An update without the keys (as the console sends it) keeps them and the certificate.
    const updated = await ok('/admin/pay/update', {
      id,
      version: uploaded.data.version,
      payName: 'Stripe Europe',
      payUuid: 'acct_eu_1',
      apiKey: '',
      autoRefundFlag: 0,
    });
    expect(updated).toMatchObject({
      payName: 'Stripe Europe',
      apiKeySet: true,
      mapsKeySet: true,
      certificateName: 'firebase-adminsdk.json',
      certificateKeySet: true,
    });
    const after = await pay.repo.getAny(id);
    expect(after).toMatchObject({
      apiKey: 'sk_live_secret',
      mapsKey: 'maps-secret',
      certificateKey: stored?.certificateKey,
    });
    // Nothing answers the certificate's content.
    expect(JSON.stringify(await ok(`/admin/pay/info?id=${id}`))).not.toContain('PRIVATE KEY');
  });

  it('refuses a missing, oversized or wrong certificate file', async () => {
    const id = String(channel.id);
    expect((await upload(id, 'tool.exe', 'MZ')).msg).toBe(
      'The certificate must be a JSON, P12, PFX, P8, PEM, CER, CRT or KEY file',
    );
    expect((await upload(id, 'big.p12', new Uint8Array(1024 * 1024 + 1))).msg).toBe(
      'The certificate file is larger than 1024 KB',
    );
    expect((await upload(id, 'empty.pem', '')).msg).toBe('Choose a certificate file to upload');
    expect((await upload('nope', 'a.pem', 'x')).msg).toMatch(/does not exist/);
    expect((await pay.repo.getAny(id))?.certificateName).toBe('firebase-adminsdk.json');
  });

  it('is not deleted while a company uses it; deleting removes its certificate', async () => {
    const id = String(channel.id);
    const company = await ok('/admin/operator/add', {
      operatorName: 'Pay User Co',
      currency: 'EUR',
      contactMail: 'pay@example.com',
      payId: id,
      payUuid: 'acct_eu_1',
      payName: 'Stripe Europe',
    });
    const refused = await api(rt.url, admin, `/admin/pay/del?id=${id}`);
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toBe(
      'The payment channel is used by the company Pay User Co; choose another channel there first',
    );
    expect(await pay.repo.getAny(id)).toBeDefined();
    await ok(`/admin/operator/del?id=${String(company.id)}`);
    const key = String((await pay.repo.getAny(id))?.certificateKey);
    await ok(`/admin/pay/del?id=${id}`);
    expect(await pay.repo.getAny(id)).toBeUndefined();
    await expect(
      s3Client().send(new GetObjectCommand({ Bucket: config.bucketName('images'), Key: key })),
    ).rejects.toThrow();
  });

  it('is the platform own, and the upload is audited', async () => {
    expect((await api(rt.url, operator, '/admin/pay/list', {})).status).toBe(403);
    const logs = await ok('/admin/log/list', { current: 1, size: 100 });
    const titles = logs.records.map((l: { title: string }) => l.title);
    expect(titles).toContain('Upload payment channel certificate');
    expect(titles).toContain('Add payment channel');
    // Neither the keys nor the certificate are in the log's params.
    expect(JSON.stringify(logs)).not.toMatch(/PRIVATE KEY|sk_live_secret|maps-secret/);
  });
});

describe('mail servers', () => {
  let sink: Record<string, unknown>;
  let withPassword: Record<string, unknown>;
  const mailDir = () => path.join(rt.dataDir, 'mail');
  const mails = () => (existsSync(mailDir()) ? readdirSync(mailDir()) : []);

  it('adds, lists by name, and never answers the password', async () => {
    // The sink takes mail without signing in; a server with a password signs in (see the refusal below).
    sink = await ok('/admin/mail/add', {
      name: 'Local sink',
      host: process.env.SMTP_HOST,
      port: Number(process.env.SMTP_PORT),
      sslFlag: 0,
      userName: 'mailer@example.com',
      fromAddress: 'noreply@example.com',
    });
    expect(sink).toMatchObject({ name: 'Local sink', passwordSet: false, userName: 'mailer@example.com' });
    withPassword = await ok('/admin/mail/add', {
      name: 'Signed-in sink',
      host: process.env.SMTP_HOST,
      port: Number(process.env.SMTP_PORT),
      userName: 'mailer@example.com',
      password: 'smtp-secret',
      fromAddress: 'noreply@example.com',
    });
    expect(withPassword.passwordSet).toBe(true);
    const picked = await ok('/admin/mail/list', { current: 1, size: 10, name: 'LOCAL' });
    expect(picked.records.map((r: { id: string }) => r.id)).toEqual([sink.id]);
    const all = await ok('/admin/mail/list', { current: 1, size: 10 });
    expect(JSON.stringify(all)).not.toContain('smtp-secret');
    expect(JSON.stringify(await ok(`/admin/mail/info?id=${String(withPassword.id)}`))).not.toContain(
      'smtp-secret',
    );
  });

  it('refuses a wrong port, host and sender, writing nothing', async () => {
    const before = await total('/admin/mail');
    const wrong = await api(rt.url, admin, '/admin/mail/add', {
      name: 'Bad',
      host: 'smtp example',
      port: 70000,
      userName: 'u',
      fromAddress: 'not-mail',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toEqual({
      host: 'Enter a host name or IP address',
      port: 'Enter a port from 1 to 65535',
      fromAddress: 'E-mail format is wrong',
    });
    expect(await total('/admin/mail')).toBe(before);
  });

  it('sends a real test mail through the stored server', async () => {
    const already = new Set(mails());
    const sent = await ok(`/admin/mail/testMail?id=${String(sink.id)}`, { to: 'ops@example.com' });
    expect(sent).toEqual({ to: 'ops@example.com' });
    const file = await waitFor(() => mails().find((f) => !already.has(f)), 10_000, 'the test mail');
    const eml = readFileSync(path.join(mailDir(), file), 'utf8');
    expect(eml).toContain('Subject: Test mail: Local sink');
    expect(eml).toContain('X-Envelope-To: ops@example.com');
    expect(eml).toContain('noreply@example.com');
    const logs = await ok('/admin/log/list', { current: 1, size: 100 });
    expect(logs.records.map((l: { title: string }) => l.title)).toContain('Send test mail');
  });

  it('answers a clear refusal when the server cannot be reached or the recipient is wrong', async () => {
    const closed = await ok('/admin/mail/add', {
      name: 'Closed',
      host: '127.0.0.1',
      port: 1,
      userName: 'u',
      fromAddress: 'noreply@example.com',
    });
    const failed = await api(rt.url, admin, `/admin/mail/testMail?id=${String(closed.id)}`, {
      to: 'ops@example.com',
    });
    expect(failed.status).toBe(200);
    expect(failed.code).not.toBe(0);
    expect(failed.msg).toMatch(/^The test mail could not be sent: .*ECONNREFUSED/);
    // The sink does not implement sign-in: the server's own answer is passed on.
    const auth = await api(rt.url, admin, `/admin/mail/testMail?id=${String(withPassword.id)}`, {
      to: 'ops@example.com',
    });
    expect(auth.msg).toBe('The test mail could not be sent: 535 Authentication not implemented');
    const badTo = await api(rt.url, admin, `/admin/mail/testMail?id=${String(sink.id)}`, { to: 'nobody' });
    expect(badTo.status).toBe(400);
    expect(badTo.data).toEqual({ to: 'E-mail format is wrong' });
    expect((await api(rt.url, admin, '/admin/mail/testMail?id=nope', { to: 'a@b.co' })).msg).toMatch(
      /does not exist/,
    );
  });

  it('keeps the password across updates and is not deleted while a company uses it', async () => {
    const id = String(sink.id);
    const updated = await ok('/admin/mail/update', {
      id,
      version: sink.version,
      name: 'Local sink',
      host: process.env.SMTP_HOST,
      port: Number(process.env.SMTP_PORT),
      sslFlag: 0,
      userName: 'mailer@example.com',
      password: 'now-set',
      fromAddress: 'noreply@example.com',
    });
    expect(updated.passwordSet).toBe(true);
    const kept = await ok('/admin/mail/update', {
      ...updated,
      password: '',
      createTime: undefined,
      updateTime: undefined,
      passwordSet: undefined,
    });
    expect(kept.passwordSet).toBe(true);
    expect((await mail.repo.getAny(id))?.password).toBe('now-set');
    const company = await ok('/admin/operator/add', {
      operatorName: 'Mail User Co',
      currency: 'EUR',
      contactMail: 'mail@example.com',
      mailId: id,
    });
    const refused = await api(rt.url, admin, `/admin/mail/del?id=${id}`);
    expect(refused.msg).toBe(
      'The mail server is used by the company Mail User Co; choose another server there first',
    );
    await ok(`/admin/operator/del?id=${String(company.id)}`);
    await ok(`/admin/mail/del?id=${id}`);
    expect((await api(rt.url, operator, '/admin/mail/list', {})).status).toBe(403);
  });
});

describe('eMsp entries and their sites', () => {
  const stations = new Repository<{ id: string; name: string }>({ type: 'STATION', idField: 'id' });
  let entry: Record<string, unknown>;
  const own = `st-own-${Date.now()}`;
  const other = `st-other-${Date.now()}`;

  beforeAll(async () => {
    const demo = (await operators.list('/')).find((o) => o.operatorName === 'Demo Operator');
    await stations.create({ id: own, name: 'Demo site' }, demo!.path);
    await stations.create({ id: other, name: 'Foreign site' }, '/someone-else/');
  });

  it('adds with a unique country code and party id, never answering the tokens', async () => {
    entry = await ok('/admin/emsp/add', {
      name: 'Roaming Hub',
      countryCode: 'de',
      partyId: 'abc',
      requestUrl: 'https://hub.example.com/ocpi/versions',
      cpoUrl: 'https://cpo.example.com/ocpi/versions',
      emspToken: 'emsp-token-secret',
      cpoToken: 'cpo-token-secret',
    });
    expect(entry).toMatchObject({
      countryCode: 'DE',
      partyId: 'ABC',
      enableFlag: 1,
      registerFlag: 0,
      bindFlag: 0,
      emspTokenSet: true,
      cpoTokenSet: true,
    });
    expect(JSON.stringify(entry)).not.toMatch(/token-secret/);
    const before = await total('/admin/emsp');
    const dup = await api(rt.url, admin, '/admin/emsp/add', {
      name: 'Copy',
      countryCode: 'DE',
      partyId: 'ABC',
      requestUrl: 'https://a.example.com',
      cpoUrl: 'https://b.example.com',
    });
    expect(dup.msg).toBe('An eMsp entry with this country code and party ID already exists');
    const wrong = await api(rt.url, admin, '/admin/emsp/add', {
      name: 'Bad',
      countryCode: 'DEU',
      partyId: 'A',
      requestUrl: 'hub',
      cpoUrl: '',
      bindFlag: 1,
    });
    expect(wrong.data).toEqual({
      bindFlag: 'This field is not accepted',
      countryCode: 'Enter two letters',
      cpoUrl: 'This field is required',
      partyId: 'Enter three letters or digits',
      requestUrl: 'Enter an http or https address',
    });
    expect(await total('/admin/emsp')).toBe(before);
    expect(
      (await ok('/admin/emsp/list', { current: 1, size: 10, countryCode: 'DE', name: 'hub' })).total,
    ).toBe(1);
    expect((await api(rt.url, operator, '/admin/emsp/list', {})).status).toBe(403);
  });

  it('lets a company bind its own sites only, keeping the bindings of other companies', async () => {
    const entries = await ok('/admin/emsp/bindEntries', { current: 1, size: 10 }, operator);
    const seen = entries.records.find((e: { id: string }) => e.id === entry.id);
    expect(seen).toMatchObject({ name: 'Roaming Hub', bindFlag: 0, stationIds: [] });
    expect(JSON.stringify(entries)).not.toMatch(/token/i);
    const sites = await ok(`/admin/emsp/bindList?id=${String(entry.id)}`, { current: 1, size: 50 }, operator);
    // The company's sites (its demo stations and this test's), never the other company's.
    const ids = sites.records.map((s: { id: string }) => s.id);
    expect(ids).toContain(own);
    expect(ids).not.toContain(other);

    const foreign = await api(rt.url, operator, '/admin/emsp/bind', {
      id: entry.id,
      stationIds: [own, other],
      version: seen.version,
    });
    expect(foreign.msg).toBe('One of the stations does not exist');
    // The platform binds the other company's site; the company then binds and unbinds its own.
    const byAdmin = await ok('/admin/emsp/bind', {
      id: entry.id,
      stationIds: [other],
      version: seen.version,
    });
    expect(byAdmin).toMatchObject({ bindFlag: 1, stationIds: [other] });
    const stale = await api(rt.url, operator, '/admin/emsp/bind', {
      id: entry.id,
      stationIds: [own],
      version: seen.version,
    });
    expect(stale.msg).toMatch(/changed this record/);
    const bound = await ok(
      '/admin/emsp/bind',
      { id: entry.id, stationIds: [own], version: byAdmin.version },
      operator,
    );
    expect(bound).toMatchObject({ bindFlag: 1, stationIds: [own], stationCount: 1 });
    expect((await ok(`/admin/emsp/info?id=${String(entry.id)}`)).stationIds.sort()).toEqual(
      [own, other].sort(),
    );
    const unbound = await ok(
      '/admin/emsp/bind',
      { id: entry.id, stationIds: [], version: bound.version },
      operator,
    );
    expect(unbound).toMatchObject({ bindFlag: 0, stationIds: [] });
    const info = await ok(`/admin/emsp/info?id=${String(entry.id)}`);
    expect(info).toMatchObject({ bindFlag: 1, stationIds: [other] });
    entry = info;
  });

  it('keeps bindings across updates, binds nothing new while disabled, and is not deleted while bound', async () => {
    const disabled = await ok('/admin/emsp/update', {
      id: entry.id,
      version: entry.version,
      name: 'Roaming Hub',
      countryCode: 'DE',
      partyId: 'ABC',
      requestUrl: 'https://hub.example.com/ocpi/versions',
      cpoUrl: 'https://cpo.example.com/ocpi/versions',
      enableFlag: 0,
      registerFlag: 1,
    });
    // The register flag is the OCPI handshake's (functions/ocpi), not the form's.
    expect(disabled).toMatchObject({
      enableFlag: 0,
      registerFlag: 0,
      bindFlag: 1,
      stationIds: [other],
      emspTokenSet: true,
    });
    const refusedBind = await api(rt.url, operator, '/admin/emsp/bind', {
      id: entry.id,
      stationIds: [own],
      version: disabled.version,
    });
    expect(refusedBind.msg).toBe('The eMsp entry is disabled; sites cannot be bound to it');
    const stillBound = await api(rt.url, admin, `/admin/emsp/del?id=${String(entry.id)}`);
    expect(stillBound.msg).toBe('The eMsp entry still has bound sites; unbind them first');
    const cleared = await ok('/admin/emsp/bind', { id: entry.id, stationIds: [], version: disabled.version });
    expect(cleared.bindFlag).toBe(0);
    await ok(`/admin/emsp/del?id=${String(entry.id)}`);
    const logs = await ok('/admin/log/list', { current: 1, size: 100 });
    expect(logs.records.map((l: { title: string }) => l.title)).toContain('Update eMsp entry');
    expect(JSON.stringify(logs)).not.toMatch(/emsp-token-secret|cpo-token-secret/);
  });
});

describe('assets', () => {
  it('adds with a unique code and a power in range, hides the keys, filters and guards deletion', async () => {
    const asset = await ok('/admin/asset/add', {
      code: 'AST-001',
      originalSecretKey: 'orig-secret',
      power: 7.4,
      protocolType: 'OCPP1.6',
      bluetoothKey: 'bt-secret',
    });
    expect(asset).toMatchObject({
      code: 'AST-001',
      power: 7.4,
      useFlag: 0,
      originalSecretKeySet: true,
      bluetoothKeySet: true,
    });
    expect(JSON.stringify(asset)).not.toMatch(/orig-secret|bt-secret/);
    await ok('/admin/asset/add', { code: 'AST-002', power: 150, protocolType: 'OCPP2.0.1', useFlag: 1 });
    const before = await total('/admin/asset');
    expect(
      (await api(rt.url, admin, '/admin/asset/add', { code: 'ast-001', power: 1, protocolType: 'OCPP1.6' }))
        .msg,
    ).toBe('An asset with this code already exists');
    for (const power of [0, -1, 10_000.5, 10_001, 1.234]) {
      const wrong = await api(rt.url, admin, '/admin/asset/add', {
        code: `P${power}`,
        power,
        protocolType: 'OCPP1.6',
      });
      expect(wrong.data, String(power)).toEqual({
        power: 'Enter a power above 0 and at most 10000 kW, with at most two decimals',
      });
    }
    const wrong = await api(rt.url, admin, '/admin/asset/add', {
      code: 'bad code',
      power: 10_000,
      protocolType: 'OCPP1.5',
      useFlag: 3,
    });
    expect(wrong.data).toEqual({
      code: 'Only letters, digits and underscores',
      protocolType: 'Choose OCPP 1.6 or OCPP 2.0.1',
      useFlag: 'Choose yes or no',
    });
    expect(await total('/admin/asset')).toBe(before);

    expect(
      (await ok('/admin/asset/list', { current: 1, size: 10, useFlag: '1' })).records.map(
        (a: { code: string }) => a.code,
      ),
    ).toEqual(['AST-002']);
    expect((await ok('/admin/asset/list', { current: 1, size: 10, code: '001' })).total).toBe(1);
    expect((await ok('/admin/asset/list', { current: 1, size: 10, protocolType: 'OCPP2.0.1' })).total).toBe(
      1,
    );

    const used = (await ok('/admin/asset/list', { current: 1, size: 1, code: 'AST-002' })).records[0];
    expect((await api(rt.url, admin, `/admin/asset/del?id=${String(used.id)}`)).msg).toBe(
      'The asset is in use by a charge point; release it first',
    );
    const released = await ok('/admin/asset/update', {
      id: used.id,
      version: used.version,
      code: 'AST-002',
      power: 150,
      protocolType: 'OCPP2.0.1',
      useFlag: 0,
    });
    await ok(`/admin/asset/del?id=${String(released.id)}`);
    const kept = await ok('/admin/asset/update', {
      id: asset.id,
      version: asset.version,
      code: 'AST-001',
      power: 11,
      protocolType: 'OCPP1.6',
    });
    expect(kept).toMatchObject({ power: 11, originalSecretKeySet: true, bluetoothKeySet: true });
    expect((await api(rt.url, operator, '/admin/asset/list', {})).status).toBe(403);
  });
});

describe('asset import', () => {
  it('adds each valid row of an Excel file and reports each refused row with its reason', async () => {
    const columns = ['code', 'originalSecretKey', 'power', 'protocolType', 'useFlag', 'bluetoothKey'];
    const file = await writeSheet('asset', columns, [
      { code: 'IMP-1', originalSecretKey: 'k1', power: 22, protocolType: 'OCPP2.0.1', useFlag: 0 },
      { code: 'IMP-1', power: 22, protocolType: 'OCPP2.0.1' },
      { code: 'IMP-2', power: 0, protocolType: 'OCPP1.6' },
    ]);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(file)]), 'assets.xlsx');
    const res = await fetch(`${rt.url}/admin/asset/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const report = (await res.json()).data;
    expect(report).toMatchObject({ total: 3, success: 1 });
    expect(report.failed.map((f: { msg: string }) => f.msg)).toEqual([
      'An asset with this code already exists',
      expect.any(String),
    ]);
    const imported = (await ok('/admin/asset/list', { current: 1, size: 10, code: 'IMP' })).records;
    expect(imported).toHaveLength(1);
    expect(imported[0]).toMatchObject({ code: 'IMP-1', originalSecretKeySet: true });
  });
});

describe('vendors', () => {
  it('adds with a unique name, checks contacts, filters, updates and deletes', async () => {
    const vendor = await ok('/admin/vendor/add', {
      name: 'Wallbox',
      code: 'WBX',
      contactPerson: 'Ana',
      phone: '+34 600 000 000',
      email: 'sales@wallbox.example',
      remark: 'AC chargers',
    });
    const before = await total('/admin/vendor');
    expect((await api(rt.url, admin, '/admin/vendor/add', { name: 'WALLBOX' })).msg).toBe(
      'A vendor with this name already exists',
    );
    const wrong = await api(rt.url, admin, '/admin/vendor/add', {
      name: 'X',
      phone: 'call me',
      email: 'nope',
      code: 'a b',
    });
    expect(wrong.data).toEqual({
      phone: 'Phone number format is wrong',
      email: 'E-mail format is wrong',
      code: 'Only letters, digits and underscores',
    });
    expect(await total('/admin/vendor')).toBe(before);
    expect((await ok('/admin/vendor/list', { current: 1, size: 10, name: 'wall' })).total).toBe(1);
    const updated = await ok('/admin/vendor/update', {
      id: vendor.id,
      version: vendor.version,
      name: 'Wallbox SL',
      email: '',
    });
    expect(updated.name).toBe('Wallbox SL');
    expect(updated).not.toHaveProperty('email');
    // The old name is free again.
    const again = await ok('/admin/vendor/add', { name: 'Wallbox' });
    await ok(`/admin/vendor/del?id=${String(again.id)}`);
    await ok(`/admin/vendor/del?id=${String(vendor.id)}`);
    expect((await api(rt.url, operator, '/admin/vendor/list', {})).status).toBe(403);
  });
});
