/**
 * OCPP-J framing on both subprotocols (decisions 020 and 435): every frame that is not a CALLRESULT or
 * CALLERROR gets exactly one answer (its message id when it can be read, "-1" when not), a CALLRESULT or
 * CALLERROR none, however broken; and the message log says exactly what was sent. When the platform fails
 * handling a frame, the same frames are answered, once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler } from '@functions/ocpp/handler.ts';
import { recentMessages } from '@functions/ocpp-messages/message-log.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { connectCharger } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.cleanup();
});

type Expect = { id: string; code: Record<string, string> } | 'none';
const error = (v16: string, v201: string) => ({ 'ocpp1.6': v16, 'ocpp2.0.1': v201 });
const FORMAT = error('FormationViolation', 'RpcFrameworkError');
const PAYLOAD = error('FormationViolation', 'FormatViolation');
const TYPE = error('ProtocolError', 'MessageTypeNotSupported');

/** Frame classes and what each must get back. */
const CASES: [frame: string, expected: Expect][] = [
  // CALLs of the wrong arity, a non-string action, a payload that is no object: their CALLERROR.
  ['[2,"only2"]', { id: 'only2', code: FORMAT }],
  ['[2,"three","Heartbeat"]', { id: 'three', code: FORMAT }],
  ['[2,"five","Heartbeat",{},{}]', { id: 'five', code: FORMAT }],
  ['[2,"num-action",5,{}]', { id: 'num-action', code: FORMAT }],
  ['[2,"list-payload","Heartbeat",[]]', { id: 'list-payload', code: PAYLOAD }],
  ['[2,"null-payload","Heartbeat",null]', { id: 'null-payload', code: PAYLOAD }],
  // No readable message id: "-1".
  ['[2]', { id: '-1', code: FORMAT }],
  ['[2,17,"Heartbeat",{}]', { id: '-1', code: FORMAT }],
  [`[2,"${'x'.repeat(37)}","Heartbeat",{}]`, { id: '-1', code: FORMAT }],
  ['not json', { id: '-1', code: FORMAT }],
  ['{"a":1}', { id: '-1', code: FORMAT }],
  ['[]', { id: '-1', code: FORMAT }],
  ['"text"', { id: '-1', code: FORMAT }],
  // Other message types: MessageTypeNotSupported in 2.0.1 (its extension fallback), ProtocolError in 1.6.
  ['[5,"type5",{}]', { id: 'type5', code: TYPE }],
  ['[0,"type0"]', { id: 'type0', code: TYPE }],
  ['["3","text-type",{}]', { id: 'text-type', code: TYPE }],
  // CALLRESULT / CALLERROR: never answered, well-formed or not, for an unknown command or none.
  ['[3,"unknown-command",{}]', 'none'],
  ['[4,"unknown-command","InternalError","x",{}]', 'none'],
  ['[3,"short"]', 'none'],
  ['[4,"short","InternalError"]', 'none'],
  ['[3]', 'none'],
  ['[4,17,"InternalError","x",{}]', 'none'],
  ['[3,"list-result",[]]', 'none'],
];

describe('OCPP-J framing', () => {
  for (const protocol of ['ocpp1.6', 'ocpp2.0.1'] as const)
    it(`answers each frame class once or not at all on ${protocol}, as the message log says`, async () => {
      const chargePointId = protocol === 'ocpp1.6' ? 'DEMO-CP-001' : 'DEMO-CP-002';
      const since = Date.now() - 1000;
      const charger = await connectCharger(rt.url, chargePointId, DEMO_CHARGER_PASSWORD, [protocol]);
      const sent: unknown[][] = [];
      for (const [frame, expected] of CASES) {
        const before = charger.received.length;
        charger.send(frame);
        // Frames of a connection are handled in order: once this Heartbeat is answered, so is the frame.
        const marker = await charger.call('Heartbeat', {});
        const got = charger.received.slice(before).filter((f) => f !== marker);
        if (expected === 'none') expect(got, frame).toEqual([]);
        else {
          expect(got, frame).toEqual([[4, expected.id, expected.code[protocol], expect.any(String), {}]]);
          expect((got[0]![3] as string).length).toBeLessThanOrEqual(255);
        }
        sent.push(...got);
      }
      await charger.close();
      // The log holds every frame once, and as answers exactly those that went over the wire.
      const log = await waitFor(async () => {
        const { items } = await recentMessages(chargePointId, { from: since, limit: 500 });
        // (The Heartbeats sent as markers and their answers are not logged: decision 430.)
        const inbound = items.filter((m) => m.direction === 'in');
        return inbound.length >= CASES.length ? items : undefined;
      });
      const logged = (direction: 'in' | 'out') =>
        log
          .filter((m) => m.direction === direction)
          .map((m) => m.frame)
          .reverse();
      expect(logged('in')).toEqual(CASES.map(([frame]) => frame));
      expect(logged('out').map((f) => JSON.parse(f))).toEqual(sent);
    });

  it('still answers every frame but a CALLRESULT / CALLERROR once when the platform fails', async () => {
    // A connection id no DynamoDB key can hold: reading the connection fails, as a failing database would.
    const event = (body: string) => ({
      requestContext: {
        routeKey: '$default',
        eventType: 'MESSAGE' as const,
        connectionId: 'c'.repeat(3000),
        requestId: 'failing',
        authorizer: { chargePointId: 'DEMO-CP-003' },
      },
      body,
    });
    // The failures are logged (as errors, on stderr), as they should be; kept out of the test's output.
    const write = process.stderr.write.bind(process.stderr);
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk, ...rest) =>
      String(chunk).includes('OCPP message handling failed') ? true : write(chunk, ...(rest as [])),
    );
    const answerOf = async (frame: string) => {
      const result = (await handler(event(frame))) as { statusCode: number; body?: string };
      expect(result.statusCode).toBe(200);
      return result.body === undefined ? undefined : (JSON.parse(result.body) as unknown[]);
    };
    expect(await answerOf('[2,"ok","Heartbeat",{}]')).toEqual([
      4,
      'ok',
      'InternalError',
      expect.any(String),
      {},
    ]);
    expect(await answerOf('[2,"only2"]')).toEqual([4, 'only2', 'InternalError', expect.any(String), {}]);
    expect(await answerOf('[9,"t9",{}]')).toEqual([4, 't9', 'InternalError', expect.any(String), {}]);
    expect(await answerOf('not json')).toEqual([4, '-1', 'InternalError', expect.any(String), {}]);
    expect(await answerOf('[3,"r",{}]')).toBeUndefined();
    expect(await answerOf('[4,"r","InternalError","x",{}]')).toBeUndefined();
    expect(await answerOf('[3]')).toBeUndefined();
    vi.restoreAllMocks();
  });
});
