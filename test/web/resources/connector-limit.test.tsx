// @vitest-environment happy-dom
/**
 * The connector usage and the over-the-limit warning (decision 110) on /device and /plan against the fake
 * API: the counts while within the limit, the warning after a downgrade left more connectors than bought,
 * nothing for a company that is not limited.
 */
import { cleanup, screen } from '@testing-library/react';
import { PlanPage } from '@web/screens/plan/plan-pages.tsx';
import { DevicePage } from '@web/screens/site/index.ts';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const OVER = { limited: true, used: { ac: 2, dc: 1 }, allowed: { ac: 1, dc: 0 }, basic: true, over: true };
const WITHIN = { limited: true, used: { ac: 1, dc: 0 }, allowed: { ac: 3, dc: 0 }, basic: true, over: false };

function screens(usage: unknown) {
  return fakeApi({
    '/biz/chargePoint/usage': () => ({ data: usage }),
    '/biz/chargePoint/list': () => page([]),
    '/admin/plan/list': () => page([]),
    '/admin/subscribe/info': () => ({ data: [] }),
  });
}

describe('connector limit notice', () => {
  it('warns on /device and /plan when the company holds more connectors than it bought', async () => {
    grant('2200', '6910');
    screens(OVER);
    renderScreen(createElement(DevicePage));
    const warning = await screen.findByTestId('connector-limit-warning');
    expect(warning.textContent).toContain('Connectors beyond your subscription');
    expect(warning.textContent).toContain(
      'Your company uses 2 AC and 1 DC connectors; its subscription allows 1 AC and 0 DC.',
    );
    cleanup();
    renderScreen(<PlanPage />);
    expect((await screen.findByTestId('connector-limit-warning')).textContent).toContain(
      'cannot add connectors until you buy more on the plan page',
    );
  });

  it('shows the usage within the limit, and nothing when the company is not limited', async () => {
    grant('2200', '6910');
    screens(WITHIN);
    renderScreen(createElement(DevicePage));
    expect((await screen.findByTestId('connector-usage')).textContent).toBe(
      'Connectors in use: 1 of 3 AC, 0 of 0 DC',
    );
    expect(screen.queryByTestId('connector-limit-warning')).toBeNull();
    cleanup();
    const api = screens({ limited: false, used: { ac: 9, dc: 9 }, over: false });
    renderScreen(<PlanPage />);
    await screen.findByText('Your subscription');
    await vi.waitFor(() => expect(api.calls('/biz/chargePoint/usage')).toHaveLength(1));
    expect(screen.queryByTestId('connector-usage')).toBeNull();
    expect(screen.queryByTestId('connector-limit-warning')).toBeNull();
  });
});
