/**
 * A local Stripe-compatible HTTP stand-in (docs/architecture.md section 2): the subset of Stripe's REST API
 * that the real `stripe` SDK (server) and the console's card module (browser) use, with Stripe's test cards,
 * idempotency keys, error shapes, a 3-D Secure challenge page and signed webhooks. The SDK reaches it through
 * its `host`/`port`/`protocol` options. State lives in memory and is written through to the data folder, so a
 * restart keeps payments (a later downgrade refunds an earlier payment).
 *
 * Supported: POST/GET /v1/payment_methods, POST/GET /v1/payment_intents, POST /v1/payment_intents/:id/confirm
 * and /cancel, POST/GET /v1/refunds, GET/POST /3ds/:id (the challenge), webhooks payment_intent.succeeded,
 * payment_intent.payment_failed and charge.refunded.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { secretFor } from '../secrets.ts';
import { checkCard, isDecline, type CardBehaviour, type CheckedCard } from './cards.ts';
import { list, obj, parseForm, str, stringMap, type Form } from './form.ts';

export interface StripeKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

export interface StripeStandInOptions extends StripeKeys {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Where state is written through (`<dataDir>/stripe/state.json`); in memory only without it. */
  dataDir?: string;
  /** Where signed events are POSTed; a function so the runtime can answer once its own port is known. */
  webhookUrl?: string | (() => string | undefined);
  /** Waits before each redelivery of an event that was not answered with 2xx (Stripe retries for days). */
  webhookRetryDelaysMs?: number[];
  log?: (line: string) => void;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  objectId: string;
  attempts: number;
  status: 'pending' | 'delivered' | 'failed' | 'skipped';
  lastError?: string;
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** Keys of the local stand-in, generated once per data folder (test-mode prefixes, as Stripe's). */
export function localStripeKeys(dataDir: string): StripeKeys {
  const part = (name: string) =>
    secretFor(dataDir, name)
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 32);
  return {
    secretKey: `sk_test_${part('stripe-secret-key')}`,
    publishableKey: `pk_test_${part('stripe-publishable-key')}`,
    webhookSecret: `whsec_${part('stripe-webhook-secret')}`,
  };
}

/** The API version answered when the client names none (the one the pinned SDK sends). */
const DEFAULT_API_VERSION = '2026-10-28.endive';
/** Stripe keeps idempotency keys for 24 hours. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Stripe's smallest charge in US dollars. */
const MIN_AMOUNT = 50;
const AUTH_FAILURE_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

type Json = Record<string, unknown>;

interface StoredPaymentMethod {
  object: Json;
  behaviour: CardBehaviour;
}
interface StoredIntent {
  object: Json;
  /** What completing the 3-D Secure challenge leads to. */
  afterAuthentication?: CardBehaviour;
  amountRefunded: number;
}
interface IdempotentResult {
  fingerprint: string;
  status: number;
  body: Json;
  at: number;
}
interface State {
  paymentMethods: Record<string, StoredPaymentMethod>;
  intents: Record<string, StoredIntent>;
  refunds: Record<string, Json>;
  idempotency: Record<string, IdempotentResult>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}
const invalidRequest = (message: string, param?: string, code?: string, status = 400) =>
  new ApiError(status, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });
