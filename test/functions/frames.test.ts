import { describe, expect, it } from 'vitest';
import { call, callError, callResult, parseFrame } from '@functions/ocpp-messages/frames.ts';
import { negotiateProtocol } from '@functions/ocpp/handler.ts';

describe('OCPP-J frames', () => {
  it('parses CALL, CALLRESULT and CALLERROR', () => {
    expect(parseFrame('[2,"1","Heartbeat",{}]', 'ocpp1.6')).toEqual({
      ok: true,
      frame: { type: 2, id: '1', action: 'Heartbeat', payload: {} },
    });
    expect(parseFrame('[3,"1",{"status":"Accepted"}]', 'ocpp1.6')).toMatchObject({
      ok: true,
      frame: { type: 3 },
    });
    expect(parseFrame('[4,"1","InternalError","x",{}]', 'ocpp1.6')).toMatchObject({
      ok: true,
      frame: { type: 4, code: 'InternalError' },
    });
  });

  it('names the version-specific error for malformed frames', () => {
    expect(parseFrame('not json', 'ocpp1.6')).toMatchObject({
      ok: false,
      id: '-1',
      code: 'FormationViolation',
    });
    expect(parseFrame('not json', 'ocpp2.0.1')).toMatchObject({
      ok: false,
      id: '-1',
      code: 'RpcFrameworkError',
    });
    expect(parseFrame('{"a":1}', 'ocpp2.0.1')).toMatchObject({
      ok: false,
      id: '-1',
      code: 'RpcFrameworkError',
    });
    expect(parseFrame('[2,7,"Heartbeat",{}]', 'ocpp2.0.1')).toMatchObject({
      ok: false,
      id: '-1',
      code: 'RpcFrameworkError',
    });
    expect(parseFrame('[2,"7","Heartbeat"]', 'ocpp2.0.1')).toMatchObject({
      ok: false,
      id: '7',
      code: 'RpcFrameworkError',
      type: 2,
    });
    expect(parseFrame('[2,"7","Heartbeat",[]]', 'ocpp2.0.1')).toMatchObject({
      ok: false,
      id: '7',
      code: 'FormatViolation',
      type: 2,
    });
    expect(parseFrame('[2,"7",5,{}]', 'ocpp1.6')).toMatchObject({
      ok: false,
      id: '7',
      code: 'FormationViolation',
    });
    expect(parseFrame('[2,"7","Heartbeat"]', 'ocpp1.6')).toMatchObject({
      ok: false,
      code: 'FormationViolation',
    });
    expect(parseFrame('[2,"7","Heartbeat",[]]', 'ocpp1.6')).toMatchObject({ ok: false, id: '7' });
    expect(parseFrame('[9,"7",{}]', 'ocpp1.6')).toMatchObject({ ok: false, code: 'ProtocolError' });
    expect(parseFrame('[9,"7",{}]', 'ocpp2.0.1')).toMatchObject({
      ok: false,
      code: 'MessageTypeNotSupported',
    });
    expect(parseFrame(`[2,"${'x'.repeat(37)}","Heartbeat",{}]`, 'ocpp1.6')).toMatchObject({
      ok: false,
      id: '-1',
    });
  });

  it('names the message type of a broken answer, so it is not answered back', () => {
    expect(parseFrame('[3,"7","Accepted"]', 'ocpp1.6')).toMatchObject({
      ok: false,
      id: '7',
      code: 'FormationViolation',
      type: 3,
    });
    expect(parseFrame('[4,"7","InternalError"]', 'ocpp2.0.1')).toMatchObject({
      ok: false,
      code: 'RpcFrameworkError',
      type: 4,
    });
    expect(parseFrame('not json', 'ocpp1.6')).not.toHaveProperty('type');
  });

  it('writes the three frame kinds', () => {
    expect(JSON.parse(call('c1', 'Reset', { type: 'Soft' }))).toEqual([2, 'c1', 'Reset', { type: 'Soft' }]);
    expect(JSON.parse(callResult('c1', { status: 'Accepted' }))).toEqual([3, 'c1', { status: 'Accepted' }]);
    expect(JSON.parse(callError('c1', 'NotImplemented', 'no'))).toEqual([
      4,
      'c1',
      'NotImplemented',
      'no',
      {},
    ]);
  });

  it('negotiates the first supported subprotocol the charger offers', () => {
    expect(negotiateProtocol('ocpp2.0.1, ocpp1.6')).toBe('ocpp2.0.1');
    expect(negotiateProtocol('ocpp1.5, ocpp1.6')).toBe('ocpp1.6');
    expect(negotiateProtocol('ocpp1.5')).toBeUndefined();
    expect(negotiateProtocol(undefined)).toBeUndefined();
  });
});
