/**
 * The device catalogue against the local stand-ins: firmware uploads (file and record in one call, one file,
 * size limit, no half-done uploads, the file removed with its record), configuration keys (platform writes,
 * everyone reads, unique keys), display messages, network configurations (groups, write-only secrets) and
 * local lists (capacity, unique idTags, lists without their entries).
 */
import { createHash } from 'node:crypto';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { FIRMWARE_MAX_BYTES } from '@shared/resources/device/firmware.ts';
import { s3Client } from '@functions/lib/aws.ts';
import { topology } from '@shared/topology/index.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, login, type Answer } from '../helpers/identity.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;
let operator: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loose JSON, checked by the assertions
type Json = any;

const ok = async (token: string, path: string, body?: unknown): Promise<Json> => {
  const res = await api(rt.url, token, path, body);
  expect(res.code, `${path}: ${res.msg} ${JSON.stringify(res.data)}`).toBe(0);
  return res.data;
};

/** A multipart upload as the console sends it. */
async function upload(
  token: string,
  fields: Record<string, string>,
  files: { name: string; bytes: Uint8Array<ArrayBuffer> }[],
): Promise<Answer<Json>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const f of files)
    form.append('file', new Blob([f.bytes], { type: 'application/octet-stream' }), f.name);
  const res = await fetch(`${rt.url}/biz/firmware/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const json = await res.json().catch(() => ({}));
  return { status: res.status, code: json.code, msg: json.msg, data: json.data };
}

const bytes = (n: number, seed = 7) => Uint8Array.from({ length: n }, (_, i) => (i * seed + 13) % 256);
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function objectBytes(key: string): Promise<Buffer | undefined> {
  try {
    const out = await s3Client().send(new GetObjectCommand({ Bucket: 'firmware', Key: key }));
    return Buffer.from(await out.Body!.transformToByteArray());
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

async function objectCount(): Promise<number> {
  const out: ListObjectsV2CommandOutput = await s3Client().send(
    new ListObjectsV2Command({ Bucket: 'firmware' }),
  );
  return out.KeyCount ?? out.Contents?.length ?? 0;
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
afterEach(() => {
  vi.restoreAllMocks();
});

describe('firmware', () => {
  it('stores the file and the record in one upload, lists, updates metadata and deletes both', async () => {
    const file = bytes(3000);
    const res = await upload(
      operator,
      { firmwareName: 'Wallbox main', firmwareVersion: '1.2.3', remark: 'first' },
      [{ name: 'C:\\builds\\wb main 1.2.3.bin', bytes: file }],
    );
    expect(res.code, res.msg).toBe(0);
    const record = res.data;
    expect(record).toMatchObject({
      firmwareName: 'Wallbox main',
      firmwareVersion: '1.2.3',
      remark: 'first',
      size: 3000,
      checksum: sha256(file),
      fileName: 'wb_main_1.2.3.bin',
      version: 1,
    });
    // Under the company's tenant path, then the record id.
    expect(record.path).toMatch(
      new RegExp(`^(?!platform/)[^/]+(/[^/]+)*/${record.id}/wb_main_1\\.2\\.3\\.bin$`),
    );
    expect(record.tenant).toBeUndefined();
    expect(await objectBytes(record.path)).toEqual(Buffer.from(file));

    const list = await ok(operator, '/biz/firmware/list', { firmwareName: 'wallbox', current: 1, size: 10 });
    expect(list.total).toBe(1);
    expect(list.records[0].id).toBe(record.id);
    expect((await ok(operator, '/biz/firmware/list', { firmwareName: 'nothing' })).total).toBe(0);

    // Update changes metadata only: the file fields stay, and may not be sent.
    const updated = await ok(operator, '/biz/firmware/update', {
      id: record.id,
      version: record.version,
      firmwareName: 'Wallbox main',
      firmwareVersion: '1.2.4',
    });
    expect(updated).toMatchObject({ firmwareVersion: '1.2.4', path: record.path, size: 3000 });
    expect(updated.remark).toBeUndefined();
    const sneaky = await api(rt.url, operator, '/biz/firmware/update', {
      id: record.id,
      version: updated.version,
      firmwareName: 'x',
      firmwareVersion: '1',
      path: 'elsewhere/file.bin',
    });
    expect(sneaky.status).toBe(400);
    expect(sneaky.data).toEqual({ path: 'This field is not accepted' });

    // The platform sees the company's firmware; the company does not see the platform's.
    expect((await ok(admin, `/biz/firmware/info?id=${record.id}`)).firmwareVersion).toBe('1.2.4');
    const own = await upload(admin, { firmwareName: 'Platform fw', firmwareVersion: '9' }, [
      { name: 'p.bin', bytes: bytes(10) },
    ]);
    expect(own.data.path).toBe(`platform/${own.data.id}/p.bin`);
    expect((await api(rt.url, operator, `/biz/firmware/info?id=${own.data.id}`)).msg).toMatch(
      /does not exist/,
    );
    expect((await ok(operator, '/biz/firmware/list', {})).records.map((r: Json) => r.id)).toEqual([
      record.id,
    ]);

    await ok(operator, `/biz/firmware/del?id=${record.id}`);
    expect(await objectBytes(record.path)).toBeUndefined();
    expect((await api(rt.url, operator, `/biz/firmware/info?id=${record.id}`)).msg).toMatch(/does not exist/);
    await ok(admin, `/biz/firmware/del?id=${own.data.id}`);

    const logs = await ok(admin, '/admin/log/list', { current: 1, size: 100 });
    expect(logs.records.map((l: Json) => l.title)).toContain('Upload firmware');
  });

  it('refuses uploads without exactly one file, empty or too large files, and bad fields, storing nothing', async () => {
    const before = await objectCount();
    const fields = { firmwareName: 'Refused', firmwareVersion: '1' };
    const none = await upload(admin, fields, []);
    expect(none.msg).toBe('Firmware upload allows one file and it is required');
    const two = await upload(admin, fields, [
      { name: 'a.bin', bytes: bytes(5) },
      { name: 'b.bin', bytes: bytes(5) },
    ]);
    expect(two.msg).toBe('Firmware upload allows one file and it is required');
    expect((await upload(admin, fields, [{ name: 'e.bin', bytes: new Uint8Array() }])).msg).toBe(
      'The firmware file is empty',
    );
    const big = await upload(admin, fields, [{ name: 'big.bin', bytes: bytes(FIRMWARE_MAX_BYTES + 1) }]);
    expect(big.msg).toBe('The firmware file is larger than 4 MB');
    const bad = await upload(admin, { firmwareName: '', firmwareVersion: 'v'.repeat(51), hack: '1' }, [
      { name: 'a.bin', bytes: bytes(5) },
    ]);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data).sort()).toEqual(['firmwareName', 'firmwareVersion', 'hack']);
    const modelOnly = await upload(admin, { ...fields, modelId: 'm1' }, [{ name: 'a.bin', bytes: bytes(5) }]);
    expect(modelOnly.data).toEqual({ brandId: 'Choose the brand of the model' });
    // The generic add has no file.
    expect((await api(rt.url, admin, '/biz/firmware/add', fields)).msg).toBe(
      'Firmware is added by uploading its file',
    );
    expect((await ok(admin, '/biz/firmware/list', { firmwareName: 'Refused' })).total).toBe(0);
    expect(await objectCount()).toBe(before);
  });

  it('creates no record when the file cannot be stored, and removes the file when the record cannot be written', async () => {
    const before = await objectCount();
    const fields = { firmwareName: 'Half done', firmwareVersion: '1' };
    const s3Send = S3Client.prototype.send;
    vi.spyOn(S3Client.prototype, 'send').mockImplementation(function (this: S3Client, ...args: Json[]) {
      if (args[0]?.constructor?.name === 'PutObjectCommand') return Promise.reject(new Error('S3 down'));
      return (s3Send as Json).apply(this, args);
    });
    const storeFailed = await upload(admin, fields, [{ name: 'a.bin', bytes: bytes(50) }]);
    expect(storeFailed.msg).toBe(
      'The firmware file could not be stored; nothing was saved. Please try again.',
    );
    vi.restoreAllMocks();

    const dynamoSend = DynamoDBDocumentClient.prototype.send;
    vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(function (
      this: DynamoDBDocumentClient,
      ...args: Json[]
    ) {
      const command = args[0];
      if (
        command instanceof TransactWriteCommand &&
        command.input.TransactItems?.some((t) => String(t.Put?.Item?.pk ?? '').startsWith('FIRMWARE#'))
      )
        return Promise.reject(new Error('DynamoDB down'));
      return (dynamoSend as Json).apply(this, args);
    });
    const writeFailed = await upload(admin, fields, [{ name: 'b.bin', bytes: bytes(50) }]);
    expect(writeFailed.code).not.toBe(0);
    vi.restoreAllMocks();

    expect((await ok(admin, '/biz/firmware/list', { firmwareName: 'Half done' })).total).toBe(0);
    expect(await objectCount()).toBe(before);
  });
  /** Brands and models are the catalogue group's: checked when it declares them. */
  const catalogue = topology.routes.some((r) => r.path === '/biz/model/add');

  it.skipIf(!catalogue)('checks the brand and model it names, and shows their names', async () => {
    const brand = await ok(admin, '/biz/brand/add', { name: 'FW Brand' });
    const other = await ok(admin, '/biz/brand/add', { name: 'FW Other' });
    const model = await ok(admin, '/biz/model/add', {
      brandId: brand.id,
      deviceModel: 'FW-22',
      connectorNumber: 2,
      maxPower: 22,
      currentType: 'AC',
      socketType: 'SOCKET',
      protocolType: 'OCPP1.6',
    });
    const file = [{ name: 'a.bin', bytes: bytes(5) }];
    const fields = { firmwareName: 'Branded', firmwareVersion: '1' };
    const created = await upload(operator, { ...fields, brandId: brand.id, modelId: model.id }, file);
    expect(created.data).toMatchObject({ brandName: 'FW Brand', modelName: 'FW-22' });
    expect((await upload(operator, { ...fields, brandId: 'nope' }, file)).msg).toBe(
      'The brand does not exist',
    );
    expect((await upload(operator, { ...fields, brandId: brand.id, modelId: 'nope' }, file)).msg).toBe(
      'The model does not exist',
    );
    const mismatch = await api(rt.url, operator, '/biz/firmware/update', {
      id: created.data.id,
      version: created.data.version,
      ...fields,
      brandId: other.id,
      modelId: model.id,
    });
    expect(mismatch.msg).toBe('The model does not belong to the brand');
    const unbranded = await ok(operator, '/biz/firmware/update', {
      id: created.data.id,
      version: created.data.version,
      ...fields,
    });
    expect(unbranded.brandName).toBeUndefined();
    expect(unbranded.checksum).toBe(created.data.checksum);
    await ok(operator, `/biz/firmware/del?id=${created.data.id}`);
    await ok(admin, `/biz/model/del?id=${model.id}`);
    await ok(admin, `/biz/brand/del?id=${brand.id}`);
    await ok(admin, `/biz/brand/del?id=${other.id}`);
  });
});

describe('configuration keys', () => {
  const key16 = {
    key: 'HeartbeatInterval',
    keyType: 'integer',
    ocppVersion: '1.6',
    readonly: false,
    requiredFlag: true,
    describe: 'Seconds between heartbeats',
  };

  it('are written by the platform, read by companies, unique by key', async () => {
    const created = await ok(admin, '/biz/confKey/add', key16);
    expect(created).toMatchObject({ ...key16, version: 1 });
    const v201 = await ok(admin, '/biz/confKey/add', {
      key: 'OCPPCommCtrlr.HeartbeatInterval',
      keyType: 'integer',
      ocppVersion: '2.0.1',
      componentName: 'OCPPCommCtrlr',
      variableName: 'HeartbeatInterval',
    });
    expect(v201.readonly).toBe(false);

    // Companies read the platform's catalogue but may not change it.
    const seen = await ok(operator, '/biz/confKey/list', { key: 'heartbeat', current: 1, size: 10 });
    expect(seen.total).toBe(2);
    expect((await ok(operator, '/biz/confKey/list', { ocppVersion: '2.0.1' })).total).toBe(1);
    const companyAdd = await api(rt.url, operator, '/biz/confKey/add', { ...key16, key: 'Other' });
    expect(companyAdd.status).toBe(403);
    expect((await api(rt.url, operator, `/biz/confKey/del?id=${created.id}`)).status).toBe(403);

    const dup = await api(rt.url, admin, '/biz/confKey/add', { ...key16, key: 'heartbeatinterval' });
    expect(dup.msg).toBe('A configuration key with this name already exists');

    const updated = await ok(admin, '/biz/confKey/update', {
      ...key16,
      id: created.id,
      version: created.version,
      readonly: true,
    });
    expect(updated.readonly).toBe(true);
    await ok(admin, `/biz/confKey/del?id=${created.id}`);
    await ok(admin, `/biz/confKey/del?id=${v201.id}`);
    expect((await ok(admin, '/biz/confKey/list', {})).total).toBe(0);
  });

  it('refuses bad names, types and version rules', async () => {
    const bad = await api(rt.url, admin, '/biz/confKey/add', {
      key: 'Heart beat',
      keyType: 'float',
      ocppVersion: '1.6',
    });
    expect(bad.data).toEqual({
      key: 'Only letters, digits and * - _ = : + | @ .',
      keyType: 'Choose one of the offered values',
    });
    const missing = await api(rt.url, admin, '/biz/confKey/add', {
      key: 'X',
      keyType: 'bool',
      ocppVersion: '2.0.1',
    });
    expect(missing.data).toEqual({
      componentName: 'Required for OCPP 2.0.1',
      variableName: 'Required for OCPP 2.0.1',
    });
    const extra = await api(rt.url, admin, '/biz/confKey/add', {
      key: 'X',
      keyType: 'bool',
      ocppVersion: '1.6',
      componentName: 'C',
    });
    expect(extra.data).toEqual({ componentName: 'Only for OCPP 2.0.1 keys' });
    expect((await ok(admin, '/biz/confKey/list', {})).total).toBe(0);
  });
});

describe('display messages', () => {
  const message = {
    name: 'Welcome',
    format: 'UTF8',
    language: 'de-CH',
    content: 'Willkommen',
    priority: 'NormalCycle',
    state: 'Idle',
    startDateTime: '2026-01-01T00:00:00.000Z',
    endDateTime: '2026-02-01T00:00:00.000Z',
  };

  it('are kept per company: create, list, update, delete', async () => {
    const created = await ok(operator, '/biz/display/add', message);
    expect(created).toMatchObject(message);
    expect((await ok(operator, '/biz/display/list', { name: 'welc', priority: 'NormalCycle' })).total).toBe(
      1,
    );
    expect((await ok(operator, '/biz/display/list', { priority: 'InFront' })).total).toBe(0);
    expect((await ok(admin, '/biz/display/list', { name: 'Welcome' })).total).toBe(1);
    const platform = await ok(admin, '/biz/display/add', { ...message, name: 'Platform only' });
    expect((await ok(operator, '/biz/display/list', { name: 'Platform' })).total).toBe(0);

    const { state: _state, ...withoutState } = message;
    const updated = await ok(operator, '/biz/display/update', {
      ...withoutState,
      id: created.id,
      version: created.version,
      state: '',
      priority: 'AlwaysFront',
    });
    expect(updated.state).toBeUndefined();
    expect(updated.priority).toBe('AlwaysFront');
    await ok(operator, `/biz/display/del?id=${created.id}`);
    await ok(admin, `/biz/display/del?id=${platform.id}`);
  });

  it('refuses an end before the start, long content, bad tags and values', async () => {
    const early = await api(rt.url, operator, '/biz/display/add', {
      ...message,
      endDateTime: '2025-12-31T00:00:00.000Z',
    });
    expect(early.data).toEqual({ endDateTime: 'The end must be after the start' });
    const bad = await api(rt.url, operator, '/biz/display/add', {
      ...message,
      content: 'x'.repeat(513),
      language: 'not a tag',
      format: 'PDF',
      priority: '',
      state: 'Sleeping',
    });
    expect(bad.data).toEqual({
      content: 'This value is too long',
      language: 'This value is too long',
      format: 'Choose one of the offered values',
      priority: 'This field is required',
      state: 'Choose one of the offered values',
    });
    const tag = await api(rt.url, operator, '/biz/display/add', { ...message, language: 'e1' });
    expect(tag.data).toEqual({ language: 'Enter a language tag such as en, de or zh-CN' });
    expect((await ok(operator, '/biz/display/list', {})).total).toBe(0);
  });
});

describe('network configurations', () => {
  const base = {
    name: 'Main CSMS',
    ocppVersion: 'OCPP16',
    ocppTransport: 'JSON',
    ocppCsmsUrl: 'wss://csms.example.com/ocpp',
    messageTimeout: 30,
    securityProfile: 2,
    configurationSlot: 1,
  };
  const vpn = { vpnServer: 'vpn.example.com', vpnUser: 'cp', vpnType: 'IKEv2', vpnGroup: 'g1' };
  const apn = {
    apn: 'internet.example',
    apnAuthentication: 'PAP',
    apnUserName: 'u',
    preferredNetwork: '26201',
  };

  it('keep passwords, keys and PINs write-only, and drop them with their group', async () => {
    const created = await ok(operator, '/biz/network/add', {
      ...base,
      ...vpn,
      vpnPassword: 'vpn-secret',
      vpnKey: 'psk-secret',
      ...apn,
      apnPassword: 'apn-secret',
      simPin: '1234',
      useOnlyPreferredNetwork: true,
    });
    const text = JSON.stringify(created);
    for (const secret of ['vpn-secret', 'psk-secret', 'apn-secret', '1234'])
      expect(text).not.toContain(secret);
    expect(created).toMatchObject({
      vpnPasswordSet: true,
      vpnKeySet: true,
      apnPasswordSet: true,
      simPinSet: true,
      useOnlyPreferredNetwork: true,
    });
    const listed = await ok(operator, '/biz/network/list', { name: 'main', ocppVersion: 'OCPP16' });
    expect(listed.total).toBe(1);
    expect(JSON.stringify(listed)).not.toContain('vpn-secret');
    expect(JSON.stringify(await ok(operator, `/biz/network/info?id=${created.id}`))).not.toContain('secret');

    // An update without the secrets keeps them.
    const kept = await ok(operator, '/biz/network/update', {
      ...base,
      ...vpn,
      ...apn,
      id: created.id,
      version: created.version,
      vpnPassword: '',
      messageTimeout: 60,
    });
    expect(kept).toMatchObject({
      messageTimeout: 60,
      vpnPasswordSet: true,
      vpnKeySet: true,
      simPinSet: true,
    });

    // Clearing a group drops its stored secrets.
    const cleared = await ok(operator, '/biz/network/update', {
      ...base,
      ...apn,
      id: created.id,
      version: kept.version,
    });
    expect(cleared).toMatchObject({ vpnPasswordSet: false, vpnKeySet: false, apnPasswordSet: true });
    expect(cleared.vpnServer).toBeUndefined();

    // The platform sees the company's; the company does not see the platform's.
    expect((await ok(admin, '/biz/network/list', { name: 'Main' })).total).toBe(1);
    const platform = await ok(admin, '/biz/network/add', { ...base, name: 'Platform net' });
    expect((await ok(operator, '/biz/network/list', { name: 'Platform' })).total).toBe(0);
    await ok(operator, `/biz/network/del?id=${created.id}`);
    await ok(admin, `/biz/network/del?id=${platform.id}`);
  });

  it('refuses incomplete groups, wrong addresses and ranges', async () => {
    const partialVpn = await api(rt.url, operator, '/biz/network/add', { ...base, vpnGroup: 'g1' });
    expect(partialVpn.data).toEqual({
      vpnServer: 'Required when this group is filled in',
      vpnUser: 'Required when this group is filled in',
      vpnType: 'Required when this group is filled in',
    });
    const noPassword = await api(rt.url, operator, '/biz/network/add', { ...base, ...vpn });
    expect(noPassword.msg).toBe('A VPN needs a password');
    const partialApn = await api(rt.url, operator, '/biz/network/add', { ...base, simPin: '1234' });
    expect(partialApn.data).toEqual({
      apn: 'Required when this group is filled in',
      apnAuthentication: 'Required when this group is filled in',
    });
    const plain = await api(rt.url, operator, '/biz/network/add', {
      ...base,
      ocppCsmsUrl: 'ws://csms.example.com',
    });
    expect(plain.data).toEqual({ ocppCsmsUrl: 'Security profiles 2 and 3 need a wss:// address' });
    const wrong = await api(rt.url, operator, '/biz/network/add', {
      ...base,
      ocppCsmsUrl: 'https://csms.example.com',
      messageTimeout: 0,
      securityProfile: 4,
      configurationSlot: 0,
      ocppVersion: 'OCPP21',
      simPin: '12',
    });
    expect(wrong.data).toEqual({
      ocppCsmsUrl: 'Enter a ws:// or wss:// address',
      messageTimeout: 'Enter a whole number of seconds from 1 to 3600',
      securityProfile: 'Choose a security profile from 0 to 3',
      configurationSlot: 'Enter a whole number from 1',
      ocppVersion: 'Choose one of the offered values',
      simPin: 'Enter 4 to 8 digits',
    });
    expect((await ok(operator, '/biz/network/list', {})).total).toBe(0);
  });
});

describe('local lists', () => {
  const entries = [
    { idTag: 'CARD-0001', idTagStatus: 'Accepted', idTagExpiryDate: '2027-01-01T00:00:00.000Z' },
    { idTag: 'CARD-0002', idTagStatus: 'Blocked', parentIdTag: 'FLEET-1' },
  ];
  const list = { name: 'Depot', listVersion: 1, type: 1, capacity: 3, entries };

  it('keep entries within capacity, listed by count and read whole', async () => {
    const created = await ok(operator, '/biz/listVersion/add', list);
    expect(created.entries).toEqual(entries);
    const listed = await ok(operator, '/biz/listVersion/list', { name: 'dep', type: 1 });
    expect(listed.total).toBe(1);
    expect(listed.records[0].entries).toBeUndefined();
    expect(listed.records[0].entryCount).toBe(2);
    expect((await ok(operator, `/biz/listVersion/info?id=${created.id}`)).entries).toEqual(entries);
    expect((await ok(admin, '/biz/listVersion/list', { name: 'Depot' })).total).toBe(1);

    const updated = await ok(operator, '/biz/listVersion/update', {
      ...list,
      id: created.id,
      version: created.version,
      entries: [...entries, { idTag: 'CARD-0003', idTagStatus: 'Expired' }],
    });
    expect(updated.entries).toHaveLength(3);

    // A platform user may keep lists too (sending them is a company's, with the commands).
    const platform = await ok(admin, '/biz/listVersion/add', { ...list, name: 'Platform list', entries: [] });
    expect(platform.entries).toEqual([]);
    await ok(admin, `/biz/listVersion/del?id=${platform.id}`);
    await ok(operator, `/biz/listVersion/del?id=${created.id}`);
    expect((await ok(operator, '/biz/listVersion/list', {})).total).toBe(0);
  });

  it('refuses more entries than the capacity, repeated idTags and OCPP limits', async () => {
    const over = await api(rt.url, operator, '/biz/listVersion/add', { ...list, capacity: 1 });
    expect(over.data).toEqual({ entries: 'The list has more entries than its capacity' });
    const dup = await api(rt.url, operator, '/biz/listVersion/add', {
      ...list,
      entries: [...entries, { idTag: 'card-0001', idTagStatus: 'Accepted' }],
    });
    expect(dup.data).toEqual({ 'entries.2.idTag': 'This idTag is already in the list' });
    const bad = await api(rt.url, operator, '/biz/listVersion/add', {
      ...list,
      listVersion: -1,
      type: 3,
      capacity: 10_001,
      entries: [{ idTag: 'X'.repeat(21), idTagStatus: 'Maybe', idTagExpiryDate: 'tomorrow', extra: 1 }],
    });
    expect(bad.data).toEqual({
      listVersion: 'Enter a whole number from 0',
      type: 'Choose one of the offered values',
      capacity: 'Enter a whole number from 1 to 10000',
      'entries.0.idTag': 'This value is too long',
      'entries.0.idTagStatus': 'Choose one of the offered values',
      'entries.0.idTagExpiryDate': 'Date format is wrong',
      'entries.0.extra': 'This field is not accepted',
    });
    // One list is one record: a list too large to store is refused.
    const huge = Array.from({ length: 3000 }, (_, i) => ({
      idTag: `TAG-${String(i).padStart(16, '0')}`,
      idTagStatus: 'ConcurrentTx',
      idTagExpiryDate: '2027-01-01T00:00:00.000Z',
      parentIdTag: 'PARENT-0000000000001',
    }));
    const tooLarge = await api(rt.url, operator, '/biz/listVersion/add', {
      ...list,
      capacity: 10_000,
      entries: huge,
    });
    expect(tooLarge.data).toEqual({
      entries: 'The list is too large to store; shorten its entries or split it',
    });
    expect((await ok(operator, '/biz/listVersion/list', {})).total).toBe(0);
  });
});
