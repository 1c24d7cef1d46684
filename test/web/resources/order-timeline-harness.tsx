/**
 * The order page's event timeline in a DOM test: the page at /orderDetail/O-1 over a fake API that gives
 * `order` and `events` (docs/decisions/464-a-sessions-event-timeline.md); the timeline's rows, once all are
 * shown, as the text of their cells.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { OrderDetailPage } from '@web/screens/order/order-detail.tsx';
import { translate } from '@functions/lib/i18n.ts';
import { Route, Routes } from 'react-router-dom';
import { expect } from 'vitest';
import { fakeApi, grant, page, renderScreen } from './harness.tsx';

export async function openTimeline(language: string, order: Record<string, unknown>, events: unknown[]) {
  grant('4100', '4101');
  const api = fakeApi({
    '/biz/chargeOrder/detail': () => ({ data: order }),
    '/biz/chargeOrder/timeline': () => ({
      data: { orderNo: 'O-1', chargePointId: 'CP-1', transactionId: '42', events },
    }),
    '/biz/stopReason/list': () => page([]),
  });
  renderScreen(
    <Routes>
      <Route path="/orderDetail/:id" element={<OrderDetailPage />} />
    </Routes>,
    '/orderDetail/O-1',
  );
  const table = await screen.findByRole(
    'table',
    { name: translate(language, 'orderRes.timeline.title') },
    { timeout: 30_000 },
  );
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(events.length + 1));
  const rows = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent ?? ''));
  return { api, rows };
}
