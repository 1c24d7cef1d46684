/**
 * Server-side render smoke test (node environment, no DOM): the pages render through the real Chakra,
 * router and i18n setup, show the right state, and switch language. Interaction is for the browser tests.
 */
import { UiProvider } from '@web/components/ui/provider.tsx';
import { changeLanguage } from '@web/i18n.ts';
import type { HealthSnapshot } from '@web/lib/health.ts';
import { HEALTH_URL } from '@web/lib/health.ts';
import { NotFoundPage } from '@web/pages/not-found-page.tsx';
import { StatusPage } from '@web/pages/status-page.tsx';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';

const snapshot: HealthSnapshot = {
  status: 'degraded',
  uptimeSeconds: 3725,
  services: [
    { name: 'dynamodb', status: 'down', detail: 'ECONNREFUSED' },
    { name: 'sqs', status: 'ok' },
  ],
  receivedAt: Date.UTC(2025, 0, 1, 12, 0, 0),
};

function render(node: ReactNode, fallback: Record<string, unknown> = {}): string {
  return renderToString(
    <UiProvider>
      <MemoryRouter initialEntries={['/']}>
        <SWRConfig value={{ provider: () => new Map(), fallback }}>{node}</SWRConfig>
      </MemoryRouter>
    </UiProvider>,
  );
}

afterEach(() => changeLanguage('en'));

describe('status page', () => {
  it('shows each service with its status, the summary and the uptime', () => {
    const html = render(<StatusPage />, { [HEALTH_URL]: snapshot });
    expect(html).toContain('Platform status');
    expect(html).toContain('dynamodb');
    expect(html).toContain('ECONNREFUSED');
    expect(html).toContain('Degraded');
    expect(html).toContain('Down');
    expect(html).toContain('Operational');
    expect(html).toContain('1 of 2 services operational');
    expect(html).toContain('1 h 2 min');
  });

  it('says so when no service is reported', () => {
    const html = render(<StatusPage />, { [HEALTH_URL]: { ...snapshot, status: 'starting', services: [] } });
    expect(html).toContain('No services reported');
  });

  it('shows the loading state before the first answer', () => {
    expect(render(<StatusPage />)).toContain('Checking platform status');
  });

  it('renders in the chosen language', async () => {
    await changeLanguage('de');
    const html = render(<StatusPage />, { [HEALTH_URL]: snapshot });
    expect(html).toContain('Plattformstatus');
    expect(html).toContain('Ausgefallen');
    expect(html).toContain('1 von 2 Diensten betriebsbereit');
  });
});

describe('not found page', () => {
  it('links home inside the router', async () => {
    await changeLanguage('th');
    const html = render(<NotFoundPage />);
    expect(html).toContain('ไม่พบหน้าที่ต้องการ');
    expect(html).toMatch(/href="\/"/);
  });
});
