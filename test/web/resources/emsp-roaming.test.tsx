// @vitest-environment happy-dom
/**
 * The /emsp roaming dialog (docs/decisions/437): besides the registration, it lists every failed exchange the
 * server keeps for the eMsp, the newest first, each with when, the call and the answer; and says so when there
 * is none.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { EmspRoamingDialog } from '@web/screens/system/emsp-roaming.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const state = (failures: { at: string; call: string; answer: string }[]) => ({
  id: 'e1',
  registerFlag: 1,
  version: '2.2.1',
  modules: ['credentials', 'tokens'],
  lastExchangeAt: '2026-11-29T10:00:00.000Z',
  lastError: failures[0] ? `${failures[0].call}: ${failures[0].answer}` : '',
  failures,
  versionsUrl: 'https://cpo.example.com/ocpi/versions',
  stationCount: 1,
});

const open = () =>
  renderScreen(
    <EmspRoamingDialog
      row={{ id: 'e1', name: 'Roaming Hub' }}
      onClose={() => undefined}
      onDone={() => undefined}
    />,
  );

describe('the eMsp roaming dialog', () => {
  it('lists each failed exchange: when, the call and the answer, the newest first', async () => {
    grant('6800');
    fakeApi({
      '/admin/emsp/roaming': () => ({
        data: state([
          {
            at: '2026-11-29T10:00:00.000Z',
            call: 'GET https://emsp.example.com/ocpi/2.2.1/tokens?limit=100',
            answer: 'Token T-9 not kept: whitelist: Invalid option',
          },
          {
            at: '2026-11-29T09:00:00.000Z',
            call: 'POST https://emsp.example.com/ocpi/2.2.1/tokens/T-1/authorize?type=RFID',
            answer: 'HTTP 200, not an OCPI answer (not JSON): allowed',
          },
        ]),
      }),
    });
    open();
    const list = await screen.findByTestId('emsp-roaming-failures');
    expect(within(list).getByText('Failed exchanges')).toBeTruthy();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(
      within(items[0]!).getByText('GET https://emsp.example.com/ocpi/2.2.1/tokens?limit=100'),
    ).toBeTruthy();
    expect(within(items[0]!).getByText(/Token T-9 not kept: whitelist/)).toBeTruthy();
    expect(within(items[0]!).getByText('Call')).toBeTruthy();
    expect(within(items[0]!).getByText('Answer')).toBeTruthy();
    expect(within(items[1]!).getByText(/not an OCPI answer \(not JSON\)/)).toBeTruthy();
    expect(within(items[1]!).getByText(new Date('2026-11-29T09:00:00.000Z').toLocaleString())).toBeTruthy();
  });

  it('says when there is no failed exchange', async () => {
    grant('6800');
    fakeApi({ '/admin/emsp/roaming': () => ({ data: state([]) }) });
    open();
    const list = await screen.findByTestId('emsp-roaming-failures');
    expect(within(list).getByText('No failed exchanges')).toBeTruthy();
    expect(within(list).queryAllByRole('listitem')).toEqual([]);
  });
});
