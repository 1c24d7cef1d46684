/**
 * Each front end of the local runtime (HTTP, WebSocket upgrade, file transfer, MQTT, the local AWS
 * endpoints) and the handlers' pipeline refuse bad input cleanly, write nothing, and keep serving: the
 * defects an outside tester found, one by one.
 */
import net from 'node:net';
import mqtt from 'mqtt';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSizeRefusal } from '@functions/api/http.ts';
import { translate } from '@functions/lib/i18n.ts';
import { keyFits } from '@functions/data/repository.ts';
import { parse } from '@functions/lib/validate.ts';
import { AppError } from '@functions/lib/errors.ts';
import { languages } from '@shared/i18n/index.ts';
import { MAX_PAGE, pageQuery } from '@shared/schemas/admin.ts';
import { reserveListSchema } from '@shared/schemas/reservation.ts';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime } from '../helpers/runtime.ts';
import { looksLikeKey, send } from './http-fuzz.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  admin = await login(rt.url, 'admin', 'Admin12345');
});
afterAll(async () => {
  await rt?.cleanup();
});

/** The runtime still answers: its health and a signed-in call. */
async function stillServing() {
  const health = await fetch(`${rt.url}/health`);
  expect(health.status).toBe(200);
  expect((await health.json()).status).toBe('ok');
  const me = await api(rt.url, admin, '/admin/user/info', undefined, { method: 'GET' });
  expect(me.code).toBe(0);
}

/** Sends raw bytes and returns what comes back until the server closes (or a short pause). */
function rawExchange(payload: string | Buffer, port = rt.port, waitMs = 1500): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => resolve(Buffer.concat(chunks).toString('latin1'));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', done);
    socket.on('close', done);
    socket.setTimeout(waitMs, () => socket.destroy());
    socket.write(payload);
  });
}

const upgradeRequest = (target: string, extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
  `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n` +
  `Sec-WebSocket-Protocol: ocpp1.6\r\n${extra}\r\n`;

describe('WebSocket upgrades', () => {
  it('refuses a charger id with a malformed percent-escape with 400 and keeps serving', async () => {
    for (const id of ['%E0%A4%A', '%', '%zz', '%C0%AF%']) {
      const answer = await rawExchange(upgradeRequest(`/ocpp/${id}`));
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    }
    await stillServing();
  });

  it('survives upgrade targets that are no URL and clients that vanish mid-upgrade', async () => {
    for (const target of ['//', '///', '/\\', '//:99999', '//@']) {
      await rawExchange(upgradeRequest(target), rt.port, 500);
    }
    // A client resetting the connection while its upgrade is being decided (the authorizer runs).
    const basic = `Authorization: Basic ${Buffer.from('DEMO-CP-001:wrong').toString('base64')}\r\n`;
    await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<void>((resolve) => {
            const socket = net.connect(rt.port, '127.0.0.1', () => {
              socket.write(upgradeRequest('/ocpp/DEMO-CP-001', basic));
              setTimeout(() => {
                socket.resetAndDestroy();
                resolve();
              }, 5);
            });
            socket.on('error', () => resolve());
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 1000));
    await stillServing();
  });

  it('refuses an over-long charger id at the authorizer (403), not with a 500', async () => {
    const id = 'C'.repeat(5000);
    const basic = `Authorization: Basic ${Buffer.from(`${id}:x`).toString('base64')}\r\n`;
    const answer = await rawExchange(upgradeRequest(`/ocpp/${id}`, basic));
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    await stillServing();
  });
});

describe('HTTP front', () => {
  it('answers a request target that is no URL with 400 in the envelope', async () => {
    for (const target of ['http://[::1/x', 'http://:99999/', 'http://a b/']) {
      const answer = await send(rt.url, {
        method: 'GET',
        path: target.replace(' ', '%20'),
        headers: { 'accept-language': 'de-de' },
      });
      expect(answer.status, target).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({
        code: 1,
        msg: translate('de', 'server.badUrl'),
        data: null,
      });
    }
    // Targets that only look odd are paths like any other: no route there.
    for (const target of ['//', '///', '/\\', '//@']) {
      const answer = await send(rt.url, { method: 'GET', path: target, headers: {} });
      expect(answer.status, target).toBe(404);
    }
  });

  it('answers headers over 16 KB with 431 and a broken request line with 400, each with a JSON message', async () => {
    const big = await rawExchange(
      `GET /ocpi/versions HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`,
      rt.port,
      10_000,
    );
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toEqual({
      message: 'Request Header Fields Too Large',
    });
    const broken = await rawExchange('NOT A REQUEST\r\n\r\n', rt.port, 10_000);
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(broken.slice(broken.indexOf('\r\n\r\n') + 4))).toEqual({ message: 'Bad Request' });
    await stillServing();
  });

  it('answers a body over 10 MB with 413 while the client is still sending, not with a reset', async () => {
    const answer = await send(rt.url, {
      method: 'POST',
      path: '/admin/user/list',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: Buffer.alloc(11 * 1024 * 1024, 0x20),
    });
    expect(answer.status).toBe(413);
    await stillServing();
  });

  it('answers a malformed percent-escape in a path parameter with 400 (the file-transfer routes)', async () => {
    for (const [method, path] of [
      ['GET', '/ocpp-files/firmware/%E0%A4%A/x.bin'],
      ['PUT', '/ocpp-files/log/%E0%A4%A'],
      ['POST', '/ocpp-files/log/token/%zz'],
    ] as const) {
      const answer = await send(rt.url, { method, path, headers: {}, body: Buffer.from('log') });
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.text).msg).toBe(translate('en', 'server.badUrl'));
    }
    // A name escaped twice (`%25E0` decodes once to `%E0`) reaches the handler, which must not decode it blind.
    const twice = await send(rt.url, {
      method: 'PUT',
      path: '/ocpp-files/log/a.b.c/%25E0%25A4%25A',
      headers: {},
      body: Buffer.from('log'),
    });
    expect(twice.status).toBe(403); // the token is forged
  });

  it('serves the console for a path that does not decode, and refuses local AWS calls cleanly', async () => {
    const page = await send(rt.url, { method: 'GET', path: '/charge/%E0%A4%A', headers: {} });
    expect([200, 503]).toContain(page.status); // the SPA (503 when the console is not built)
    const gone = await send(rt.url, { method: 'POST', path: '/__aws/ws/@connections/%E0%A4%A', headers: {} });
    expect(gone.status).toBe(410);
    const topic = await send(rt.url, { method: 'POST', path: '/__aws/iot/topics/%E0%A4%A', headers: {} });
    expect(topic.status).toBe(400);
    const shadow = await send(rt.url, {
      method: 'POST',
      path: '/__aws/iot/things/box-1/shadow',
      headers: {},
      body: Buffer.from('null'),
    });
    expect(shadow.status).toBe(400);
    await stillServing();
  });
});

