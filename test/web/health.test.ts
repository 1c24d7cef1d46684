import { durationParts } from '@web/lib/duration.ts';
import { fetchHealth, parseHealth, sortServices, summarise, toneOf } from '@web/lib/health.ts';
import { describe, expect, it } from 'vitest';

const jsonFetch = (status: number, body: unknown) =>
  (async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })) as typeof fetch;

describe('parseHealth', () => {
  it('reads the /health body, problems first then by name', () => {
    expect(
      parseHealth({
        status: 'degraded',
        uptimeSeconds: 42,
        services: {
          sqs: { status: 'ok' },
          dynamodb: { status: 'down', detail: 'ECONNREFUSED' },
          api: { status: 'ok' },
        },
      }),
    ).toEqual({
      status: 'degraded',
      uptimeSeconds: 42,
      services: [
        { name: 'dynamodb', status: 'down', detail: 'ECONNREFUSED' },
        { name: 'api', status: 'ok' },
        { name: 'sqs', status: 'ok' },
      ],
    });
  });

  it('tolerates a missing uptime, no services, bare-string services and unknown words', () => {
    expect(parseHealth({ status: 'ok' })).toEqual({ status: 'ok', uptimeSeconds: null, services: [] });
    expect(
      parseHealth({ status: 'weird', uptimeSeconds: -1, services: { a: 'ok', b: 'paused', c: 7 } }),
    ).toEqual({
      status: 'unknown',
      uptimeSeconds: null,
      services: [
        { name: 'b', status: 'unknown' },
        { name: 'c', status: 'unknown' },
        { name: 'a', status: 'ok' },
      ],
    });
  });

  it('unwraps a { code, msg, data } envelope', () => {
    expect(parseHealth({ code: 0, msg: 'ok', data: { status: 'starting' } })?.status).toBe('starting');
  });

  it('rejects what is not a health report', () => {
    for (const body of [undefined, null, 'ok', [], {}, { status: 1 }, { status: 'ok', services: [] }]) {
      expect(parseHealth(body)).toBeNull();
    }
  });
});

describe('summary helpers', () => {
  it('counts operational services', () => {
    const report = parseHealth({ status: 'ok', services: { a: 'ok', b: 'down', c: 'ok' } })!;
    expect(summarise(report)).toEqual({ ok: 2, total: 3 });
  });

  it('gives each status a tone', () => {
    expect(['ok', 'starting', 'degraded', 'down', 'unknown'].map((s) => toneOf(s as never))).toEqual([
      'success',
      'info',
      'warning',
      'danger',
      'neutral',
    ]);
  });

  it('does not reorder its input', () => {
    const input = [
      { name: 'b', status: 'ok' as const },
      { name: 'a', status: 'ok' as const },
    ];
    expect(sortServices(input).map((s) => s.name)).toEqual(['a', 'b']);
    expect(input[0]?.name).toBe('b');
  });
});

describe('fetchHealth', () => {
  it('returns the report with its receipt time', async () => {
    const before = Date.now();
    const snapshot = await fetchHealth({
      fetch: jsonFetch(200, { status: 'ok', services: { api: { status: 'ok' } } }),
    });
    expect(snapshot.status).toBe('ok');
    expect(snapshot.receivedAt).toBeGreaterThanOrEqual(before);
  });

  it('uses the report of a 503 answer', async () => {
    const snapshot = await fetchHealth({ fetch: jsonFetch(503, { status: 'degraded', services: {} }) });
    expect(snapshot.status).toBe('degraded');
  });

  it('turns other answers into request errors', async () => {
    await expect(fetchHealth({ fetch: jsonFetch(404, { message: 'Not Found' }) })).rejects.toMatchObject({
      kind: 'http',
      status: 404,
    });
    await expect(fetchHealth({ fetch: jsonFetch(200, { hello: 1 }) })).rejects.toMatchObject({
      kind: 'parse',
    });
  });
});

describe('durationParts', () => {
  it('gives the largest unit and the next one when not zero', () => {
    expect(durationParts(0)).toEqual([{ unit: 'seconds', value: 0 }]);
    expect(durationParts(59.9)).toEqual([{ unit: 'seconds', value: 59 }]);
    expect(durationParts(125)).toEqual([
      { unit: 'minutes', value: 2 },
      { unit: 'seconds', value: 5 },
    ]);
    expect(durationParts(3600)).toEqual([{ unit: 'hours', value: 1 }]);
    expect(durationParts(90_061)).toEqual([
      { unit: 'days', value: 1 },
      { unit: 'hours', value: 1 },
    ]);
    expect(durationParts(86_400 + 300)).toEqual([{ unit: 'days', value: 1 }]);
  });

  it('gives nothing for impossible durations', () => {
    expect(durationParts(-1)).toEqual([]);
    expect(durationParts(Number.NaN)).toEqual([]);
    expect(durationParts(Number.POSITIVE_INFINITY)).toEqual([]);
  });
});
