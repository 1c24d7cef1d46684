// @vitest-environment happy-dom
/**
 * The /subsplan wizard of docs/product.md sections 2, 4 and 5 against the fake API: the guard, company info,
 * the Basic/Pro rules, the payloads of the price calculation, the fewer-connectors confirmation, pay-off with
 * a receipt (no bank step, Finish), the card with extra authentication (2048 → secure with the intent id),
 * the provider's card error, and what paying clears before /charge/login.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toaster } from '@web/components/ui/toaster.tsx';
import { SubscriptionPage } from '@web/pages/subscription-page.tsx';
import i18n from '@web/i18n.ts';
import { monthlyAndTotal, periodText } from '@web/pages/subscription/steps.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { fakeApi, grant, renderScreen, type Handler } from '../resources/harness.tsx';
import { cardProvider, type CardPayments } from '@web/pages/subscription/card.ts';

/** The card provider the wizard meets (its own tests: test/web/card-payments.test.ts). */
const card = {
  providerFields: false,
  mountCardElement: vi.fn(async (_container: HTMLElement) => () => undefined),
  createPaymentMethod: vi.fn(async (_card: unknown) => 'pm_test_1'),
  confirmCardPayment: vi.fn(async (_secret: string, mount: HTMLElement) => {
    mount.append(Object.assign(document.createElement('iframe'), { title: '3-D Secure' }));
    return { paymentIntentId: 'pi_auth_1', status: 'succeeded' };
  }),
};

const PLANS = [
  {
    id: 'u-basic',
    featurePackageType: 0,
    acConnectorPrice: '5.00',
    dcConnectorPrice: '0.00',
    acTransactionFee: '1.00',
    dcTransactionFee: '0.00',
    validDays: 360,
  },
  {
    id: 'u-pro',
    featurePackageType: 1,
    acConnectorPrice: '8.00',
    dcConnectorPrice: '20.00',
    acTransactionFee: '1.50',
    dcTransactionFee: '2.00',
    validDays: 360,
  },
];

const OPERATOR = {
  id: 'op-9',
  operatorName: 'Newco GmbH',
  parentId: 'root',
  parentName: 'Platform',
  currency: 'USD',
  contactMail: 'ops@newco.example',
  contactPerson: 'Nina',
  contactPhone: '+49 30 1',
  servicePhone: '+49 30 2',
  address: 'Alexanderplatz 1',
  url: 'https://newco.example',
  postalCode: '10178',
  payId: 'pay-1',
  payUuid: 'uuid-1',
  payName: 'Stripe EU',
  mailId: 'mail-1',
  mailName: 'smtp.newco',
  subStatus: 0,
};

function quote(over: Record<string, unknown> = {}, row: Record<string, unknown> = {}) {
  return {
    list: [
      {
        featurePackageType: 0,
        planType: 0,
        acConnectorPrice: '5.00',
        acConnectorNumber: 4,
        acTransactionFee: '1.00',
        dcConnectorPrice: '0.00',
        dcConnectorNumber: 0,
        dcTransactionFee: '0.00',
        validDays: 360,
        ...row,
      },
    ],
    totalFee: '240.00',
    toPayFee: '240.00',
    firstFlag: true,
    refundFlag: false,
    refundFee: '0.00',
    subscribeId: 'sub-1',
    ...over,
  };
}

