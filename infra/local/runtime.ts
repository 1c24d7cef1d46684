/**
 * The whole product on one machine, built from the topology: DynamoDB Local, fauxqs (SQS + S3) with the
 * event-source mappings, Step Functions, the HTTP API and console, the OCPP WebSocket API, IoT (aedes),
 * schedules and an SMTP sink. Everything it writes lives under the data folder.
 */
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { topology as defaultTopology } from '@shared/topology/index.ts';
import { decodeComponent } from '@functions/lib/uri.ts';
import { envNames } from '@shared/topology/env.ts';
import type { Topology } from '@shared/topology/types.ts';
import { connectDynamo, ensureTables, startDynamo } from './dynamodb.ts';
import { setPaymentProvider } from '@functions/payments/payment-provider.ts';
import { stripeProvider } from '@functions/payments/stripe-provider.ts';
import {
  compileRoutes,
  handleApi,
  readBody,
  requestUrl,
  securityHeaders,
  sendRefusal,
  serveConsole,
  SECURITY_HEADERS,
} from './http-front.ts';
import { startIot } from './iot.ts';
import { fromRoot } from './paths.ts';
import { pollQueue, startQueues } from './queues.ts';
import { recoverAfterRestart, startLifeSigns } from './recover.ts';
import { startSchedules } from './schedules.ts';
import { seed } from './seed/index.ts';
import { forgetInstanceCaches } from '@functions/lib/memo.ts';
import { setMetricSink } from '@functions/lib/metrics.ts';
import { createLocalMetrics } from './metrics.ts';
import { startSmtp } from './smtp.ts';
import { localStripeKeys, startStripeStandIn } from './stripe/server.ts';
import { createStepFunctions, stateMachineArn } from './stepfunctions.ts';
import { createWebSocketFront } from './websocket.ts';
import { secretFor } from './secrets.ts';
import { simChargersFromEnv, startDemoChargers } from './simulator/demo.ts';

export interface RuntimeOptions {
  port?: number;
  dataDir?: string;
  seed?: 'demo' | 'none';
  /** With demo data, its made-up history too (default yes; SEED_HISTORY=0 for `npm start`). */
  seedHistory?: boolean;
  mqttPort?: number;
  smtpPort?: number;
  topology?: Topology;
  distDir?: string;
  /** Shorter WebSocket idle time-out (tests). */
  wsIdleTimeoutSeconds?: number;
  /** Simulated demo chargers started in-process with demo data (default `SIM_CHARGERS`, else 3; 0 = off). */
  simChargers?: number;
  log?: (line: string) => void;
  /**
   * A DynamoDB already running (the test run's shared one, decision 360): the runtime neither starts nor stops
   * a JVM and names its tables `{tablePrefix}{id}`, so runtimes sharing the database keep apart.
   */
  dynamodb?: { endpoint: string; tablePrefix?: string };
}

/** The runtime's name of a topology table: its id, after the prefix of a shared database. */
export const runtimeTableName = (options: Pick<RuntimeOptions, 'dynamodb'>) => (id: string) =>
  `${options.dynamodb?.tablePrefix ?? ''}${id}`;

export type Runtime = Awaited<ReturnType<typeof startRuntime>>;

