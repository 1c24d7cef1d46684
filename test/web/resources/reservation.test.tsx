// @vitest-environment happy-dom
/**
 * The reservation and queue screens: the reservation list (status, fee with its currency, the link to the
 * reservation page, the filters the list call takes, cancel with confirmation for holders of 4202, the
 * reserve dialog for holders of 4201 checked by the API's schema), the reservation page (facts, fee, the
 * timeline of statuses) and the queue (positions, join for 4501, cancel with confirmation).
 */
import { reserveListSchema, waitListSchema } from '@shared/schemas/reservation.ts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routesServedBy } from '@web/screens/all.ts';
import { ReserveDetailPage } from '@web/screens/reservation/reserve-detail.tsx';
import { reserveOrderDecl } from '@web/resources/decls/reservation/reserve-order.tsx';
import { waitOrderDecl } from '@web/resources/decls/reservation/wait-order.tsx';
import { stationDecl } from '@web/resources/decls/site/station.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const reserved = {
  id: 'abcdef0123456789',
  status: 2,
  stationId: 'st-1',
  stationName: 'Harbour Car Park',
  chargePointId: 'DEMO-CP-001',
  connectorNo: 1,
  idTag: 'TAG-A',
  minutes: 30,
  reservationId: 1234567,
  price: '0.60',
  currency: 'EUR',
  createTime: '2026-11-20T10:00:00.000Z',
  startTime: '2026-11-20T10:00:02.000Z',
  expiryTime: '2026-11-20T10:30:00.000Z',
  history: [
    { status: 1, at: '2026-11-20T10:00:00.000Z' },
    { status: 2, at: '2026-11-20T10:00:02.000Z' },
  ],
};
const ended = {
  ...reserved,
  id: 'fedcba9876543210',
  status: 4,
  endReason: 'used',
  endFlag: 2,
  endTime: '2026-11-20T10:12:02.000Z',
  durationSeconds: 720,
  fee: '7.20',
  payFlag: 1,
  payType: 4,
  cardBalanceBefore: 50,
  cardBalanceAfter: 42.8,
  transactionId: '77',
  history: [...reserved.history, { status: 4, at: '2026-11-20T10:12:02.000Z', reason: 'used' }],
};

describe('reservation and queue screens', () => {
  it('are registered under their product routes', () => {
    expect(routesServedBy('src/screens/reservation/index.ts')).toEqual([
      '/reserveOrder',
      '/reserveOrderDetail',
      '/waitOrder',
    ]);
  });

  it('filter only with fields the list calls take, and have no forms', () => {
    for (const filter of reserveOrderDecl.filters ?? [])
      expect(filter.name in reserveListSchema.shape, filter.name).toBe(true);
    for (const filter of waitOrderDecl.filters ?? [])
      expect(filter.name in waitListSchema.shape, filter.name).toBe(true);
    expect(reserveOrderDecl.fields).toBeUndefined();
    expect(waitOrderDecl.fields).toBeUndefined();
  });
});

