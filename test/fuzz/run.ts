/**
 * `npm run fuzz`: the long fuzz pass (docs/decisions/355-fuzz-pass.md) against a fresh local runtime on a temporary data folder:
 * bad HTTP requests over every route (test/fuzz/http-fuzz.ts), then malformed OCPP frames over both
 * subprotocols (test/fuzz/ocpp-fuzz.ts), and the figures of each. Exits 1 when anything was found.
 *
 *   npm run fuzz -- [--requests 10000] [--frames 10000] [--seed n]
 *
 * The seed is random unless given; it is printed first, so any finding can be replayed.
 */
import '../setup/loopback-guard.ts';
import { parseArgs } from 'node:util';
import { startTestRuntime } from '../helpers/runtime.ts';
import { runHttpFuzz } from './http-fuzz.ts';
import { runOcppFuzz } from './ocpp-fuzz.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    frames: { type: 'string', default: '10000' },
    seed: { type: 'string' },
  },
});
const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
const requests = Number(values.requests);
const frames = Number(values.frames);

// The runtime runs in this process: anything escaping its fronts would show here (and used to end it).
let crashes = 0;
process.on('unhandledRejection', (reason) => (crashes++, console.error('unhandled rejection:', reason)));
process.on('uncaughtException', (error) => (crashes++, console.error('uncaught exception:', error)));

const line = (label: string, value: unknown) => console.log(`  ${label.padEnd(28)} ${String(value)}`);

console.log(`Fuzz pass, seed ${seed} (replay: npm run fuzz -- --seed ${seed})`);
process.env.AUTH_CAPTCHA = 'off';
const rt = await startTestRuntime({ log: (l) => console.error(`[runtime] ${l}`) });
let failed = false;
try {
  const http = await runHttpFuzz(rt, { requests, seed, log: (l) => console.error(l) });
  const runtimeErrors = rt.errors.length;
  console.log('\nHTTP');
  line('requests sent', http.requests);
  line('routes', http.routes);
  for (const [door, f] of Object.entries(http.byDoor))
    line(`  ${door} door`, `${f.requests} requests, ${f.serverErrors} × 5xx, ${f.noAnswer} unanswered`);
  line('requests by caller', JSON.stringify(http.byCaller));
  line('bursts (at once, one id)', `${http.bursts.batches} bursts of ${http.bursts.requests} requests`);
  line('sessions renewed', JSON.stringify(http.renewed));
  line('answers by status class', JSON.stringify(http.byClass));
  line('5xx', http.serverErrors);
  line('stack traces / leaks', http.stackTraces);
  line('raw catalogue keys', http.rawKeys);
  line('no answer', http.noAnswer);
  line('runtime errors logged', runtimeErrors);
  line('healthy afterwards', http.healthyAfter);
  line(
    'duration',
    `${(http.durationMs / 1000).toFixed(1)} s (${Math.round(http.requests / (http.durationMs / 1000))} requests/s)`,
  );
  line(
    'summary',
    `${http.serverErrors} × 5xx over ${http.requests} requests including ${http.byDoor.app.requests} app, ${http.byDoor.ocpi.requests} OCPI and ${http.byDoor.webhook.requests} webhook`,
  );
  for (const f of http.findings.slice(0, 50)) console.log(`  finding: ${JSON.stringify(f)}`);
  failed ||= http.findings.length > 0 || !http.healthyAfter || runtimeErrors > 0;

  const ocpp = await runOcppFuzz(rt, { frames, seed, log: (l) => console.error(l) });
  console.log('\nOCPP');
  line('frames sent', ocpp.framesSent);
  line('by subprotocol', JSON.stringify(ocpp.bySubprotocol));
  line('calls answered', `${ocpp.answersReceived} of ${ocpp.callsSent}`);
  line('CALLERRORs by code', JSON.stringify(ocpp.callErrorsByCode));
  line('InternalError answers', ocpp.internalErrors);
  line('answers to answers', ocpp.unexpectedAnswers);
  line('missing / stray answers', `${ocpp.missingAnswers} / ${ocpp.strayAnswers}`);
  line('malformed answers', ocpp.malformedAnswers);
  line('closes by code', JSON.stringify(ocpp.closesByCode));
  line('unexpected closes', ocpp.unexpectedCloses);
  line(
    'well-behaved chargers',
    `${ocpp.wellBehavedAnswered} of ${ocpp.wellBehavedCalls} answered, ${ocpp.wellBehavedErrors} errors, ${ocpp.wellBehavedDisconnects} disconnects`,
  );
  line('runtime errors', ocpp.runtimeErrors.length);
  line('healthy afterwards', ocpp.runtimeHealthy);
  line('duration', `${(ocpp.durationMs / 1000).toFixed(1)} s (${ocpp.framesPerSecond} frames/s)`);
  for (const p of ocpp.problems.slice(0, 20)) console.log(`  problem: ${p}`);
  failed ||= ocpp.problems.length > 0 || !ocpp.runtimeHealthy;
} finally {
  await rt.cleanup();
}
console.log('\nProcess');
line('crashes (escaped errors)', crashes);
failed ||= crashes > 0;
console.log(failed ? '\nFOUND PROBLEMS' : '\nNothing found');
process.exit(failed ? 1 : 0);