export async function startRuntime(options: RuntimeOptions = {}) {
  const started = Date.now();
  const topology = options.topology ?? defaultTopology;
  const dataDir = path.resolve(options.dataDir ?? '.data');
  const log = options.log ?? ((line: string) => console.log(line));
  const tableName = runtimeTableName(options);
  const errors: string[] = [];
  const onError = (where: string) => (e: Error) => {
    errors.push(`${where}: ${e.message}`);
    if (errors.length > 100) errors.shift();
    log(`[${where}] ${e.message}`);
  };
  mkdirSync(dataDir, { recursive: true });
  // A runtime started again in this process is a new deployment on other tables: nothing the previous one's
  // function instances remembered may answer for it.
  forgetInstanceCaches();

  // AWS SDK defaults for every client in this process: a region and throwaway credentials.
  process.env.AWS_REGION ??= 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';

  const stops: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(onError('shutdown'));
  };
  /** Starts a stand-in and registers how to stop it, so a failure anywhere stops what already runs. */
  const track = async <T extends { stop(): Promise<void> }>(starting: Promise<T>): Promise<T> => {
    const standIn = await starting;
    stops.push(() => standIn.stop());
    return standIn;
  };

  try {
    // The stand-ins do not depend on each other: start them together (Java is the slowest).
    let port = options.port ?? 3000;
    const base = () => `http://127.0.0.1:${port}`;

    const [dynamo, queues, iot, smtp, stripe] = await Promise.all([
      track(options.dynamodb ? connectDynamo(options.dynamodb.endpoint) : startDynamo(dataDir)),
      track(startQueues(dataDir, topology.queues, topology.buckets)),
      track(
        startIot({
          dataDir,
          mqttPort: options.mqttPort ?? 1883,
          rules: topology.iot.rules,
          onError: onError('iot'),
        }),
      ),
      track(startSmtp(dataDir, options.smtpPort ?? 0)),
      // Stripe's events go to the subscription webhook route, as the Stripe dashboard's endpoint would.
      track(
        startStripeStandIn({
          ...localStripeKeys(dataDir),
          dataDir,
          webhookUrl: () => `${base()}/admin/subscribe/webhook`,
          log,
        }),
      ),
    ]);
    await ensureTables(dynamo.client, topology.tables, tableName);
    const sfn = await createStepFunctions(topology.stateMachines);

    // What the handlers see: the same variables the CDK stack sets, pointing at the stand-ins.
    Object.assign(process.env, {
      [envNames.stage]: 'local',
      [envNames.jwtSecret]: process.env[envNames.jwtSecret] ?? secretFor(dataDir, 'jwt'),
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_SQS: queues.endpoint,
      AWS_ENDPOINT_URL_S3: queues.endpoint,
      ...Object.fromEntries(topology.tables.map((t) => [envNames.table(t.id), tableName(t.id)])),
      ...Object.fromEntries(topology.queues.map((q) => [envNames.queueUrl(q.id), queues.queueUrls[q.id]])),
      ...Object.fromEntries(topology.buckets.map((b) => [envNames.bucket(b.id), b.id])),
      ...Object.fromEntries(
        topology.stateMachines.map((m) => [envNames.stateMachineArn(m.id), stateMachineArn(m.id)]),
      ),
    });

    process.env.SMTP_HOST = '127.0.0.1';
    process.env.SMTP_PORT = String(smtp.port);

    // Card payments: the real Stripe SDK pointed at the stand-in; in-process handlers get the provider here
    // (a Lambda registers it from the same variables).
    Object.assign(process.env, {
      [envNames.stripeSecretKey]: stripe.secretKey,
      [envNames.stripePublishableKey]: stripe.publishableKey,
      [envNames.stripeWebhookSecret]: stripe.webhookSecret,
      [envNames.stripeApiHost]: stripe.host,
      [envNames.stripeApiPort]: String(stripe.port),
      [envNames.stripeApiProtocol]: stripe.protocol,
    });
    setPaymentProvider(stripeProvider);
    const consoleHeaders = securityHeaders(stripe.url);

    // Before any charger connects: what the previous process left behind (a crash) is put right.
    const recovered = await recoverAfterRestart(dataDir);
    if (Object.values(recovered).some(Boolean))
      log(`Recovered the previous run's state: ${JSON.stringify(recovered)}`);
    await track(Promise.resolve(startLifeSigns(dataDir)));

    const ws = createWebSocketFront({
      decl: topology.websocket,
      domainName: () => `127.0.0.1:${port}`,
      idleTimeoutSeconds: options.wsIdleTimeoutSeconds,
      onError: onError('websocket'),
    });
    const routes = compileRoutes(topology.routes);
    const metrics = createLocalMetrics('local');
    const distDir = options.distDir ?? fromRoot('web/dist');
    const startedAt = Date.now();
    let ready = false;

    const standIns = {
      dynamodb: () => dynamo.check(),
      sqs: () => queues.check(),
      s3: () => queues.check(),
      stepfunctions: async () => {
        if (!sfn.arns.length && topology.stateMachines.length) throw new Error('no state machines');
      },
      websocket: async () => undefined,
      iot: () => iot.check(),
      smtp: () => smtp.check(),
      stripe: () => stripe.check(),
    };

    async function health() {
      const services: Record<string, { status: 'ok' | 'down'; detail?: string }> = {};
      for (const [name, check] of Object.entries(standIns)) {
        services[name] = await check().then(
          () => ({ status: 'ok' as const }),
          (e: Error) => ({ status: 'down' as const, detail: e.message }),
        );
      }
      const allOk = Object.values(services).every((s) => s.status === 'ok');
      return {
        status: !ready ? 'starting' : allOk ? 'ok' : 'degraded',
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        services,
        websocketConnections: ws.count(),
        mqttPort: iot.mqttPort,
        smtpPort: smtp.port,
        stripeApi: stripe.url,
      };
    }

    const server = http.createServer(async (req, res) => {
      try {
        const url = requestUrl(req.url, base());
        if (!url) return sendRefusal(req, res, 400, 'server.badUrl');
        if (url.pathname === '/' || url.pathname === '/charge') {
          res.writeHead(302, { location: '/charge/' });
          return res.end();
        }
        if (url.pathname.startsWith('/charge/')) return serveConsole(distDir, url, res, consoleHeaders);
        if (url.pathname === '/metrics' && req.method === 'GET') {
          // The business figures and the process's, in the Prometheus format; to this machine only, as the
          // /__aws endpoints (docs/decisions/458-metrics-tracing-correlation.md).
          if (!isLoopback(req.socket)) return sendRefusal(req, res, 403, 'server.localOnly');
          const { contentType, body } = await metrics.scrape();
          res.writeHead(200, { 'content-type': contentType, ...SECURITY_HEADERS });
          return res.end(body);
        }
        if (url.pathname === '/health' && req.method === 'GET') {
          // The runtime's own report: one line per stand-in (the platform route checks the database only).
          const report = await health();
          res.writeHead(report.status === 'ok' ? 200 : 503, {
            'content-type': 'application/json',
            ...SECURITY_HEADERS,
          });
          return res.end(JSON.stringify(report));
        }
        const body = await readBody(req);
        const internal = /^\/__aws\/(ws|iot|sfn)(\/.*)?$/.exec(url.pathname);
        if (internal) {
          if (!isLoopback(req.socket)) {
            res.writeHead(403);
            return res.end();
          }
          const [, service, rest = '/'] = internal;
          if (service === 'sfn') return await sfn.serve(req, res, body);
          if (service === 'iot') return await iot.dataPlane(req, res, rest + url.search, body);
          const conn = /^\/@connections\/(.+)$/.exec(rest);
          // An id that does not decode names no connection: Gone, as for any other unknown id.
          if (conn) return ws.manage(req, res, decodeComponent(conn[1]!) ?? '', body);
        }
        if (await handleApi(topology, routes, req, res, url, body)) return;
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Not Found' }));
      } catch (error) {
        const e = error as Error & { status?: number };
        if (e.status === 413) {
          res.writeHead(413, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ message: 'Request Entity Too Large' }));
        }
        onError('http')(e);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Internal Server Error' }));
      }
    });
    // A request Node cannot parse (headers over 16 KB, a broken request line) is answered like API Gateway
    // answers one: its status and a JSON message, not Node's bare status line.
    server.on('clientError', (error: Error & { code?: string }, socket) => {
      const answering = (socket as net.Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
      if (!socket.writable || answering?.headersSent) {
        socket.destroy();
        return;
      }
      const [status, message] =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large']
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'Request Timeout']
            : [400, 'Bad Request'];
      const body = JSON.stringify({ message });
      socket.end(
        `HTTP/1.1 ${status} ${message}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    });
    server.on('upgrade', (req, socket, head) => {
      // Node leaves an upgrading socket without an error listener: a client resetting the connection while
      // its upgrade is decided must not take the process down. Each upgrade fails alone.
      socket.on('error', () => socket.destroy());
      const fail = (e: Error) => {
        onError('upgrade')(e);
        socket.destroy();
      };
      try {
        const pathname = requestUrl(req.url, base())?.pathname;
        if (pathname === topology.websocket.path || pathname?.startsWith(`${topology.websocket.path}/`)) {
          ws.upgrade(req, socket, head).catch(fail);
        } else if (pathname === '/mqtt') {
          iot.upgrade(req, socket, head);
        } else {
          socket.destroy();
        }
      } catch (error) {
        fail(error as Error);
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '0.0.0.0', () => resolve());
    });
    port = (server.address() as net.AddressInfo).port;
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );
    stops.push(() => ws.close());
    process.env[envNames.wsManagementEndpoint] = `${base()}/__aws/ws`;
    process.env.AWS_ENDPOINT_URL_SFN = `${base()}/__aws/sfn`;
    process.env[envNames.iotDataEndpoint] = `${base()}/__aws/iot`;

    // Data an earlier version wrote is brought up to date before anything is consumed.
    await seed(dataDir, options.seed ?? 'demo', options.seedHistory ?? true, 'upgrade');
    const pollers = topology.queues.map((q) =>
      pollQueue(queues.sqs, q, queues.queueUrls[q.id]!, onError(`queue ${q.id}`)),
    );
    stops.push(async () => {
      await Promise.all(pollers.map((p) => p.stop()));
    });
    const schedules = startSchedules(topology.schedules, (id, e) => onError(`schedule ${id}`)(e));
    stops.push(() => schedules.stop());

    const seeded = await seed(dataDir, options.seed ?? 'demo', options.seedHistory ?? true);

    // From here on the business figures count what the product does (`GET /metrics`): the seeded history is
    // none of it. Figures published before go nowhere, as outside Lambda.
    const previousSink = setMetricSink(metrics.sink);
    stops.push(() => void setMetricSink(previousSink));

    // Simulated chargers: with demo data, the first SIM_CHARGERS demo chargers come alive in-process.
    // Registered last, so they stop first (before the WebSocket front closes).
    const simulators =
      (options.seed ?? 'demo') === 'demo'
        ? startDemoChargers(
            base(),
            options.simChargers ?? simChargersFromEnv(),
            `mqtt://127.0.0.1:${iot.mqttPort}`,
          )
        : undefined;
    if (simulators) {
      stops.push(() => simulators.stop());
      seeded.lines.push(simulators.line);
    }
    ready = true;

    return {
      port,
      url: base(),
      consoleUrl: `http://localhost:${port}/charge/`,
      ocppUrl: `ws://localhost:${port}${topology.websocket.path}/{chargePointId}`,
      metricsUrl: `http://localhost:${port}/metrics`,
      dataDir,
      startupMs: Date.now() - started,
      seeded,
      errors,
      queues,
      sfn,
      smtp,
      iot,
      stripe,
      websocket: ws,
      schedules,
      simulators,
      health,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function isLoopback(socket: net.Socket) {
  const a = socket.remoteAddress ?? '';
  return a === '127.0.0.1' || a === '::1' || a === '::ffff:127.0.0.1';
}
