// @vitest-environment happy-dom
/**
 * /plan and /planDetail/{id}/{name} against the fake API: the platform's plan list with add, edit and the
 * receipt upload; a company's current subscription with its remaining days and, for holders of
 * sys_planoper_edit, the renewal (firstFlag false, the refund of a downgrade, paid by card, then login).
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toaster } from '@web/components/ui/toaster.tsx';
import { PlanDetailPage, PlanPage } from '@web/screens/plan/plan-pages.tsx';
import { resourcePages } from '@web/screens/all.ts';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen } from '../resources/harness.tsx';
import { cardProvider, type CardPayments } from '@web/pages/subscription/card.ts';

/** The card provider the wizard meets (its own tests: test/web/card-payments.test.ts). */
const card = {
  providerFields: false,
  mountCardElement: async () => () => undefined,
  createPaymentMethod: vi.fn(async (_card: unknown) => 'pm_renew'),
  confirmCardPayment: vi.fn(async () => ({ paymentIntentId: 'pi_renew', status: 'succeeded' })),
};

beforeEach(() => {
  vi.spyOn(cardProvider, 'cardPayments').mockReturnValue(card as unknown as CardPayments);
});

afterEach(() => {
  vi.restoreAllMocks();
  toaster.remove();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const CUSTOM = {
  id: 'plan-7',
  planNo: 'ORDER-7',
  planName: 'Acme fleet deal',
  planType: 1,
  featurePackageType: 1,
  acConnectorNumber: 10,
  dcConnectorNumber: 2,
  acConnectorPrice: '4.50',
  dcConnectorPrice: '13.50',
  acTransactionFee: '1.00',
  dcTransactionFee: '1.00',
  validDays: 360,
  agentId: 'op-1',
  agentName: 'Acme',
  usedFlag: 0,
  expiredFlag: 0,
  version: 2,
  createTime: '2026-01-01T00:00:00.000Z',
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('/plan for the platform', () => {
  it('is registered for /plan and /planDetail', () => {
    expect(resourcePages['/plan']).toBe(PlanPage);
    expect(resourcePages['/planDetail']).toBe(PlanDetailPage);
  });

  it('lists plans with prices in dollars and edits one with its id and version only', async () => {
    grant('6910', '6911');
    const api = fakeApi({
      '/admin/plan/list': () => page([CUSTOM]),
      '/admin/plan/info': () => ({ data: CUSTOM }),
      '/admin/plan/update': () => ({ data: CUSTOM }),
    });
    const user = userEvent.setup();
    renderScreen(<PlanPage />);
    const row = (await screen.findByText('ORDER-7')).closest('tr')!;
    expect(within(row).getByText('$4.50')).toBeTruthy();
    expect(within(row).getByText('Custom')).toBeTruthy();
    expect(within(row).getByText('Pro')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your subscription' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog');
    const name = await within(form).findByLabelText(/^Plan name/);
    await user.clear(name);
    await user.type(name, 'Acme deal 2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/admin/plan/update')).toHaveLength(1));
    expect(api.calls('/admin/plan/update')[0]!.body).toEqual({
      id: 'plan-7',
      version: 2,
      planNo: 'ORDER-7',
      planName: 'Acme deal 2',
      planType: 1,
      featurePackageType: 1,
      acConnectorNumber: 10,
      dcConnectorNumber: 2,
      acConnectorPrice: '4.50',
      dcConnectorPrice: '13.50',
      acTransactionFee: '1.00',
      dcTransactionFee: '1.00',
      validDays: 360,
      agentId: 'op-1',
    });
  });

  it('uploads a receipt PDF as form data and stores its key as the pdfUrl', async () => {
    grant('6910', '6911');
    const api = fakeApi({
      '/admin/plan/list': () => page([CUSTOM]),
      '/admin/plan/upload': () => ({ data: { key: 'receipts/abc.pdf', pdfUrl: 'receipts/abc.pdf' } }),
      '/admin/plan/update': () => ({ data: CUSTOM }),
    });
    const user = userEvent.setup();
    renderScreen(<PlanPage />);
    const row = (await screen.findByText('ORDER-7')).closest('tr')!;
    const inline = within(row).queryByRole('button', { name: 'Upload receipt' });
    if (inline) await user.click(inline);
    else {
      await user.click(within(row).getByRole('button', { name: 'More' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Upload receipt' }));
    }
    const dialog = await screen.findByRole('dialog', { name: 'Receipt PDF of plan ORDER-7' });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Choose a PDF file')).toBeTruthy();
    const file = new File(['%PDF-1.4\n%%EOF'], 'receipt.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText(/PDF file/), file);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(api.calls('/admin/plan/update')).toHaveLength(1));
    expect(api.calls('/admin/plan/upload')).toHaveLength(1);
    expect(api.calls('/admin/plan/update')[0]!.body).toMatchObject({
      id: 'plan-7',
      version: 2,
      pdfUrl: 'receipts/abc.pdf',
    });
    expect(api.calls('/admin/plan/update')[0]!.body).not.toHaveProperty('usedFlag');
  });
});

describe('/plan for a company', () => {
  const current = {
    subscribeId: 'sub-1',
    agentId: 'op-1',
    status: 'active',
    featurePackageType: 1,
    planType: 0,
    acConnectorNumber: 10,
    dcConnectorNumber: 4,
    totalFee: '1320.00',
    toPayFee: '1320.00',
    refundFee: '0.00',
    validDays: 360,
    startAt: '2026-01-01T00:00:00.000Z',
    expireAt: '2026-12-27T00:00:00.000Z',
    remainingDays: 12,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  const universal = [
    { id: 'u-basic', featurePackageType: 0, acConnectorPrice: '3.00', dcConnectorPrice: '0.00' },
    { id: 'u-pro', featurePackageType: 1, acConnectorPrice: '5.00', dcConnectorPrice: '15.00' },
  ];

  it('shows the current subscription; without sys_planoper_edit there is no renewal', async () => {
    grant('6910');
    const api = fakeApi({
      '/admin/plan/list': () => page([]),
      '/admin/subscribe/info': () => ({ data: current }),
    });
    renderScreen(<PlanPage />);
    const section = await screen.findByRole('region', { name: 'Your subscription' });
    expect(await within(section).findByText('Active')).toBeTruthy();
    expect(within(section).getByText('12')).toBeTruthy();
    expect(within(section).getByText('$1320.00')).toBeTruthy();
    expect(api.calls('/admin/subscribe/info')[0]!.query).toEqual({ newFlag: '1' });
    expect(within(section).queryByRole('button', { name: 'Renew' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });

  it('renews with firstFlag false, shows the refund of a downgrade, pays and goes to login', async () => {
    grant('6910', 'sys_planoper_edit');
    localStorage.setItem('access_token', 'a');
    localStorage.setItem(
      'user',
      JSON.stringify({ userId: 1, username: 'op', agentId: 'op-1', subStatus: 1 }),
    );
    const downgrade = {
      list: [
        {
          featurePackageType: 0,
          planType: 0,
          acConnectorPrice: '3.00',
          acConnectorNumber: 10,
          acTransactionFee: '1.50',
          dcConnectorPrice: '0.00',
          dcConnectorNumber: 0,
          dcTransactionFee: '0.00',
          validDays: 360,
        },
      ],
      totalFee: '360.00',
      toPayFee: '0.00',
      firstFlag: false,
      refundFlag: true,
      refundFee: '25.00',
      lastSubscribeId: 'sub-1',
      subscribeId: 'sub-2',
    };
    const api = fakeApi({
      '/admin/plan/list': () => page([]),
      '/admin/subscribe/info': () => ({ data: current }),
      '/admin/plan/universalList': () => ({ data: universal }),
      '/admin/subscribe/riskWarning': () => ({ data: { acAdded: 4, dcAdded: 4, warn: false } }),
      '/admin/subscribe/overview': () => ({ data: downgrade }),
      '/admin/subscribe/pay': () => ({ data: { subscribeId: 'sub-2', status: 'scheduled' } }),
    });
    const user = userEvent.setup();
    renderScreen(
      <>
        <Toaster />
        <Routes>
          <Route path="/plan" element={<PlanPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </>,
      '/plan',
    );
    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew subscription' });
    await within(dialog).findByText('AC $3.00 per connector per month');
    await user.type(within(dialog).getByLabelText(/AC connector count/), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByRole('table', { name: 'Price overview' });
    expect(api.calls('/admin/subscribe/overview')[0]!.body).toMatchObject({
      firstFlag: false,
      planId: 'u-basic',
      acConnectorNumber: 10,
      dcConnectorNumber: 0,
    });
    expect(within(dialog).getByText(/\$25\.00 of the unused part/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Nothing to pay: no card is needed.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    const done = await screen.findByRole('alertdialog', { name: 'Subscription complete' });
    expect(api.calls('/admin/subscribe/pay')[0]!.body).toEqual({
      toPayFee: '0.00',
      firstFlag: false,
      refundFlag: true,
      lastSubscribeId: 'sub-1',
      subscribeId: 'sub-2',
    });
    expect(card.createPaymentMethod).not.toHaveBeenCalled();
    expect(localStorage.getItem('access_token')).toBeNull();
    await user.click(within(done).getByRole('button', { name: 'Log in again' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
  });
});

describe('/planDetail/{id}/{name}', () => {
  it("shows one plan's facts", async () => {
    grant('6910');
    const api = fakeApi({ '/admin/plan/info': () => ({ data: { ...CUSTOM, remainingDays: 40 } }) });
    renderScreen(
      <Routes>
        <Route path="/planDetail/:id/:name" element={<PlanDetailPage />} />
      </Routes>,
      '/planDetail/plan-7/Acme%20fleet%20deal',
    );
    const section = await screen.findByRole('region', { name: 'Acme fleet deal' });
    expect(await within(section).findByText('ORDER-7', { selector: 'dd *, dd' })).toBeTruthy();
    expect(within(section).getByText('40')).toBeTruthy();
    expect(api.calls('/admin/plan/info')[0]!.query).toEqual({ id: 'plan-7' });
  });
});
