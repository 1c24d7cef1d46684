// @vitest-environment happy-dom
/**
 * The order page's event timeline (docs/decisions/464-a-sessions-event-timeline.md): the events the server
 * gives, in its time order, each time as YYYY-MM-DD HH:mm:ss in the user's time zone, the event types,
 * connector states and answers in the user's language, the meter values as one summary line, an event from
 * the session's record marked so; in every language of the console.
 */
import { cleanup } from '@testing-library/react';
import { changeLanguage } from '@web/i18n.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { translate } from '@functions/lib/i18n.ts';
import { languages } from '@shared/i18n/languages.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTimeline } from './order-timeline-harness.tsx';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await changeLanguage('en');
});

const order = {
  id: 'O-1',
  orderNo: 'O-1',
  stationId: 'st-1',
  chargePointId: 'CP-1',
  connectorNo: 1,
  transactionId: '42',
  protocol: 'ocpp1.6',
  idTag: 'TAG-1',
  startTime: '2025-03-01T10:00:00.000Z',
  endTime: '2025-03-01T11:00:00.000Z',
  curve: [],
};
const events = [
  { type: 'authorize', at: '2025-03-01T09:59:58.000Z', source: 'log', idTag: 'TAG-1', result: 'Accepted' },
  { type: 'start', at: '2025-03-01T10:00:00.000Z', source: 'log', idTag: 'TAG-1', meterWh: 1000 },
  { type: 'status', at: '2025-03-01T10:00:01.000Z', source: 'log', status: 'Charging' },
  {
    type: 'meterValues',
    at: '2025-03-01T10:01:00.000Z',
    until: '2025-03-01T10:59:00.000Z',
    source: 'log',
    count: 59,
    firstWh: 1100,
    lastWh: 12_500,
  },
  { type: 'stop', at: '2025-03-01T11:00:00.000Z', source: 'session', meterWh: 12_600, reason: 'Local' },
];

describe('the order page’s event timeline', () => {
  for (const { code, header: language } of languages)
    it(`lists the session's events in order (${language})`, async () => {
      await changeLanguage(code);
      const t = (key: string, values?: Record<string, unknown>) => translate(language, key, values);
      const { api, rows } = await openTimeline(language, order, events);
      expect(api.calls('/biz/chargeOrder/timeline')[0]!.query).toEqual({ id: 'O-1' });
      expect(rows).toHaveLength(5);
      expect(rows.map((r) => r[0])).toEqual(events.map((e) => formatDateTime(e.at)));
      expect(rows[0]![0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(rows.map((r) => r[1])).toEqual(events.map((e) => t(`orderRes.timeline.types.${e.type}`)));
      expect(rows[0]![2]).toContain(t('commandRes.results.Accepted'));
      expect(rows[2]![2]).toContain(t('siteConsole.states.charging'));
      expect(rows[3]![2]).toBe(
        t('orderRes.timeline.samples', {
          count: 59,
          first: '1.100',
          last: '12.500',
          until: formatDateTime('2025-03-01T10:59:00.000Z'),
        }),
      );
      expect(rows[4]![2]).toContain(t('orderRes.timeline.fromSession'));
    });
});