function api(extra: Record<string, Handler> = {}) {
  return fakeApi({
    '/admin/operator/info': () => ({ data: OPERATOR }),
    '/admin/operator/update': () => ({ data: null }),
    '/admin/plan/universalList': () => ({ data: PLANS }),
    '/admin/subscribe/riskWarning': () => ({ data: { acAdded: 0, dcAdded: 0, warn: false } }),
    '/admin/subscribe/overview': () => ({ data: quote() }),
    '/admin/subscribe/payConfig': () => ({
      data: { provider: 'stripe', publishableKey: 'pk_test', apiBase: 'http://127.0.0.1:1' },
    }),
    '/admin/subscribe/pay': () => ({ data: { subscribeId: 'sub-1', status: 'active' } }),
    '/admin/subscribe/secure': () => ({ data: { subscribeId: 'sub-1', status: 'active' } }),
    '/admin/subscribe/offlinePay': () => ({ data: { subscribeId: 'sub-1', status: 'active' } }),
    '/admin/pay/list': () => ({ data: { records: [], total: 0 } }),
    '/admin/mail/list': () => ({ data: { records: [], total: 0 } }),
    ...extra,
  });
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function show() {
  return renderScreen(
    <>
      <Toaster />
      <Routes>
        <Route path="/subsplan" element={<SubscriptionPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    '/subsplan',
  );
}

/** The step indicator's titles, in order. */
async function stepTitles() {
  const steps = await screen.findByLabelText('Subscription steps');
  return [...steps.querySelectorAll('.chakra-steps__title')].map((t) => t.textContent);
}

function signedIn(user: Record<string, unknown> = {}) {
  localStorage.setItem('access_token', 'access-1');
  localStorage.setItem('refresh_token', 'refresh-1');
  localStorage.setItem('roles', JSON.stringify(['awaiting']));
  localStorage.setItem('permissions', JSON.stringify([]));
  localStorage.setItem('menus', JSON.stringify([]));
  localStorage.setItem('agentId', 'op-9');
  localStorage.setItem('language', 'en');
  localStorage.setItem(
    'user',
    JSON.stringify({ userId: 7, username: 'newco', agentId: 'op-9', subStatus: 0, ...user }),
  );
}

type User = ReturnType<typeof userEvent.setup>;

async function toSubscription(user: User) {
  await screen.findByDisplayValue('Newco GmbH');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('radio', { name: 'Pick a plan' });
}

async function toOverview(user: User, ac = '4') {
  await toSubscription(user);
  await user.type(screen.getByLabelText(/AC connector count/), ac);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('table', { name: 'Price overview' });
}

beforeEach(() => {
  vi.spyOn(cardProvider, 'cardPayments').mockReturnValue(card as unknown as CardPayments);
  card.providerFields = false;
  card.mountCardElement.mockClear();
  card.createPaymentMethod.mockClear();
  card.confirmCardPayment.mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
  toaster.remove();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the /subsplan guard', () => {
  it('sends a visitor without a stored user to /login', async () => {
    api();
    show();
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
  });

  it('sends a user without an agentId, or with a subscription, to the console', async () => {
    api();
    signedIn({ agentId: null });
    show();
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    cleanup();
    signedIn({ subStatus: 1 });
    show();
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });

  it('loads the operator by agentId; a failed load says "get error" with the server msg', async () => {
    const calls = api({ '/admin/operator/info': () => ({ code: 1, msg: 'no such company' }) });
    signedIn();
    show();
    expect(await screen.findByText('Failed to get data: no such company')).toBeTruthy();
    expect(calls.calls('/admin/operator/info')[0]!.query).toEqual({ id: 'op-9' });
  });
});

describe('step 0, company info', () => {
  it('shows the four steps and the company read-only; Save sends the operator update', async () => {
    const calls = api();
    signedIn();
    const user = userEvent.setup();
    show();
    expect(await stepTitles()).toEqual(['Company info', 'Subscription', 'Overview', 'Payment card']);
    const name = await screen.findByLabelText('Company name');
    expect((name as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByDisplayValue('Platform')).toBeTruthy();
    const channel = screen.getByRole('button', { name: /Payment channel/ });
    expect(channel.textContent).toContain('Stripe EU');
    expect(channel.hasAttribute('disabled')).toBe(true);
    // Without sys_payChannel_mgr and sys_mail_mgr the lists are not fetched.
    expect(calls.calls('/admin/pay/list')).toHaveLength(0);
    expect(calls.calls('/admin/mail/list')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Update success')).length).toBeGreaterThan(0);
    expect(calls.calls('/admin/operator/update')[0]!.body).toEqual({
      id: 'op-9',
      operatorName: 'Newco GmbH',
      contactPerson: 'Nina',
      contactPhone: '+49 30 1',
      servicePhone: '+49 30 2',
      contactMail: 'ops@newco.example',
      address: 'Alexanderplatz 1',
      url: 'https://newco.example',
      postalCode: '10178',
      payUuid: 'uuid-1',
      payName: 'Stripe EU',
      payId: 'pay-1',
      mailId: 'mail-1',
      currency: 'USD',
      parentId: 'root',
    });
  });

  it('fetches the pay channel and mail lists (page 1 of 10) only for holders of their permissions', async () => {
    const calls = api();
    signedIn();
    // The permission strings and the lists' own codes (6400, 6600: the platform's).
    grant('sys_payChannel_mgr', 'sys_mail_mgr', '6400', '6600');
    show();
    await waitFor(() => expect(calls.calls('/admin/pay/list')).toHaveLength(1));
    await waitFor(() => expect(calls.calls('/admin/mail/list')).toHaveLength(1));
    expect(calls.calls('/admin/pay/list')[0]!.body).toEqual({ current: 1, size: 10 });
    expect(calls.calls('/admin/mail/list')[0]!.body).toEqual({ current: 1, size: 10 });
  });

  it('does not fetch the platform lists for a company holding only the permission strings: no error', async () => {
    const calls = api({
      '/admin/pay/list': () => ({
        status: 403,
        code: 403,
        msg: 'You do not have permission for this action',
      }),
      '/admin/mail/list': () => ({
        status: 403,
        code: 403,
        msg: 'You do not have permission for this action',
      }),
    });
    signedIn();
    // What the "Awaiting subscription" role gives a new company: the strings, never 6400 or 6600.
    grant('sys_payChannel_mgr', 'sys_mail_mgr', 'sys_planoper_edit');
    show();
    const channel = await screen.findByRole('button', { name: /Payment channel/ });
    expect(channel.textContent).toContain('Stripe EU');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.calls('/admin/pay/list')).toHaveLength(0);
    expect(calls.calls('/admin/mail/list')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failed save with the server msg', async () => {
    api({ '/admin/operator/update': () => ({ code: 1, msg: 'Company name taken' }) });
    signedIn();
    const user = userEvent.setup();
    show();
    await screen.findByDisplayValue('Newco GmbH');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Company name taken')).toBeTruthy();
  });
});

describe('step 1, subscription', () => {
  it('loads the universal plans on Next; Basic fixes DC at 0 and disables it, Pro enables it', async () => {
    const calls = api();
    signedIn();
    const user = userEvent.setup();
    show();
    await toSubscription(user);
    expect(calls.calls('/admin/plan/universalList')).toHaveLength(1);
    expect((screen.getByRole('radio', { name: 'Pick a plan' }) as HTMLInputElement).checked).toBe(true);
    const basic = screen.getByRole('region', { name: 'Basic' });
    const pro = screen.getByRole('region', { name: 'Pro' });
    expect(within(basic).getByText('AC $5.00 per connector per month')).toBeTruthy();
    expect(within(pro).getByText('DC $20.00 per connector per month')).toBeTruthy();
    expect(within(basic).getByRole('button', { name: 'Select Basic' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const dc = screen.getByLabelText(/DC connector count/) as HTMLInputElement;
    expect(dc.disabled).toBe(true);
    expect(dc.value).toBe('0');

    await user.click(within(pro).getByRole('button', { name: 'Select Pro' }));
    expect(dc.disabled).toBe(false);
    await user.clear(dc);
    await user.type(dc, '3');
    await user.click(within(basic).getByRole('button', { name: 'Select Basic' }));
    expect(dc.disabled).toBe(true);
    expect(dc.value).toBe('0');
  });

  it('requires AC (0–2000) and, for Pro, DC (0–2000) before any price is asked', async () => {
    const calls = api();
    signedIn();
    const user = userEvent.setup();
    show();
    await toSubscription(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    await user.type(screen.getByLabelText(/AC connector count/), '2001');
    await user.click(screen.getByRole('button', { name: 'Select Pro' }));
    await user.clear(screen.getByLabelText(/DC connector count/));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Enter a whole number from 0 to 2000')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
    expect(calls.calls('/admin/subscribe/overview')).toHaveLength(0);
  });

  it('sends Basic with DC 0 and Pro with both counts, first-time', async () => {
    const calls = api();
    signedIn();
    const user = userEvent.setup();
    show();
    await toOverview(user, '4');
    expect(calls.calls('/admin/subscribe/overview')[0]!.body).toEqual({
      firstFlag: true,
      planId: 'u-basic',
      acConnectorNumber: 4,
      dcConnectorNumber: 0,
      acConnectorPrice: '5.00',
      dcConnectorPrice: '0.00',
    });
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    await user.click(screen.getByRole('button', { name: 'Select Pro' }));
    const dc = screen.getByLabelText(/DC connector count/);
    await user.clear(dc);
    await user.type(dc, '2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.calls('/admin/subscribe/overview')).toHaveLength(2));
    expect(calls.calls('/admin/subscribe/overview')[1]!.body).toEqual({
      firstFlag: true,
      planId: 'u-pro',
      acConnectorNumber: 4,
      dcConnectorNumber: 2,
      acConnectorPrice: '8.00',
      dcConnectorPrice: '20.00',
    });
  });

  it('mode 2 requires an order number of at most 32 and sends it with AC 2 and DC 0', async () => {
    const calls = api();
    signedIn();
    const user = userEvent.setup();
    show();
    await toSubscription(user);
    await user.click(screen.getByRole('radio', { name: 'Enter an order number' }));
    expect(screen.queryByLabelText(/AC connector count/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    const no = screen.getByLabelText(/Order number/);
    await user.type(no, 'X'.repeat(33));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('At most 32 characters')).toBeTruthy();
    expect(calls.calls('/admin/subscribe/overview')).toHaveLength(0);
    await user.clear(no);
    await user.type(no, 'PLAN-2026-001');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('table', { name: 'Price overview' });
    expect(calls.calls('/admin/subscribe/overview')[0]!.body).toEqual({
      planNo: 'PLAN-2026-001',
      firstFlag: true,
      acConnectorNumber: 2,
      dcConnectorNumber: 0,
    });
    expect(calls.calls('/admin/subscribe/riskWarning')).toHaveLength(0);
  });

  it('warns when fewer connectors than already added and asks before pricing', async () => {
    const calls = api({
      '/admin/subscribe/riskWarning': () => ({ data: { acAdded: 6, dcAdded: 0, warn: true } }),
    });
    signedIn();
    const user = userEvent.setup();
    show();
    await toSubscription(user);
    await user.type(screen.getByLabelText(/AC connector count/), '2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/already has 6 AC and 0 DC connectors/)).toBeTruthy();
    expect(calls.calls('/admin/subscribe/riskWarning')[0]!.body).toEqual({
      acConnectorNumber: 2,
      dcConnectorNumber: 0,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.calls('/admin/subscribe/overview')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Continue' }),
    );
    await screen.findByRole('table', { name: 'Price overview' });
    expect(calls.calls('/admin/subscribe/overview')).toHaveLength(1);
  });

  it('stays on the step when the price calculation fails, with the server msg', async () => {
    api({ '/admin/subscribe/overview': () => ({ code: 1, msg: 'Plan not found' }) });
    signedIn();
    const user = userEvent.setup();
    show();
    await toSubscription(user);
    await user.type(screen.getByLabelText(/AC connector count/), '4');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Failed to get data: Plan not found')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Price overview' })).toBeNull();
  });
});

describe('step 2 and 3, overview and payment', () => {
  it('shows the price in dollars with subtotal and total, and the "billed" note for a custom plan', async () => {
    api({
      '/admin/subscribe/overview': () => ({
        data: quote({ totalFee: '300.00', toPayFee: '300.00' }, { planType: 1, acConnectorNumber: 5 }),
      }),
    });
    signedIn();
    const user = userEvent.setup();
    show();
    await toOverview(user, '5');
    const table = screen.getByRole('table', { name: 'Price overview' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // The period as the plan states it: 360 days are 12 months of 30 days.
    expect(within(table).getAllByRole('columnheader').at(-1)!.textContent).toBe('Period');
    expect(cells).toEqual(['BasicCustom', '$5.00', '5', '1.00%', '$0.00', '0', '0.00%', '12 months']);
    const totals = screen.getByRole('group', { name: 'Totals' });
    // The yearly price shows its ×12: 5 connectors × $5.00 a month, 12 months.
    expect(within(totals).getByTestId('monthly-times').textContent).toBe(
      '$25.00 per month × 12 months = $300.00',
    );
    expect(totals.textContent).toContain('Subtotal: $300.00(billed)');
    expect(totals.textContent).toContain('Total to pay: $300.00');
  });

  it('with a receipt pdfUrl hides the bank step and Finish pays off without a card', async () => {
    const calls = api({
      '/admin/subscribe/overview': () => ({ data: quote({}, { pdfUrl: 'plans/receipt.pdf', planType: 1 }) }),
    });
    signedIn();
    const user = userEvent.setup();
    show();
    await toOverview(user);
    expect(await stepTitles()).toEqual(['Company info', 'Subscription', 'Overview']);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('alertdialog', { name: 'Subscription complete' })).toBeTruthy();
    expect(calls.calls('/admin/subscribe/offlinePay')[0]!.body).toEqual({ subscribeId: 'sub-1' });
    expect(calls.calls('/admin/subscribe/pay')).toHaveLength(0);
    expect(card.createPaymentMethod).not.toHaveBeenCalled();
  });

  it('pays by card; 2048 runs the challenge with the client secret and reports the intent id', async () => {
    const calls = api({
      '/admin/subscribe/pay': () => ({
        code: 2048,
        msg: 'pi_auth_1_secret_abc',
        data: { paymentId: 'pi_auth_1', subscribeId: 'sub-1' },
      }),
    });
    signedIn();
    const user = userEvent.setup();
    show();
    await toOverview(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const number = screen.getByLabelText(/Card number/) as HTMLInputElement;
    await user.type(number, '4000002760003184');
    expect(number.value).toBe('4000 0027 6000 3184');
    const expiry = screen.getByLabelText(/Expiry/) as HTMLInputElement;
    await user.type(expiry, '1230');
    expect(expiry.value).toBe('12/30');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('alertdialog', { name: 'Subscription complete' })).toBeTruthy();
    expect(card.createPaymentMethod).toHaveBeenCalledWith({
      number: '4000002760003184',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    expect(calls.calls('/admin/subscribe/pay')[0]!.body).toEqual({
      toPayFee: '240.00',
      firstFlag: true,
      refundFlag: false,
      subscribeId: 'sub-1',
      paymentMethodId: 'pm_test_1',
    });
    expect(card.confirmCardPayment.mock.calls[0]![0]).toBe('pi_auth_1_secret_abc');
    const mount = card.confirmCardPayment.mock.calls[0]![1];
    expect(mount.getAttribute('aria-label')).toBe('Card authentication');
    expect(calls.calls('/admin/subscribe/secure')[0]!.query).toEqual({ paymentId: 'pi_auth_1' });
    // No card data ever reaches our API.
    expect(JSON.stringify(calls.sent)).not.toContain('4000002760003184');
  });

  it('reports the intent even when the challenge fails, and shows the server msg', async () => {
    card.confirmCardPayment.mockImplementationOnce(async () => ({
      paymentIntentId: 'pi_auth_2',
      status: 'requires_payment_method',
      error: 'authentication failed',
    }));
    const calls = api({
      '/admin/subscribe/pay': () => ({ code: 2048, msg: 'secret_2', data: { paymentId: 'pi_auth_2' } }),
      '/admin/subscribe/secure': () => ({ code: 1, msg: 'The card authentication failed' }),
    });
    signedIn();
    const user = userEvent.setup();
    show();
    await toOverview(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText(/Card number/), '4000002760003184');
    await user.type(screen.getByLabelText(/Expiry/), '1230');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('The card authentication failed')).toBeTruthy();
    expect(calls.calls('/admin/subscribe/secure')[0]!.query).toEqual({ paymentId: 'pi_auth_2' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(localStorage.getItem('access_token')).toBe('access-1');
  });

  it("requires the card fields and shows the provider's card error on them", async () => {
    const { CardError } = await import('@web/pages/subscription/card.ts');
    card.createPaymentMethod.mockImplementationOnce(async () => {
      throw new CardError('Your card was declined.');
    });
    const calls = api();
    signedIn();
    const user = userEvent.setup();
    show();
    await toOverview(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    await user.type(screen.getByLabelText(/Expiry/), '1');
    await user.type(screen.getByLabelText(/CVC/), '12345');
    expect((screen.getByLabelText(/CVC/) as HTMLInputElement).value).toBe('1234');
    await user.type(screen.getByLabelText(/Card number/), '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Enter the expiry as MM/YY')).toBeTruthy();
    await user.clear(screen.getByLabelText(/Expiry/));
    await user.type(screen.getByLabelText(/Expiry/), '0131');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const card_ = screen.getByRole('group', { name: 'Card' });
    expect(await within(card_).findByText('Your card was declined.')).toBeTruthy();
    expect(calls.calls('/admin/subscribe/pay')).toHaveLength(0);

    // A refusal about one field shows under that field.
    card.createPaymentMethod.mockImplementationOnce(async () => {
      throw new CardError('Your card number is incorrect.', 'incorrect_number', 'number');
    });
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const number = await screen.findByText('Your card number is incorrect.');
    expect(number.closest('[role=group]')?.querySelector('input')?.getAttribute('aria-invalid')).toBe('true');
  });

  it('after paying clears exactly the token, roles, user and permissions; confirming goes to login', async () => {
    api();
    signedIn();
    localStorage.setItem('permissions', JSON.stringify(['sys_planoper_edit']));
    const user = userEvent.setup();
    show();
    await toOverview(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
    await user.type(screen.getByLabelText(/Expiry/), '1230');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Subscription complete' });
    expect((await screen.findAllByText('Pay success')).length).toBeGreaterThan(0);
    for (const key of ['access_token', 'refresh_token', 'roles', 'user', 'permissions'])
      expect(localStorage.getItem(key)).toBeNull();
    for (const key of ['menus', 'agentId', 'language']) expect(localStorage.getItem(key)).not.toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Log in again' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
  });

  it('shows the server msg when paying fails', async () => {
    api({ '/admin/subscribe/pay': () => ({ code: 1, msg: 'Payment failed: insufficient funds' }) });
    signedIn();
    const user = userEvent.setup();
    show();
    await toOverview(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
    await user.type(screen.getByLabelText(/Expiry/), '1230');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Payment failed: insufficient funds')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("hosted, mounts the provider's card element instead of the page's fields and pays from it", async () => {
    card.providerFields = true;
    const calls = api();
    signedIn();
    const user = userEvent.setup();
    show();
    await toOverview(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(card.mountCardElement).toHaveBeenCalledTimes(1));
    expect(card.mountCardElement.mock.calls[0]![0]).toBe(screen.getByTestId('card-element'));
    expect(screen.queryByLabelText(/Card number/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alertdialog', { name: 'Subscription complete' })).toBeTruthy();
    expect(card.createPaymentMethod).toHaveBeenCalledWith(undefined);
    expect(calls.calls('/admin/subscribe/payConfig')).toHaveLength(1);
  });
});

describe('the overview figures', () => {
  it('counts a period in months of 30 days, else in days', () => {
    // i18next's t is typed by the catalogue's keys; the screens' Translate takes any key.
    const t = i18n.t as unknown as (key: string, values?: Record<string, unknown>) => string;
    const tr = (key: string, values?: Record<string, unknown>) => t(key, values);
    expect(periodText(tr, 360)).toBe('12 months');
    expect(periodText(tr, 30)).toBe('1 month');
    expect(periodText(tr, 45)).toBe('45 days');
  });

  it('multiplies the monthly amount in cents, never in floats', () => {
    const row = {
      featurePackageType: 1,
      planType: 0,
      acTransactionFee: '0',
      dcTransactionFee: '0',
      validDays: 360,
    } as const;
    // 0.1 + 0.2 in floats is 0.30000000000000004: in cents it is 30.
    expect(
      monthlyAndTotal([
        {
          ...row,
          acConnectorPrice: '0.10',
          acConnectorNumber: 1,
          dcConnectorPrice: '0.20',
          dcConnectorNumber: 1,
        },
      ]),
    ).toEqual({ monthly: '0.30', total: '3.60' });
  });
});
