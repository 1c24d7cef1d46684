// @vitest-environment happy-dom
/**
 * The order page's event timeline (docs/decisions/464-a-sessions-event-timeline.md): the events the server
 * gives, in its time order, each time as YYYY-MM-DD HH:mm:ss in the user's time zone, the event types,
 * connector states and answers in the user's language, the meter values as one summary line, an event from
 * the session's record marked so; in every language of the console.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { OrderDetailPage } from '@web/screens/order/order-detail.tsx';
import { changeLanguage } from '@web/i18n.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { translate } from '@functions/lib/i18n.ts';
import { languages } from '@shared/i18n/languages.ts';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, renderScreen } from './harness.tsx';

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
      grant('4100', '4101');
      const api = fakeApi({
        '/biz/chargeOrder/detail': () => ({ data: order }),
        '/biz/chargeOrder/timeline': () => ({
          data: { orderNo: 'O-1', chargePointId: 'CP-1', transactionId: '42', events },
        }),
      });
      renderScreen(
        <Routes>
          <Route path="/orderDetail/:id" element={<OrderDetailPage />} />
        </Routes>,
        '/orderDetail/O-1',
      );
      const t = (key: string, values?: Record<string, unknown>) => translate(language, key, values);
      const table = await screen.findByRole(
        'table',
        { name: t('orderRes.timeline.title') },
        { timeout: 30_000 },
      );
      expect(api.calls('/biz/chargeOrder/timeline')[0]!.query).toEqual({ id: 'O-1' });
      await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
      const rows = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
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
