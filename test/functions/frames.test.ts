import { describe, expect, it } from 'vitest';
import { parseFrame } from '@functions/ocpp/frames.ts';
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
    expect(parseFrame('not json', 'ocpp2.0.1')).toMatchObject({ ok: false, code: 'FormatViolation' });
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

  it('negotiates the first supported subprotocol the charger offers', () => {
    expect(negotiateProtocol('ocpp2.0.1, ocpp1.6')).toBe('ocpp2.0.1');
    expect(negotiateProtocol('ocpp1.5, ocpp1.6')).toBe('ocpp1.6');
    expect(negotiateProtocol('ocpp1.5')).toBeUndefined();
    expect(negotiateProtocol(undefined)).toBeUndefined();
  });
});
