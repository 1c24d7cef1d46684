// @vitest-environment happy-dom
/**
 * The charge point's operative flag on /device (a column) and /chargerDetail (a fact of its state): operative
 * unless the API says `operative: false`.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { chargePointDecl } from '@web/resources/decls/site/charge-point.tsx';
import { ChargerDetailPage } from '@web/screens/site/charger-detail.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const pile = (id: string, operative: boolean) => ({
  id,
  chargePointId: id,
  name: `Pile ${id}`,
  stationId: 's1',
  stationName: 'Harbour',
  protocol: 'ocpp1.6',
  online: true,
  operative,
  connectorStates: [],
  version: 1,
});

describe('the operative flag', () => {
  it('is a column of the charge point list', async () => {
    grant('2200');
    fakeApi({ '/biz/chargePoint/list': () => page([pile('CP-1', true), pile('CP-2', false)]) });
    renderScreen(<ResourceListPage decl={chargePointDecl} />);
    const row1 = (await screen.findByText('Pile CP-1')).closest('tr')!;
    const row2 = screen.getByText('Pile CP-2').closest('tr')!;
    expect(screen.getByRole('columnheader', { name: /Availability/ })).toBeTruthy();
    expect(within(row1).getByText('Operative')).toBeTruthy();
    expect(within(row2).getByText('Inoperative')).toBeTruthy();
  });

  it('is shown with the charger state on its page', async () => {
    grant('2200', '2204');
    fakeApi({
      '/biz/chargePoint/detail': () => ({ data: { ...pile('CP-2', false), connectorStates: [] } }),
      '/biz/chargePoint/messages': () => ({ data: { items: [] } }),
    });
    renderScreen(
      <Routes>
        <Route path="/chargerDetail/:id" element={<ChargerDetailPage />} />
      </Routes>,
      '/chargerDetail/CP-2',
    );
    const state = await screen.findByRole('region', { name: 'Connection' });
    expect(within(state).getByText('Availability')).toBeTruthy();
    expect(within(state).getByText('Inoperative')).toBeTruthy();
  });
});
