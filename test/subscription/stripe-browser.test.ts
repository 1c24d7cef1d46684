/**
 * The card module in a real browser (headless Chromium) under the console's Content Security Policy: the card
 * goes from the page to the Stripe stand-in, the server pays with the payment method through the provider, and
 * the 3-D Secure challenge is framed in the page, answered with its buttons and reported back by message.
 */
import http from 'node:http';
import type net from 'node:net';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '@infra/local/http-front.ts';
import { fromRoot } from '@infra/local/paths.ts';
import { startStripeStandIn, type StripeStandIn } from '@infra/local/stripe/server.ts';
import { createStripeProvider } from '@functions/payments/stripe-provider.ts';
import type { PaymentProvider } from '@functions/payments/payment-provider.ts';
import { launchBrowser } from '../helpers/browser.ts';

const KEYS = {
  secretKey: 'sk_test_browser000000000000000001',
  publishableKey: 'pk_test_browser000000000000000001',
  webhookSecret: 'whsec_browser00000000000000000001',
};

let standIn: StripeStandIn;
let provider: PaymentProvider;
let page: http.Server;
let pageUrl: string;
let browser: Browser;

beforeAll(async () => {
  standIn = await startStripeStandIn(KEYS);
  provider = createStripeProvider(() => ({
    ...KEYS,
    host: '127.0.0.1',
    port: standIn.port,
    protocol: 'http',
  }));
  const bundle = await build({
    stdin: {
      contents: `import { cardPayments } from ${JSON.stringify(fromRoot('web/src/lib/card-payments.ts'))};
        window.cardPayments = cardPayments;`,
      resolveDir: fromRoot('.'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
  });
  const js = bundle.outputFiles[0]!.text;
  let seq = 0;
  // The console's origin: its CSP, the module, and the server's pay call (the provider, as the API does).
  page = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/app.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      return res.end(js);
    }
    if (url.pathname === '/pay') {
      void provider
        .createPayment({
          subscribeId: `sub-browser-${++seq}`,
          agentId: 'agent-1',
          amount: 9_900,
          currency: 'usd',
          paymentMethodId: url.searchParams.get('pm')!,
          idempotencyKey: `pay-browser-${seq}`,
        })
        .then((result) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(result));
        });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...securityHeaders(standIn.url) });
    res.end('<!doctype html><html><body><div id="mount"></div><script src="/app.js"></script></body></html>');
  });
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', () => r()));
  pageUrl = `http://localhost:${(page.address() as net.AddressInfo).port}/`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (page ? page.close(() => r()) : r()));
  await standIn?.stop();
});

async function payInBrowser(number: string, answer: 'Complete authentication' | 'Fail authentication') {
  const tab = await browser.newPage();
  const violations: string[] = [];
  tab.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await tab.goto(pageUrl);
  const confirming = tab.evaluate(
    async ({ apiBase, publishableKey, number }) => {
      type Module = typeof import('@web/lib/card-payments.ts');
      const cards = (window as unknown as { cardPayments: Module['cardPayments'] }).cardPayments({
        provider: 'stripe',
        publishableKey,
        apiBase,
      });
      const pm = await cards.createPaymentMethod({ number, expMonth: 12, expYear: 2040, cvc: '123' });
      const paid = (await (await fetch(`/pay?pm=${pm}`)).json()) as { status: string; clientSecret?: string };
      if (paid.status !== 'requires_action') return { server: paid.status };
      return cards.confirmCardPayment(paid.clientSecret!, document.getElementById('mount')!);
    },
    { apiBase: standIn.url, publishableKey: KEYS.publishableKey, number },
  );
  await tab
    .frameLocator('iframe[title="3-D Secure authentication"]')
    .getByRole('button', { name: answer })
    .click();
  const result = await confirming;
  const frames = await tab.locator('iframe').count();
  await tab.close();
  return { result, frames, violations };
}

describe('3-D Secure in the browser', () => {
  it('completed: the payment succeeds and the frame is gone', async () => {
    const { result, frames, violations } = await payInBrowser(
      '4000 0027 6000 3184',
      'Complete authentication',
    );
    expect(result).toMatchObject({ status: 'succeeded' });
    expect(frames).toBe(0);
    expect(violations).toEqual([]);
    const id = (result as { paymentIntentId: string }).paymentIntentId;
    expect(await provider.retrievePayment(id)).toMatchObject({ status: 'succeeded', amount: 9_900 });
  });

  it("failed: the payment fails with the provider's reason", async () => {
    const { result } = await payInBrowser('4000002760003184', 'Fail authentication');
    expect(result).toMatchObject({ status: 'requires_payment_method' });
    expect((result as { error?: string }).error).toMatch(/unable to authenticate/);
  });
});
