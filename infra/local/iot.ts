/**
 * IoT Core locally: an aedes MQTT broker (MQTT 3.1.1 over TCP, and over WebSocket at /mqtt on the main port),
 * the topology's topic rules (`SELECT ... FROM 'filter'` invoking their handler), and the data-plane HTTP
 * calls the functions make with the real IoT data client: Publish, GetThingShadow, UpdateThingShadow.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { Aedes } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import type { IotRuleDecl } from '@shared/topology/types.ts';
import { decodeComponent } from '@functions/lib/uri.ts';
import { invoke } from './invoke.ts';

interface CompiledRule {
  rule: IotRuleDecl;
  filter: string;
  select: (payload: Record<string, unknown>, topic: string) => Record<string, unknown>;
}

/** MQTT topic filter match (`+` one level, `#` the rest). */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length || (f[i] !== '+' && f[i] !== t[i])) return false;
  }
  return f.length === t.length;
}

/** The subset of IoT SQL the topology uses: `SELECT *, topic(n) AS name, field FROM 'filter'`. */
export function compileRule(rule: IotRuleDecl): CompiledRule {
  const m = /^SELECT\s+(.+?)\s+FROM\s+'([^']+)'\s*$/i.exec(rule.sql.trim());
  if (!m) throw new Error(`IoT rule ${rule.id}: unsupported SQL ${rule.sql}`);
  const parts = m[1]!.split(',').map((s) => s.trim());
  return {
    rule,
    filter: m[2]!,
    select: (payload, topic) => {
      const out: Record<string, unknown> = {};
      for (const part of parts) {
        if (part === '*') Object.assign(out, payload);
        const fn = /^topic\((\d+)\)\s+AS\s+(\w+)$/i.exec(part);
        if (fn) out[fn[2]!] = topic.split('/')[Number(fn[1]) - 1];
        const plain = /^(\w+)(?:\s+AS\s+(\w+))?$/i.exec(part);
        if (plain) out[plain[2] ?? plain[1]!] = payload[plain[1]!];
      }
      return out;
    },
  };
}

export async function startIot(options: {
  dataDir: string;
  mqttPort: number;
  rules: IotRuleDecl[];
  onError: (e: Error) => void;
}) {
  const broker = await Aedes.createBroker();
  const rules = options.rules.map(compileRule);
  const shadowDir = path.join(options.dataDir, 'iot', 'shadows');
  mkdirSync(shadowDir, { recursive: true });

  broker.on('publish', (packet, client) => {
    if (!client) return; // our own publishes (rule actions, shadows) do not trigger rules again
    let payload: unknown;
    try {
      payload = JSON.parse(packet.payload.toString());
    } catch {
      return; // IoT rules skip payloads that are not JSON
    }
    // The rules select fields of a JSON object: anything else (`null`, `5`, an array) has none to select.
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return;
    for (const r of rules) {
      if (!topicMatches(r.filter, packet.topic)) continue;
      // One client's message fails alone, never the broker (a throw here would end the process).
      Promise.resolve()
        .then(() => invoke(r.rule.handler, r.select(payload as Record<string, unknown>, packet.topic)))
        .catch((e: Error) => options.onError(e));
    }
  });

  const tcp = net.createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(options.mqttPort, '127.0.0.1', () => resolve());
  }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error;
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', () => resolve()));
  });
  const wss = new WebSocketServer({ noServer: true });
  wss.on('connection', (ws, req) => broker.handle(createWebSocketStream(ws) as never, req));

  const publish = (topic: string, payload: Buffer, qos: 0 | 1 = 0) =>
    new Promise<void>((resolve, reject) =>
      broker.publish({ cmd: 'publish', topic, payload, qos, retain: false, dup: false }, (e) =>
        e ? reject(e) : resolve(),
      ),
    );

  const shadowFile = (thing: string) =>
    path.join(shadowDir, `${Buffer.from(thing).toString('base64url')}.json`);
  const readShadow = (thing: string) =>
    existsSync(shadowFile(thing)) ? JSON.parse(readFileSync(shadowFile(thing), 'utf8')) : undefined;

  /** Data-plane REST calls: POST /topics/{topic}, GET|POST /things/{thing}/shadow. */
  async function dataPlane(req: IncomingMessage, res: ServerResponse, subpath: string, body: Buffer) {
    const reply = (status: number, value?: unknown, errorType?: string) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
      });
      res.end(value === undefined ? '' : JSON.stringify(value));
    };
    const url = new URL(subpath, 'http://local');
    const topic = /^\/topics\/(.+)$/.exec(url.pathname);
    const malformed = () => reply(400, { message: 'Malformed URL encoding' }, 'InvalidRequestException');
    if (topic && req.method === 'POST') {
      const qos = url.searchParams.get('qos') === '1' ? 1 : 0;
      const name = decodeComponent(topic[1]!);
      if (name === undefined) return malformed();
      await publish(name, body, qos);
      return reply(200, {});
    }
    const shadow = /^\/things\/([^/]+)\/shadow$/.exec(url.pathname);
    if (shadow) {
      const thing = decodeComponent(shadow[1]!);
      if (thing === undefined) return malformed();
      const current = readShadow(thing);
      if (req.method === 'GET') {
        return current
          ? reply(200, current)
          : reply(404, { message: `No shadow exists with name: '${thing}'` }, 'ResourceNotFoundException');
      }
      if (req.method === 'POST') {
        let update: { state?: { desired?: object; reported?: object } };
        try {
          update = JSON.parse(body.toString() || '{}');
        } catch {
          return reply(400, { message: 'Payload contains invalid json' }, 'InvalidRequestException');
        }
        if (typeof update !== 'object' || update === null || Array.isArray(update))
          return reply(400, { message: 'Payload contains invalid json' }, 'InvalidRequestException');
        const next = {
          state: {
            desired: { ...(current?.state?.desired ?? {}), ...(update.state?.desired ?? {}) },
            reported: { ...(current?.state?.reported ?? {}), ...(update.state?.reported ?? {}) },
          },
          version: (current?.version ?? 0) + 1,
          timestamp: Math.floor(Date.now() / 1000),
        };
        writeFileSync(shadowFile(thing), JSON.stringify(next));
        await publish(`$aws/things/${thing}/shadow/update/accepted`, Buffer.from(JSON.stringify(next)));
        return reply(200, next);
      }
    }
    return reply(404, { message: 'Not found' }, 'ResourceNotFoundException');
  }

  return {
    mqttPort: (tcp.address() as net.AddressInfo).port,
    dataPlane,
    upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) =>
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req)),
    check: async () => {
      if (!tcp.listening) throw new Error('MQTT listener is closed');
    },
    stop: async () => {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
