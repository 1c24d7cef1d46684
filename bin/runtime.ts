/**
 * `npm start` lands here (after bin/start.mjs made sure dependencies and the console build are fresh):
 * the whole product on one machine. Ctrl-C stops everything, the Java child included.
 */
import { startRuntime } from '@infra/local/runtime.ts';

// The safety net: every front end catches its own failures per request and per connection, so a promise
// rejected with no one to handle it is a bug to fix, logged here rather than stopping the whole product.
process.on('unhandledRejection', (reason) => {
  console.error('Unhandled rejection (the runtime goes on):', reason);
});

const port = Number(process.env.PORT ?? 3000);
const dataDir = process.env.DATA_DIR ?? '.data';
const seedMode = process.env.SEED === 'none' ? 'none' : 'demo';

const runtime = await startRuntime({
  port,
  dataDir,
  seed: seedMode,
  seedHistory: process.env.SEED_HISTORY !== '0',
  mqttPort: process.env.MQTT_PORT ? Number(process.env.MQTT_PORT) : undefined,
  smtpPort: process.env.SMTP_PORT ? Number(process.env.SMTP_PORT) : undefined,
}).catch((error: Error) => {
  console.error(`Start-up failed: ${error.message}`);
  process.exit(1);
});

console.log(
  [
    '',
    `EV charging console is ready in ${(runtime.startupMs / 1000).toFixed(1)} s`,
    `  Console   ${runtime.consoleUrl}`,
    `  API       ${runtime.url} (health: ${runtime.url}/health)`,
    `  Metrics   ${runtime.metricsUrl} (Prometheus text; from this machine only)`,
    `  OCPP      ${runtime.ocppUrl} (subprotocols ocpp1.6, ocpp2.0.1)`,
    `  MQTT      mqtt://localhost:${runtime.iot.mqttPort} and ws://localhost:${runtime.port}/mqtt`,
    `  Mail      captured in ${runtime.smtp.mailDir} (SMTP localhost:${runtime.smtp.port})`,
    `  Stripe    test-mode stand-in ${runtime.stripe.url} (card 4242 4242 4242 4242 pays)`,
    `  Data      ${runtime.dataDir}${runtime.seeded.applied.length ? ` (seeded: ${runtime.seeded.applied.join(', ')})` : ''}`,
    ...runtime.seeded.lines.map((l) => `  ${l}`),
    '  Local demo data only; press Ctrl-C to stop.',
    '',
  ].join('\n'),
);

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down…`);
  await runtime.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// Started by `npm start` (bin/start.mjs): should the launcher be killed outright (no signal passed on), stop
// too rather than run on unseen, holding the port and the data folder.
const launcher = Number(process.env.EVC_LAUNCHER_PID);
if (launcher) {
  setInterval(() => {
    if (process.ppid !== launcher) void shutdown('npm start is gone');
  }, 1000).unref();
}
