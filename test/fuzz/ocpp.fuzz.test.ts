/**
 * The OCPP fuzz pass (test/fuzz/ocpp-fuzz.ts), bounded for `npm test`: a few thousand malformed frames of
 * every class on both subprotocols against the local runtime, with well-behaved chargers connected throughout.
 * The seed is random unless OCPP_FUZZ_SEED is set, and printed with the figures when anything fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime } from '../helpers/runtime.ts';
import { runOcppFuzz } from './ocpp-fuzz.ts';

const FRAMES = Number(process.env.OCPP_FUZZ_FRAMES) || 3000;
const SEED = Number(process.env.OCPP_FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);

let rt: Awaited<ReturnType<typeof startTestRuntime>>;

beforeAll(async () => {
  rt = await startTestRuntime();
}, 120_000);
afterAll(async () => {
  await rt?.cleanup();
});

describe('OCPP fuzz pass', () => {
  it(
    `survives ${FRAMES} malformed frames and keeps serving well-behaved chargers`,
    async () => {
      const figures = await runOcppFuzz(rt, { frames: FRAMES, seed: SEED });
      if (process.env.OCPP_FUZZ_PRINT) console.log(JSON.stringify(figures, null, 2));
      const context = `OCPP fuzz seed ${figures.seed} (OCPP_FUZZ_SEED=${figures.seed} reproduces it):\n${JSON.stringify(figures, null, 2)}`;
      expect(figures.framesSent, context).toBeGreaterThanOrEqual(FRAMES);
      for (const protocol of ['ocpp1.6', 'ocpp2.0.1'] as const)
        expect(figures.bySubprotocol[protocol], context).toBeGreaterThan(FRAMES / 4);
      expect(Object.keys(figures.byClass).length, context).toBeGreaterThanOrEqual(15);
      expect(figures.problems, context).toEqual([]);
      expect(figures.unexpectedAnswers, context).toBe(0);
      expect(figures.missingAnswers, context).toBe(0);
      expect(figures.strayAnswers, context).toBe(0);
      expect(figures.malformedAnswers, context).toBe(0);
      expect(figures.internalErrors, context).toBe(0);
      expect(figures.unexpectedCloses, context).toBe(0);
      expect(figures.framesNotLogged, context).toBe(0);
      expect(figures.answersReceived, context).toBe(figures.callsSent);
      expect(figures.wellBehavedCalls, context).toBeGreaterThan(0);
      expect(figures.wellBehavedAnswered, context).toBe(figures.wellBehavedCalls);
      expect(figures.wellBehavedErrors, context).toBe(0);
      expect(figures.wellBehavedDisconnects, context).toBe(0);
      expect(figures.foreignCommandUntouched, context).toBe(true);
      expect(figures.prototypePolluted, context).toBe(false);
      expect(figures.runtimeErrors, context).toEqual([]);
      expect(figures.runtimeHealthy, context).toBe(true);
    },
    Math.max(600_000, FRAMES * 200),
  );
});