const noSuch = (kind: string, id: string, param?: string) =>
  invalidRequest(`No such ${kind}: '${id}'`, param, 'resource_missing', 404);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let s = '';
  for (const b of bytes) s += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${s}`;
}
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's shortcut payment methods (`pm_card_visa`...) map to their test card numbers. */
const SHORTCUT_CARDS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_threeDSecure2Required: '4000000000003220',
};

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
  'access-control-max-age': '600',
};

export async function startStripeStandIn(options: StripeStandInOptions) {
  const log = options.log ?? (() => undefined);
  const retryDelays = options.webhookRetryDelaysMs ?? [1000, 5000, 25000];
  const stateFile = options.dataDir ? path.join(options.dataDir, 'stripe', 'state.json') : undefined;
  const state = loadState(stateFile, log);
  let webhookUrl = options.webhookUrl;
  const deliveries: WebhookDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let base = '';

  const save = () => {
    if (!stateFile) return;
    // Write then rename: a crash mid-write never leaves a torn file.
    mkdirSync(path.dirname(stateFile), { recursive: true });
    writeFileSync(`${stateFile}.tmp`, JSON.stringify(state));
    renameSync(`${stateFile}.tmp`, stateFile);
  };

  // ------------------------------------------------------------------ webhooks
  function emit(type: string, object: Json) {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: DEFAULT_API_VERSION,
      created: nowSeconds(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const delivery: WebhookDelivery = {
      eventId: event.id,
      type,
      objectId: String(object.id),
      attempts: 0,
      status: 'pending',
    };
    deliveries.push(delivery);
    if (deliveries.length > 500) deliveries.shift();
    // After the answer of the request that caused it, as Stripe does.
    schedule(() => deliver(JSON.stringify(event, null, 2), delivery), 0);
  }

  function schedule(fn: () => Promise<void>, ms: number) {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const p = fn().finally(() => inFlight.delete(p));
      inFlight.add(p);
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  async function deliver(payload: string, delivery: WebhookDelivery): Promise<void> {
    const url = typeof webhookUrl === 'function' ? webhookUrl() : webhookUrl;
    if (!url) {
      delivery.status = 'skipped';
      return;
    }
    delivery.attempts++;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, options.webhookSecret),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) {
        delivery.status = 'delivered';
        delivery.lastError = undefined;
        return;
      }
      delivery.lastError = `HTTP ${res.status}`;
    } catch (e) {
      delivery.lastError = (e as Error).message;
    }
    const wait = retryDelays[delivery.attempts - 1];
    if (wait === undefined || stopped) {
      delivery.status = 'failed';
      log(
        `[stripe] webhook ${delivery.type} ${delivery.eventId} not delivered after ${delivery.attempts} attempts: ${delivery.lastError}`,
      );
      return;
    }
    schedule(() => deliver(payload, delivery), wait);
  }

  // ------------------------------------------------------------------ objects
  function createPaymentMethod(form: Form, number?: string): Json {
    const type = str(form.type);
    if (type !== 'card')
      throw invalidRequest(
        type
          ? `Invalid payment_method type: ${type}. Only card is supported here.`
          : 'Missing required param: type.',
        'type',
        type ? 'parameter_invalid_empty' : 'parameter_missing',
      );
    const card = obj(form.card);
    for (const field of ['number', 'exp_month', 'exp_year', 'cvc'] as const)
      if (!number && !str(card[field]))
        throw invalidRequest(
          `Missing required param: card[${field}].`,
          `card[${field}]`,
          'parameter_missing',
        );
    const checked = checkCard(
      number
        ? { number, expMonth: '12', expYear: String(new Date().getUTCFullYear() + 3), cvc: '123' }
        : {
            number: str(card.number),
            expMonth: str(card.exp_month),
            expYear: str(card.exp_year),
            cvc: str(card.cvc),
          },
    );
    if (isDecline(checked))
      throw new ApiError(402, {
        type: 'card_error',
        code: checked.code,
        param: checked.param,
        message: checked.message,
        doc_url: `https://stripe.com/docs/error-codes/${checked.code.replace(/_/g, '-')}`,
      });
    const billing = obj(form.billing_details);
    const pm = paymentMethodObject(newId('pm'), checked, {
      name: str(billing.name) ?? null,
      email: str(billing.email) ?? null,
      metadata: stringMap(form.metadata),
    });
    state.paymentMethods[pm.id as string] = { object: pm, behaviour: checked.behaviour };
    return pm;
  }

  function paymentMethod(id: string): StoredPaymentMethod {
    const stored = state.paymentMethods[id];
    if (stored) return stored;
    const shortcut = Object.hasOwn(SHORTCUT_CARDS, id) ? SHORTCUT_CARDS[id] : undefined;
    if (shortcut) {
      createPaymentMethod({ type: 'card' }, shortcut);
      // Keep the shortcut's own id, as Stripe does.
      const made = Object.values(state.paymentMethods).at(-1)!;
      delete state.paymentMethods[made.object.id as string];
      made.object.id = id;
      state.paymentMethods[id] = made;
      return made;
    }
    throw noSuch('PaymentMethod', id, 'payment_method');
  }

  function intent(id: string): StoredIntent {
    const stored = state.intents[id];
    if (!stored) throw noSuch('payment_intent', id, 'intent');
    return stored;
  }

  function createIntent(form: Form): Json {
    const amountText = str(form.amount);
    if (!amountText) throw invalidRequest('Missing required param: amount.', 'amount', 'parameter_missing');
    if (!/^\d+$/.test(amountText))
      throw invalidRequest('Invalid integer: ' + amountText, 'amount', 'parameter_invalid_integer');
    const amount = Number(amountText);
    const currency = (str(form.currency) ?? '').toLowerCase();
    if (!currency) throw invalidRequest('Missing required param: currency.', 'currency', 'parameter_missing');
    if (!/^[a-z]{3}$/.test(currency))
      throw invalidRequest(`Invalid currency: ${currency}.`, 'currency', 'parameter_invalid_empty');
    if (amount < MIN_AMOUNT)
      throw invalidRequest(`Amount must be at least $0.50 ${currency}`, 'amount', 'amount_too_small');
    // Older API versions name it payment_method_types, newer ones allowed_payment_method_types.
    const types = [...list(form.payment_method_types), ...list(form.allowed_payment_method_types)];
    if (types.length && types.some((t) => t !== 'card'))
      throw invalidRequest('Only card payment methods are supported here.', 'payment_method_types');
    const pmId = str(form.payment_method);
    if (pmId) paymentMethod(pmId);
    const id = newId('pi');
    const pi: Json = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      application: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${newId('x').slice(2)}`,
      confirmation_method: 'automatic',
      created: nowSeconds(),
      currency,
      customer: null,
      description: str(form.description) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: stringMap(form.metadata),
      next_action: null,
      payment_method: pmId ?? null,
      payment_method_types: ['card'],
      receipt_email: str(form.receipt_email) ?? null,
      setup_future_usage: null,
      status: pmId ? 'requires_confirmation' : 'requires_payment_method',
    };
    state.intents[id] = { object: pi, amountRefunded: 0 };
    if (str(form.confirm) === 'true') return confirmIntent(state.intents[id], form);
    return pi;
  }

  /** Confirms with the intent's (or the form's) payment method: the test card decides what happens. */
  function confirmIntent(stored: StoredIntent, form: Form): Json {
    const pi = stored.object;
    const status = String(pi.status);
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(status))
      throw invalidRequest(
        `You cannot confirm this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_action, requires_payment_method.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    const pmId = str(form.payment_method) ?? (pi.payment_method as string | null);
    if (!pmId)
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
        undefined,
        'payment_intent_unexpected_state',
      );
    const pm = paymentMethod(pmId);
    pi.payment_method = pmId;
    pi.last_payment_error = null;
    pi.next_action = null;
    return applyBehaviour(stored, pm, pm.behaviour);
  }

  function applyBehaviour(stored: StoredIntent, pm: StoredPaymentMethod, behaviour: CardBehaviour): Json {
    const pi = stored.object;
    const id = String(pi.id);
    if (behaviour.kind === 'succeed') {
      Object.assign(pi, {
        status: 'succeeded',
        amount_received: pi.amount,
        latest_charge: newId('ch'),
        next_action: null,
        last_payment_error: null,
      });
      stored.afterAuthentication = undefined;
      emit('payment_intent.succeeded', pi);
      return pi;
    }
    if (behaviour.kind === 'authenticate') {
      stored.afterAuthentication = behaviour.after;
      Object.assign(pi, {
        status: 'requires_action',
        next_action: {
          type: 'use_stripe_sdk',
          use_stripe_sdk: {
            type: 'three_d_secure_redirect',
            stripe_js: `${base}/3ds/${id}?client_secret=${encodeURIComponent(String(pi.client_secret))}`,
            source: newId('src'),
          },
        },
      });
      return pi;
    }
    const charge = newId('ch');
    const error = {
      type: 'card_error',
      code: behaviour.code,
      ...(behaviour.declineCode ? { decline_code: behaviour.declineCode } : {}),
      message: behaviour.message,
      charge,
      doc_url: `https://stripe.com/docs/error-codes/${behaviour.code.replace(/_/g, '-')}`,
      payment_method: pm.object,
    };
    fail(stored, error, charge);
    // The SDK throws StripeCardError with the intent attached, as Stripe answers.
    throw new ApiError(402, { ...error, payment_intent: pi });
  }

  function fail(stored: StoredIntent, error: Json, charge: string | null) {
    Object.assign(stored.object, {
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: error,
      latest_charge: charge,
    });
    stored.afterAuthentication = undefined;
    emit('payment_intent.payment_failed', stored.object);
  }

  /** The 3-D Secure challenge's outcome (the bank's page: "Complete" or "Fail" authentication). */
  function authenticate(stored: StoredIntent, complete: boolean): Json {
    const pi = stored.object;
    if (pi.status !== 'requires_action') return pi;
    const pm = paymentMethod(String(pi.payment_method));
    if (!complete) {
      fail(
        stored,
        {
          type: 'invalid_request_error',
          code: 'payment_intent_authentication_failure',
          message: AUTH_FAILURE_MESSAGE,
          doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
          payment_method: pm.object,
        },
        null,
      );
      return pi;
    }
    try {
      return applyBehaviour(stored, pm, stored.afterAuthentication ?? { kind: 'succeed' });
    } catch (e) {
      if (e instanceof ApiError) return pi;
      throw e;
    }
  }

  function createRefund(form: Form): Json {
    const piId = str(form.payment_intent);
    const chargeId = str(form.charge);
    const stored = piId
      ? intent(piId)
      : Object.values(state.intents).find((s) => chargeId && s.object.latest_charge === chargeId);
    if (!stored) {
      if (chargeId) throw noSuch('charge', chargeId, 'charge');
      throw invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
        'payment_intent',
        'parameter_missing',
      );
    }
    const pi = stored.object;
    if (pi.status !== 'succeeded')
      throw invalidRequest(
        `This PaymentIntent (${String(pi.id)}) does not have a successful charge to refund.`,
        'payment_intent',
        'charge_not_refundable',
      );
    const received = Number(pi.amount_received);
    const remaining = received - stored.amountRefunded;
    if (remaining <= 0)
      throw invalidRequest(
        `Charge ${String(pi.latest_charge)} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    const amountText = str(form.amount);
    if (amountText !== undefined && !/^\d+$/.test(amountText))
      throw invalidRequest('Invalid integer: ' + amountText, 'amount', 'parameter_invalid_integer');
    const amount = amountText === undefined ? remaining : Number(amountText);
    if (amount < 1)
      throw invalidRequest('Refund amount must be positive.', 'amount', 'parameter_invalid_integer');
    if (amount > remaining)
      throw invalidRequest(
        `Refund amount (${money(amount, String(pi.currency))}) is greater than unrefunded amount on charge (${money(remaining, String(pi.currency))})`,
        'amount',
        'amount_too_large',
      );
    stored.amountRefunded += amount;
    const refund: Json = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: pi.latest_charge,
      created: nowSeconds(),
      currency: pi.currency,
      metadata: stringMap(form.metadata),
      payment_intent: pi.id,
      reason: str(form.reason) ?? null,
      status: 'succeeded',
    };
    state.refunds[refund.id as string] = refund;
    emit('charge.refunded', chargeObject(stored));
    return refund;
  }

  function chargeObject(stored: StoredIntent): Json {
    const pi = stored.object;
    return {
      id: pi.latest_charge,
      object: 'charge',
      amount: pi.amount,
      amount_captured: pi.amount_received,
      amount_refunded: stored.amountRefunded,
      captured: true,
      created: pi.created,
      currency: pi.currency,
      livemode: false,
      metadata: pi.metadata,
      paid: true,
      payment_intent: pi.id,
      payment_method: pi.payment_method,
      refunded: stored.amountRefunded >= Number(pi.amount_received),
      status: 'succeeded',
    };
  }

  // ------------------------------------------------------------------ HTTP
  type Caller = 'secret' | 'publishable';

  function authenticateCaller(
    req: http.IncomingMessage,
    form: Form,
    query: URLSearchParams,
  ): { caller: Caller; key: string } {
    const header = req.headers.authorization ?? '';
    let key = '';
    const bearer = /^Bearer\s+(.+)$/i.exec(header);
    const basic = /^Basic\s+(.+)$/i.exec(header);
    if (bearer) key = bearer[1]!.trim();
    else if (basic) key = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0]!;
    // Stripe.js sends the publishable key as a parameter (no preflight needed).
    else key = str(form.key) ?? query.get('key') ?? '';
    if (!key)
      throw invalidRequest(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        undefined,
        undefined,
        401,
      );
    if (sameKey(key, options.secretKey)) return { caller: 'secret', key };
    if (sameKey(key, options.publishableKey)) return { caller: 'publishable', key };
    throw invalidRequest(
      `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}${key.slice(-4)}`,
      undefined,
      undefined,
      401,
    );
  }

  const secretOnly = (caller: Caller) => {
    if (caller !== 'secret')
      throw invalidRequest(
        'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
        undefined,
        'secret_key_required',
        401,
      );
  };

  /** A browser (publishable key) sees an intent only with its client secret, and without metadata. */
  function withClientSecret(stored: StoredIntent, secret: string | undefined): Json {
    if (!secret || !sameKey(secret, String(stored.object.client_secret)))
      throw invalidRequest(
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        'client_secret',
        'resource_missing',
        400,
      );
    const { metadata: _hidden, ...visible } = stored.object;
    return visible;
  }

  function route(method: string, pathname: string, form: Form, query: URLSearchParams, caller: Caller): Json {
    const m = /^\/v1\/(payment_methods|payment_intents|refunds)(?:\/([^/]+))?(?:\/(confirm|cancel))?$/.exec(
      pathname,
    );
    if (!m)
      throw invalidRequest(
        `Unrecognized request URL (${method}: ${pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        undefined,
        undefined,
        404,
      );
    const [, resource, id, action] = m;
    if (resource === 'payment_methods' && !action) {
      if (method === 'POST' && !id) return createPaymentMethod(form);
      // Making one is what the browser may do; reading one back needs the secret key, as at Stripe.
      if (method === 'GET' && id) return (secretOnly(caller), paymentMethod(id).object);
    }
    if (resource === 'payment_intents') {
      if (method === 'POST' && !id) return (secretOnly(caller), createIntent(form));
      if (method === 'GET' && id && !action) {
        const stored = intent(id);
        return caller === 'secret'
          ? stored.object
          : withClientSecret(stored, query.get('client_secret') ?? undefined);
      }
      if (method === 'POST' && id && action === 'confirm') {
        const stored = intent(id);
        if (caller !== 'secret') withClientSecret(stored, str(form.client_secret));
        const result = confirmIntent(stored, form);
        return caller === 'secret' ? result : withClientSecret(stored, str(form.client_secret));
      }
      if (method === 'POST' && id && action === 'cancel') {
        secretOnly(caller);
        const stored = intent(id);
        if (['succeeded', 'canceled'].includes(String(stored.object.status)))
          throw invalidRequest(
            `You cannot cancel this PaymentIntent because it has a status of ${String(stored.object.status)}.`,
            undefined,
            'payment_intent_unexpected_state',
          );
        Object.assign(stored.object, {
          status: 'canceled',
          canceled_at: nowSeconds(),
          cancellation_reason: str(form.cancellation_reason) ?? null,
          next_action: null,
        });
        return stored.object;
      }
    }
    if (resource === 'refunds' && !action) {
      secretOnly(caller);
      if (method === 'POST' && !id) return createRefund(form);
      if (method === 'GET' && id) {
        const refund = state.refunds[id];
        if (!refund) throw noSuch('refund', id, 'id');
        return refund;
      }
    }
    throw invalidRequest(`Unrecognized request URL (${method}: ${pathname}).`, undefined, undefined, 404);
  }

  function api(req: http.IncomingMessage, res: http.ServerResponse, url: URL, text: string) {
    const method = req.method ?? 'GET';
    const form = method === 'POST' ? parseForm(text) : parseForm(url.search.slice(1));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': newId('req', 14),
      'stripe-version': String(req.headers['stripe-version'] ?? DEFAULT_API_VERSION),
      ...CORS_HEADERS,
    };
    const send = (status: number, body: Json, extra: Record<string, string> = {}) => {
      res.writeHead(status, { ...headers, ...extra });
      res.end(JSON.stringify(body, null, 2));
    };
    let idemKey: string | undefined;
    try {
      const { caller } = authenticateCaller(req, form, url.searchParams);
      const idem = method === 'POST' ? String(req.headers['idempotency-key'] ?? '') : '';
      if (idem) {
        // Scoped like Stripe's (one account here; secret and publishable calls apart), without keeping the key.
        idemKey = `${caller}:${idem}`;
        const fingerprint = `${method} ${url.pathname} ${canonical(text)}`;
        const previous = state.idempotency[idemKey];
        if (previous && Date.now() - previous.at < IDEMPOTENCY_TTL_MS) {
          if (previous.fingerprint !== fingerprint) {
            idemKey = undefined;
            throw new ApiError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idem}' if you meant to execute a different request.`,
            });
          }
          return send(previous.status, previous.body, {
            'idempotency-key': idem,
            'idempotent-replayed': 'true',
          });
        }
        state.idempotency[idemKey] = { fingerprint, status: 0, body: {}, at: Date.now() };
      }
      const body = route(method, url.pathname, form, url.searchParams, caller);
      if (idemKey) state.idempotency[idemKey] = { ...state.idempotency[idemKey]!, status: 200, body };
      send(200, body, idem ? { 'idempotency-key': idem } : {});
    } catch (e) {
      // Stripe saves the result once the request started executing (a card error), not a validation error.
      if (idemKey) {
        if (e instanceof ApiError && e.status === 402)
          state.idempotency[idemKey] = {
            ...state.idempotency[idemKey]!,
            status: 402,
            body: { error: e.error },
          };
        else delete state.idempotency[idemKey];
      }
      if (!(e instanceof ApiError)) throw e;
      send(e.status, { error: e.error });
    } finally {
      if (method === 'POST') {
        pruneIdempotency(state);
        save();
      }
    }
  }

  function challenge(req: http.IncomingMessage, res: http.ServerResponse, url: URL, text: string) {
    const m = /^\/3ds\/([A-Za-z0-9_]+)(?:\/(complete|fail))?$/.exec(url.pathname);
    const stored = m ? state.intents[m[1]!] : undefined;
    const form = req.method === 'POST' ? new URLSearchParams(text) : url.searchParams;
    const secret = form.get('client_secret') ?? '';
    const wantsJson = /application\/json/.test(String(req.headers.accept ?? ''));
    if (!m || !stored || !sameKey(secret, String(stored.object.client_secret))) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...CORS_HEADERS });
      return res.end('Unknown payment or client secret.');
    }
    const pi = stored.object;
    if (req.method === 'POST' && m[2]) {
      authenticate(stored, m[2] === 'complete');
      save();
      const result = {
        type: 'stripe-3ds-complete',
        paymentIntentId: String(pi.id),
        status: String(pi.status),
      };
      if (wantsJson) {
        res.writeHead(200, { 'content-type': 'application/json', ...CORS_HEADERS });
        return res.end(JSON.stringify(result));
      }
      return page(
        res,
        resultPage(result, (pi.last_payment_error as Json | null)?.message as string | undefined),
      );
    }
    if (req.method !== 'GET') {
      res.writeHead(405, { allow: 'GET' });
      return res.end();
    }
    if (pi.status !== 'requires_action')
      // Nothing to authenticate (any more): tell the page's parent where the payment stands.
      return page(
        res,
        resultPage({
          type: 'stripe-3ds-complete',
          paymentIntentId: String(pi.id),
          status: String(pi.status),
        }),
      );
    page(res, challengePage(pi, secret));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const url = new URL(req.url ?? '/', 'http://stripe.local');
        const text = Buffer.concat(chunks).toString('utf8');
        if (req.method === 'OPTIONS') {
          res.writeHead(204, CORS_HEADERS);
          return res.end();
        }
        if (url.pathname.startsWith('/v1/')) return api(req, res, url, text);
        if (url.pathname.startsWith('/3ds/')) return challenge(req, res, url, text);
        res.writeHead(404, { 'content-type': 'application/json', ...CORS_HEADERS });
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Not found' } }));
      } catch (e) {
        log(`[stripe] ${(e as Error).stack ?? String(e)}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json', ...CORS_HEADERS });
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    port,
    host: '127.0.0.1',
    protocol: 'http' as const,
    secretKey: options.secretKey,
    publishableKey: options.publishableKey,
    webhookSecret: options.webhookSecret,
    /** Events sent or being sent, newest last (tests and diagnostics). */
    deliveries,
    setWebhookUrl(url: string | (() => string | undefined) | undefined) {
      webhookUrl = url;
    },
    /** Resolves once no webhook is being delivered or waiting for a retry. */
    async settled(timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while ((timers.size || inFlight.size) && Date.now() < until) {
        await Promise.race([...inFlight, new Promise((r) => setTimeout(r, 20))]);
      }
    },
    async check() {
      if (!server.listening) throw new Error('not listening');
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...inFlight]);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

// -------------------------------------------------------------------- helpers

/** Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" with the endpoint secret>`. */
export function signatureHeader(payload: string, secret: string, timestamp = nowSeconds()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

function sameKey(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The same parameters in any order fingerprint the same. */
function canonical(text: string): string {
  return [...new URLSearchParams(text)]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');
}

function pruneIdempotency(state: State) {
  const cutoff = Date.now() - IDEMPOTENCY_TTL_MS;
  for (const [k, v] of Object.entries(state.idempotency)) if (v.at < cutoff) delete state.idempotency[k];
}

function loadState(file: string | undefined, log: (line: string) => void): State {
  // Maps by id without a prototype: an id such as `toString` or `__proto__` is unknown, as Stripe says (404).
  const byId = <T>(from?: Record<string, T>): Record<string, T> =>
    Object.assign(Object.create(null) as Record<string, T>, from);
  const empty: State = { paymentMethods: byId(), intents: byId(), refunds: byId(), idempotency: byId() };
  if (!file || !existsSync(file)) return empty;
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<State>;
    return {
      paymentMethods: byId(saved.paymentMethods),
      intents: byId(saved.intents),
      refunds: byId(saved.refunds),
      idempotency: byId(saved.idempotency),
    };
  } catch (e) {
    // Keep the unreadable file for inspection and start empty rather than refuse to start.
    renameSync(file, `${file}.broken-${Date.now()}`);
    log(`[stripe] ${file} was unreadable (${(e as Error).message}); starting with no payments`);
    return empty;
  }
}

function paymentMethodObject(
  id: string,
  card: CheckedCard,
  extra: { name: string | null; email: string | null; metadata: Record<string, string> },
): Json {
  return {
    id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: extra.email,
      name: extra.name,
      phone: null,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'unchecked' },
      country: 'US',
      display_brand: card.brand,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      // Stable per card, like Stripe's (derived from brand, last 4 and expiry: no number is kept).
      fingerprint: createHmac('sha256', 'fingerprint')
        .update(`${card.brand}${card.last4}${card.expMonth}${card.expYear}`)
        .digest('base64url')
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 16),
      funding: card.funding,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: nowSeconds(),
    customer: null,
    livemode: false,
    metadata: extra.metadata,
    type: 'card',
  };
}

/** Integer cents shown as "$12.50" (two-decimal currencies; no floats). */
function money(cents: number, currency: string): string {
  const sign = currency === 'usd' ? '$' : `${currency.toUpperCase()} `;
  return `${sign}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(res: http.ServerResponse, html: string) {
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The bank's page is framed by the console (another origin); its inline script only posts the result.
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action 'self'",
  });
  res.end(html);
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#1a1f36;background:#f6f9fc}
.card{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
h1{font-size:18px;margin:0 0 12px}p{font-size:14px;line-height:1.5;color:#4f566b}
.row{display:flex;gap:12px;margin-top:20px}button{flex:1;padding:10px 12px;border-radius:6px;border:0;font-size:14px;cursor:pointer}
.ok{background:#635bff;color:#fff}.ko{background:#e3e8ee;color:#1a1f36}`;

function challengePage(pi: Json, secret: string): string {
  const id = escapeHtml(String(pi.id));
  const hidden = `<input type="hidden" name="client_secret" value="${escapeHtml(secret)}">`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure test authentication</title>
<style>${STYLE}</style></head><body><div class="card">
<h1>3D Secure test authentication</h1>
<p>This is the local Stripe stand-in's test page in place of your bank's. Authenticate the payment of
<strong>${escapeHtml(money(Number(pi.amount), String(pi.currency)))}</strong> (${id})?</p>
<div class="row">
<form method="post" action="/3ds/${id}/fail" style="flex:1;display:flex">${hidden}<button class="ko" type="submit">Fail authentication</button></form>
<form method="post" action="/3ds/${id}/complete" style="flex:1;display:flex">${hidden}<button class="ok" type="submit">Complete authentication</button></form>
</div></div></body></html>`;
}

function resultPage(
  result: { type: string; paymentIntentId: string; status: string },
  error?: string,
): string {
  const ok = result.status === 'succeeded';
  // JSON inside a script element: escape "<" so no value can close the element.
  const data = JSON.stringify(result).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authentication ${ok ? 'complete' : 'failed'}</title>
<style>${STYLE}</style></head><body><div class="card" data-status="${escapeHtml(result.status)}">
<h1>${ok ? 'Authentication complete' : 'Authentication failed'}</h1>
<p>${escapeHtml(error ?? (ok ? 'You can return to the payment.' : `The payment is ${result.status}.`))}</p>
</div><script>
(function () {
  var result = ${data};
  if (window.parent && window.parent !== window) window.parent.postMessage(result, '*');
  if (window.opener) window.opener.postMessage(result, '*');
})();
</script></body></html>`;
}