describe('MQTT front', () => {
  it('survives garbage over TCP and over WebSocket, and messages the rules cannot read', async () => {
    await rawExchange(Buffer.from([0x10, 0xff, 0xff, 0xff, 0xff, 0x7f, 1, 2, 3]), rt.iot.mqttPort, 500);
    await rawExchange(Buffer.from('GET / HTTP/1.1\r\n\r\n'), rt.iot.mqttPort, 500);
    await new Promise<void>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${rt.port}/mqtt`, 'mqtt');
      ws.on('open', () => ws.send(Buffer.from([0xff, 0x00, 0x13, 0x37])));
      ws.on('close', () => resolve());
      ws.on('error', () => resolve());
      setTimeout(() => (ws.terminate(), resolve()), 1500);
    });
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${rt.iot.mqttPort}`, { reconnectPeriod: 0 });
    for (const payload of ['null', '5', '[1,2]', '"text"', '{"__proto__":{"x":1}}', '{not json'])
      await client.publishAsync('ebox/BOX-1/telemetry', payload);
    await client.endAsync();
    await new Promise((r) => setTimeout(r, 500));
    await stillServing();
  });
});

describe('handlers refuse bad input with 4xx and text', () => {
  it('refuses an absurd page number with a clear message instead of a 500', async () => {
    for (const path of [
      '/admin/user/list',
      '/biz/brand/list',
      '/biz/reserveOrder/list',
      '/admin/plan/list',
    ]) {
      for (const page of [
        { current: 4_294_968, size: 100 },
        { current: 2 ** 31, size: 1 },
      ]) {
        const answer = await api(rt.url, admin, path, page, { language: 'th-th' });
        expect(answer.status, path).toBe(400);
        expect(answer.data).toEqual({ current: translate('th', 'validation.pageNumber') });
      }
    }
    const last = await api(rt.url, admin, '/biz/brand/list', { current: MAX_PAGE, size: 500 });
    expect(last.code).toBe(0);
    expect(last.data.records).toEqual([]);
  });

  it('answers an id too long for a DynamoDB key with "does not exist" or a 400, never a 500', async () => {
    const long = encodeURIComponent('x'.repeat(3000));
    for (const path of [
      '/biz/brand/info',
      '/biz/brand/del',
      '/admin/pay/del',
      '/biz/station/detail',
      '/biz/reserveOrder/detail',
      '/biz/reserveOrder/cancel',
      '/biz/waitOrder/cancel',
      '/biz/chargeOrder/detail',
      '/biz/command/report',
      '/admin/user/info',
      '/admin/role/info',
    ]) {
      const answer = await api(rt.url, admin, `${path}?id=${long}`, { id: 'x'.repeat(3000) });
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.code, path).not.toBe(0);
      expect(looksLikeKey(answer.msg), answer.msg).toBe(false);
    }
  });

  it('refuses prototype keys anywhere in a body and writes nothing', async () => {
    const before = await api(rt.url, admin, '/biz/brand/list', {});
    for (const body of [
      '{"__proto__":{"platform":true}}',
      '{"name":"Brand","constructor":{"prototype":{"polluted":true}}}',
      '{"filters":{"a":{"prototype":1}}}',
    ]) {
      for (const path of ['/biz/brand/add', '/biz/brand/export', '/admin/user/list']) {
        const res = await fetch(`${rt.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
          body,
        });
        expect(res.status, `${path} ${body}`).toBe(400);
        expect((await res.json()).msg).toMatch(
          /^The field name "(__proto__|constructor|prototype)" is not allowed$/,
        );
      }
    }
    const after = await api(rt.url, admin, '/biz/brand/list', {});
    expect(after.data.total).toBe(before.data.total);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers every validation message as text in the caller language (no validation.invalid)', async () => {
    for (const { header, locale } of languages) {
      const answer = await api(
        rt.url,
        admin,
        '/admin/user/list',
        { current: 'abc', size: { n: 1 } },
        { language: header },
      );
      expect(answer.status).toBe(400);
      expect(answer.data).toEqual({
        current: translate(locale, 'validation.pageNumber'),
        size: translate(locale, 'validation.invalid'),
      });
      expect(answer.msg).not.toContain('validation.');
    }
    const array = await api(rt.url, admin, '/admin/role/add', [1, 2]);
    expect(array.status).toBe(400);
    expect(array.data).toEqual({ _: 'This value is not valid' });
  });
});

describe('the pieces, without a runtime', () => {
  it('every fallback message of a schema issue is in all five catalogues', () => {
    for (const key of [
      'validation.invalid',
      'validation.tooLarge',
      'validation.tooSmall',
      'validation.pageNumber',
    ])
      for (const { locale } of languages)
        expect(looksLikeKey(translate(locale, key)), `${locale} ${key}`).toBe(false);
    const failure = (() => {
      try {
        parse(pageQuery, { current: 0, size: 501 });
      } catch (error) {
        return error as AppError;
      }
    })();
    expect(failure?.fields).toEqual({ current: 'validation.pageNumber', size: 'validation.tooLarge' });
    expect(reserveListSchema.safeParse({ current: MAX_PAGE + 1 }).success).toBe(false);
  });

  it('tells a key DynamoDB would refuse, and DynamoDB refusing one, from a failure of the service', () => {
    expect(keyFits({ pk: `X#${'a'.repeat(2047)}`, sk: 'X' })).toBe(false);
    expect(keyFits({ pk: 'X#a', sk: 'é'.repeat(513) })).toBe(false);
    expect(keyFits({ pk: `X#${'a'.repeat(2000)}`, sk: 'X' })).toBe(true);
    const refusal = (message: string) => Object.assign(new Error(message), { name: 'ValidationException' });
    // DynamoDB's messages and DynamoDB Local's.
    expect(
      isSizeRefusal(
        refusal(
          'One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of 2048 bytes',
        ),
      ),
    ).toBe(true);
    expect(
      isSizeRefusal(
        refusal(
          'One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes',
        ),
      ),
    ).toBe(true);
    expect(isSizeRefusal(refusal('Item size has exceeded the maximum allowed size'))).toBe(true);
    expect(
      isSizeRefusal(
        refusal(
          'Hash primary key values must be under 2048 bytes, and range primary key values must be under 1024 bytes',
        ),
      ),
    ).toBe(true);
    expect(isSizeRefusal(refusal('ExpressionAttributeValues must not be empty'))).toBe(false);
    expect(isSizeRefusal(new Error('Size of hashkey has exceeded'))).toBe(false);
  });
});