describe('reservation list', () => {
  it('shows status, fee and how it ended, and filters by status', async () => {
    grant('4200');
    const api = fakeApi({ '/biz/reserveOrder/list': () => page([reserved, ended]) });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={reserveOrderDecl} />);
    const row = (await screen.findByText('abcdef01')).closest('tr')!;
    // The page (4201) is not linked without its code.
    expect(screen.queryByRole('link', { name: 'abcdef01' })).toBeNull();
    expect(within(row).getByText('Reserved')).toBeTruthy();
    expect(within(row).getByText('DEMO-CP-001 / 1')).toBeTruthy();
    const endedRow = screen.getByText('fedcba98').closest('tr')!;
    expect(within(endedRow).getByText('7.20 EUR')).toBeTruthy();
    expect(within(endedRow).getByText('Used by a session')).toBeTruthy();
    // Neither cancel (4202) nor reserve (4201) without their codes.
    expect(within(row).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reserve' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Status'), 'Ended');
    await user.type(screen.getByLabelText('ID tag'), 'TAG-A');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.calls('/biz/reserveOrder/list').at(-1)?.body).toMatchObject({
        status: '4',
        idTag: 'TAG-A',
        current: 1,
      }),
    );
  });

  it('links the page for holders of 4201 and cancels a successful reservation after confirmation (4202)', async () => {
    grant('4200', '4201', '4202');
    const api = fakeApi({
      '/biz/reserveOrder/list': () => page([reserved, ended]),
      '/biz/reserveOrder/cancel': () => ({ data: { ...reserved, status: 3 } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={reserveOrderDecl} />);
    const link = await screen.findByRole('link', { name: 'abcdef01' });
    expect(link.getAttribute('href')).toBe(`/reserveOrderDetail/${reserved.id}`);
    const row = link.closest('tr')!;
    const endedRow = screen.getByRole('link', { name: 'fedcba98' }).closest('tr')!;
    expect(within(endedRow).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Cancel the reservation of DEMO-CP-001 / 1 for TAG-A?')).toBeTruthy();
    expect(api.calls('/biz/reserveOrder/cancel')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.calls('/biz/reserveOrder/cancel')).toHaveLength(1));
    expect(api.calls('/biz/reserveOrder/cancel')[0]!.query).toEqual({ id: reserved.id });
  });

  it('reserves a connector of a chosen pile for holders of 4201, checked before it is sent', async () => {
    grant('4200', '4201');
    const api = fakeApi({
      '/biz/reserveOrder/list': () => page([]),
      '/biz/chargePoint/list': () =>
        page([{ id: 'DEMO-CP-004', name: 'Bay 4', connectors: [{ connectorNo: 1 }, { connectorNo: 2 }] }]),
      '/biz/reserveOrder/add': ({ body }) => ({ data: { ...reserved, ...(body as object), status: 1 } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={reserveOrderDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Reserve' }));
    const dialog = await screen.findByRole('dialog');
    // Nothing chosen: the schema's messages, nothing sent.
    await user.clear(within(dialog).getByLabelText(/^Minutes/));
    await user.type(within(dialog).getByLabelText(/^Minutes/), '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Reserve' }));
    expect(await within(dialog).findByText('Enter whole minutes from 1 to 1440')).toBeTruthy();
    expect(api.calls('/biz/reserveOrder/add')).toHaveLength(0);

    await user.click(within(dialog).getByLabelText(/^Charge point/));
    await user.click(await within(dialog).findByRole('option', { name: /^DEMO-CP-004/ }));
    await waitFor(() =>
      expect(within(dialog).getAllByRole('option', { name: '2' }).length).toBeGreaterThan(0),
    );
    await user.selectOptions(within(dialog).getByLabelText(/^Connector/), '2');
    await user.type(within(dialog).getByLabelText(/^ID tag/), 'TAG-B');
    await user.clear(within(dialog).getByLabelText(/^Minutes/));
    await user.type(within(dialog).getByLabelText(/^Minutes/), '45');
    await user.click(within(dialog).getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(api.calls('/biz/reserveOrder/add')).toHaveLength(1));
    expect(api.calls('/biz/reserveOrder/add')[0]!.body).toEqual({
      chargePointId: 'DEMO-CP-004',
      connectorNo: 2,
      idTag: 'TAG-B',
      minutes: 45,
    });
  });
});

describe('reservation page', () => {
  it('shows the facts, the fee and the timeline of statuses', async () => {
    grant('4200', '4201');
    const api = fakeApi({ '/biz/reserveOrder/detail': () => ({ data: ended }) });
    renderScreen(
      <Routes>
        <Route path="/reserveOrderDetail/:id" element={<ReserveDetailPage />} />
      </Routes>,
      `/reserveOrderDetail/${ended.id}`,
    );
    expect(await screen.findByText('7.20 EUR')).toBeTruthy();
    expect(api.calls('/biz/reserveOrder/detail')[0]!.query).toEqual({ id: ended.id });
    expect(screen.getByText('0.60 EUR')).toBeTruthy();
    expect(screen.getByText('1234567')).toBeTruthy();
    expect(screen.getByText('50 / 42.8')).toBeTruthy();
    const timeline = screen.getByRole('table', { name: 'Timeline' });
    const rows = within(timeline).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Requesting',
      'Reserved',
      'Ended',
    ]);
    expect(within(rows[2]!).getByText('Used by a session')).toBeTruthy();
    // Ended: nothing to cancel.
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('says a failed reservation has no fee', async () => {
    grant('4200', '4201', '4202');
    fakeApi({
      '/biz/reserveOrder/detail': () => ({
        data: {
          ...reserved,
          status: 4,
          endReason: 'failed',
          failReason: 'Occupied',
          startTime: undefined,
          history: [reserved.history[0], { status: 4, at: reserved.startTime, reason: 'failed' }],
        },
      }),
    });
    renderScreen(
      <Routes>
        <Route path="/reserveOrderDetail/:id" element={<ReserveDetailPage />} />
      </Routes>,
      `/reserveOrderDetail/${reserved.id}`,
    );
    expect(await screen.findByText('No fee (the reservation never started)')).toBeTruthy();
    expect(screen.getByText('Occupied')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});

describe('queue', () => {
  const entries = [
    {
      id: 'w1',
      status: 'called',
      stationId: 'st-1',
      stationName: 'Harbour Car Park',
      idTag: 'Q-1',
      createTime: '2026-11-20T10:00:00.000Z',
      chargePointId: 'DEMO-CP-002',
      connectorNo: 1,
      calledAt: '2026-11-20T10:05:00.000Z',
    },
    {
      id: 'w2',
      status: 'waiting',
      stationId: 'st-1',
      stationName: 'Harbour Car Park',
      idTag: 'Q-2',
      createTime: '2026-11-20T10:01:00.000Z',
      position: 1,
    },
    {
      id: 'w3',
      status: 'served',
      stationId: 'st-1',
      stationName: 'Harbour Car Park',
      idTag: 'Q-3',
      createTime: '2026-11-20T09:00:00.000Z',
    },
  ];

  it('lists positions and statuses; cancel and join only with 4501', async () => {
    grant('4500');
    fakeApi({ '/biz/waitOrder/list': () => page(entries) });
    renderScreen(<ResourceListPage decl={waitOrderDecl} />);
    const waiting = (await screen.findByText('Q-2')).closest('tr')!;
    expect(within(waiting).getByText('Waiting')).toBeTruthy();
    expect(within(waiting).getByText('1')).toBeTruthy();
    const called = screen.getByText('Q-1').closest('tr')!;
    expect(within(called).getByText('Called')).toBeTruthy();
    expect(within(called).getByText('DEMO-CP-002 / 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Join queue' })).toBeNull();
  });

  it('cancels a waiting or called entry after confirmation and joins an id tag', async () => {
    grant('4500', '4501');
    const api = fakeApi({
      '/biz/waitOrder/list': () => page(entries),
      '/biz/waitOrder/cancel': () => ({ data: { ...entries[1], status: 'cancelled' } }),
      '/biz/station/list': () => page([{ id: 'st-1', name: 'Harbour Car Park' }]),
      '/biz/waitOrder/add': ({ body }) => ({ data: { id: 'w4', status: 'waiting', ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={waitOrderDecl} />);
    const served = (await screen.findByText('Q-3')).closest('tr')!;
    expect(within(served).queryByRole('button', { name: 'Cancel' })).toBeNull();
    const waiting = screen.getByText('Q-2').closest('tr')!;
    await user.click(within(waiting).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Take Q-2 out of the queue?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.calls('/biz/waitOrder/cancel')).toHaveLength(1));
    expect(api.calls('/biz/waitOrder/cancel')[0]!.query).toEqual({ id: 'w2' });

    await user.click(screen.getByRole('button', { name: 'Join queue' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/15 minutes to start charging/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect((await within(dialog).findAllByText('This field is required')).length).toBeGreaterThan(0);
    expect(api.calls('/biz/waitOrder/add')).toHaveLength(0);
    await user.click(within(dialog).getByLabelText(/^Station/));
    await user.click(await within(dialog).findByRole('option', { name: 'Harbour Car Park' }));
    await user.type(within(dialog).getByLabelText(/^ID tag/), 'Q-9');
    await user.click(within(dialog).getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(api.calls('/biz/waitOrder/add')).toHaveLength(1));
    expect(api.calls('/biz/waitOrder/add')[0]!.body).toEqual({ stationId: 'st-1', idTag: 'Q-9' });
  });
});

describe('the station form', () => {
  /** Step 1 of the station wizard with valid basic information. */
  async function fillBasics(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    await user.type(within(dialog).getByLabelText(/^Site name/), 'Harbour');
    await user.type(within(dialog).getByLabelText(/^Address/), '1 Quay Street');
    await user.type(within(dialog).getByLabelText(/^Country\b(?! code)/), 'Germany');
    await user.type(within(dialog).getByLabelText(/^City/), 'Hamburg');
    await user.selectOptions(within(dialog).getByLabelText(/^Time zone/), 'Europe/Berlin');
    await user.selectOptions(within(dialog).getByLabelText(/^Location type/), 'PARKING_LOT');
    await user.type(within(dialog).getByLabelText(/^Service hotline/), '+49 40 123456');
  }

  it('offers the reservation fee next to the reservation switch with 2105 and sends it', async () => {
    grant('2100', '2101', '2105');
    const api = fakeApi({
      '/biz/station/list': () => page([]),
      '/biz/reserveFee/list': () => page([{ id: 'fee-1', name: 'Hold', price: '0.60', currency: 'EUR' }]),
      '/biz/station/add': () => ({ data: { id: 's1', name: 'Harbour', version: 1 } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={stationDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Add site' }));
    const dialog = await screen.findByRole('dialog');
    await fillBasics(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Reservations allowed')).toBeTruthy();
    await user.click(within(dialog).getByLabelText(/^Reservation fee/));
    await user.click(await within(dialog).findByRole('option', { name: 'Hold' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/station/add')).toHaveLength(1));
    expect(api.calls('/biz/station/add')[0]!.body).toMatchObject({ reserveFeeId: 'fee-1' });
  });

  it('hides it without 2105', async () => {
    grant('2100', '2101');
    fakeApi({ '/biz/station/list': () => page([]) });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={stationDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Add site' }));
    const dialog = await screen.findByRole('dialog');
    await fillBasics(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByLabelText(/^Fees are set/)).toBeTruthy();
    expect(within(dialog).queryByLabelText(/^Reservation fee/)).toBeNull();
  });
});
